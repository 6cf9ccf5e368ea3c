import type { Page } from '@sc/contract';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, canModify, type ListScreenProps, type PagedList, useAuthLevel } from '../crud';
import { ProjectScoped } from '../project-scoped';
import {
  FamilyListCard,
  type FamilyListOptions,
  FamilyListTable,
  type FamilyRowActions,
  type ListedDevice,
  useFamilyList,
} from './family-list';
import { type ListView, TableOrMapCard } from './table-or-map';

/** What a family declares of its device list screen; the kit loads, patches live, draws and frames it. */
export interface FamilyListPage<T extends ListedDevice, F extends object, P extends Page<T>>
  extends Omit<FamilyListOptions<T, F, P>, 'projectId' | 'key' | 'load' | 'setRegistered'> {
  // Its texts' namespace also names the screen's menu entry, `menu.pjtdevice<namespace>list` (the card's title).
  /** Where its pages come from: the family's client (pagedBy) or its own key, pages and registration. */
  source: (projectId: number) => Pick<FamilyListOptions<T, F, P>, 'key' | 'load' | 'setRegistered' | 'type'>;
  /** The columns, built again only for another language: a push then redraws only its own row. */
  columns: (t: TFunction) => CrudColumn<T>[];
  /** The family's buttons in the actions column (kept while the project stays: see useActions). */
  actions?: FamilyRowActions<T>;
  /** The family's buttons that need the screen's state (a hook: kept as long as what they use). */
  useActions?: (projectId: number, list: PagedList<T, F>) => FamilyRowActions<T>;
  /** Columns offered in the column setting, hidden at first (the table fits 1366 px). */
  hidden?: readonly string[];
  /** The sum of the shown columns' widths, actions included (as wide as its content when none is given). */
  width?: number;
  /** The table's other settings (its empty text, ...). */
  table?: (t: TFunction) => ListScreenProps<T, F>['table'];
  /** Beside the live badge: the hint (a text key) and filters before it, the tools after it. */
  hint?: string;
  lead?: (list: PagedList<T, F>) => ReactNode;
  tools?: (list: PagedList<T, F>) => ReactNode;
  /** The list on a map too: the switch's labels (text keys), its test id and the map. */
  map?: {
    labels: Record<ListView, string>;
    testId: string;
    render: (projectId: number, includeChildren: boolean) => ReactNode;
  };
  /** Rows can be selected (by those who may change devices) for what `below` does to many of them. */
  selectable?: boolean;
  /** What the screen shows below the list (the list: its selected rows). */
  below?: (projectId: number, list: PagedList<T, F>) => ReactNode;
}

const noActions = () => undefined;

/**
 * A family's device list screen (a /pjt screen of the current project) from its declaration; made once, at
 * the module's level, as the route's page.
 */
export function familyListPage<T extends ListedDevice, F extends { keyword?: string }, P extends Page<T>>(
  page: FamilyListPage<T, F, P>,
) {
  return () => <ProjectScoped>{(projectId) => <FamilyListScreen page={page} projectId={projectId} />}</ProjectScoped>;
}

function FamilyListScreen<T extends ListedDevice, F extends { keyword?: string }, P extends Page<T>>({
  page,
  projectId,
}: {
  page: FamilyListPage<T, F, P>;
  projectId: number;
}) {
  const { t } = useTranslation();
  const { list, includeChildren, columns } = useFamilyList<T, F, P>({
    projectId,
    ...page.source(projectId),
    initialFilters: page.initialFilters,
    report: page.report,
    texts: page.texts,
  });
  const actions = (page.useActions ?? noActions)(projectId, list) ?? page.actions;
  const editable = canModify(useAuthLevel());
  const { columns: declared, map, below } = page;
  // The screen's menu entry names it (the card's title).
  const title = t(`menu.pjtdevice${page.texts.namespace}list`);
  const shown = useMemo(() => columns(declared(t), actions), [columns, declared, t, actions]);
  const table = (
    <FamilyListTable<T, F>
      list={list}
      columns={shown}
      hidden={page.hidden}
      width={page.width}
      table={page.table?.(t)}
      selectable={Boolean(page.selectable) && editable}
    />
  );
  const card = map ? (
    <TableOrMapCard
      title={title}
      labels={{ table: t(map.labels.table), map: t(map.labels.map) }}
      testId={map.testId}
      tools={page.tools?.(list)}
      table={table}
      map={map.render(projectId, includeChildren)}
    />
  ) : (
    <FamilyListCard title={title} hint={page.hint && t(page.hint)} lead={page.lead?.(list)} tools={page.tools?.(list)}>
      {table}
    </FamilyListCard>
  );
  return below ? (
    <Flex vertical gap={16}>
      {card}
      {below(projectId, list)}
    </Flex>
  ) : (
    card
  );
}
