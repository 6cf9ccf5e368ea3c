import type { RealtimePush } from '@sc/contract';
import { Card, Flex, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, ListScreen } from '../../components/crud';
import { LiveBadge, patchLiveRow, useFamilyList } from '../../components/device';
import { formatReading } from '../../components/format';
import { ProjectScoped } from '../../components/project-scoped';
import { DEVICE_PAGE, WHM_TYPE, type WhmFilters, type WhmMeter, type WhmPage, whmApi } from './api';
import { WhmProjectEnergy } from './whm-project-energy';

const detailPath = (m: { id: number }) => `${DEVICE_PAGE}?id=${m.id}`;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The sum of the list's column widths: the table scrolls only when the window is narrower than 1366 px. */
const TABLE_WIDTH = 1050;

/** A realtime push on a page of meters: a reading becomes the live reading and pick time, state the tag. */
export function applyWhmPush(page: WhmPage | undefined, push: RealtimePush): WhmPage | undefined {
  if (!page || (push.kind !== 'telemetry' && push.kind !== 'state')) return page;
  if (!page.list.some((m) => m.id === push.deviceId)) return page;
  return {
    ...page,
    list: page.list.map((m) => {
      if (m.id !== push.deviceId) return m;
      if (push.kind === 'state') return patchLiveRow(m, push);
      if (push.type !== WHM_TYPE) return m;
      return { ...m, reading: num(push.values.reading), power: num(push.values.power), pickedAt: push.at };
    }),
  };
}

/**
 * /pjt/pjtdevicewhmlist (spec 001 §2-§3): the project's meters with their live reading and pick time,
 * and the project's consumption per day, month or year below them.
 */
export default function WhmListPage() {
  return <ProjectScoped>{(projectId) => <WhmList projectId={projectId} />}</ProjectScoped>;
}

function WhmList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const whm = whmApi(projectId);
  const { list, includeChildren, columns } = useFamilyList<WhmMeter, WhmFilters, WhmPage>({
    projectId,
    key: whm.page.key(),
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }, includeChildren) =>
      whm.page({
        query: {
          page,
          pageSize,
          keyword: filters.keyword || undefined,
          includeChildren,
        },
      }),
    applyPush: applyWhmPush,
    setRegistered: whm.setRegistered,
    texts: { namespace: 'whm' },
  });

  const shown = useMemo(() => columns(meterColumns(t)), [columns, t]);

  return (
    <Flex vertical gap={16}>
      <Card title={t('menu.pjtdevicewhmlist')} extra={<LiveBadge />}>
        <ListScreen<WhmMeter, WhmFilters>
          list={list}
          columns={shown}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          table={{ scroll: { x: TABLE_WIDTH + (includeChildren ? 110 : 0) } }}
        />
      </Card>
      <WhmProjectEnergy projectId={projectId} />
    </Flex>
  );
}

/** The meters' columns, built again only for another language: a push then redraws only its own row. */
function meterColumns(t: TFunction): CrudColumn<WhmMeter>[] {
  return [
    // Widths that fit 1366 px with the pinned actions (issue 13: registration was cut behind them); the
    // table is as wide as their sum (TABLE_WIDTH) and long values end in an ellipsis.
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 120 },
    { field: 'no', ellipsis: true, width: 110 },
    { field: 'parentName', ellipsis: true, width: 100 },
    {
      field: 'peripheralIndex',
      align: 'right',
      width: 70,
      // "Peripheral index" wrapped mid-word in en-US (issue 13): a short header, the label in its tooltip.
      title: (
        <Tooltip title={t('whm.fields.peripheralIndex')}>
          <span style={{ whiteSpace: 'nowrap' }}>{t('whm.indexColumn')}</span>
        </Tooltip>
      ),
    },
    // "读数 (kWh)" wrapped at 95 px (issue 13): one line.
    { field: 'reading', align: 'right', width: 115, render: (v) => formatReading(num(v)) },
    { field: 'pickedAt', kind: { kind: 'time' }, width: 165 },
    { field: 'activeState', kind: { kind: 'active' }, width: 80 },
    { field: 'registered', kind: { kind: 'registered' }, width: 105 },
    { field: 'inUse', kind: { kind: 'flag' }, width: 70 },
  ];
}
