import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOrMapCard } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';

type View = ComponentType<{ projectId: number }>;

/**
 * A family's list screen as a table or on a map (lamps, cabinets): the card titled by the screen's menu
 * entry, its two views named by the family's `<texts>.list.table` and `.map`.
 */
export function tableOrMapPage(screen: { menu: string; texts: string; testId: string }, Table: View, OnMap: View) {
  function TableOrMap({ projectId }: { projectId: number }) {
    const { t } = useTranslation();
    return (
      <TableOrMapCard
        title={t(`menu.${screen.menu}`)}
        labels={{ table: t(`${screen.texts}.list.table`), map: t(`${screen.texts}.list.map`) }}
        testId={screen.testId}
        table={<Table projectId={projectId} />}
        map={<OnMap projectId={projectId} />}
      />
    );
  }
  return projectScreen(TableOrMap);
}
