import type { RealtimePush } from '@sc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../api/realtime';
import {
  type CrudColumn,
  canModify,
  ListScreen,
  tableColumns,
  useAuthLevel,
  usePagedList,
  withProjectColumn,
} from '../../components/crud';
import { LiveBadge, patchLiveRow, RegistrationButton, useRegistration } from '../../components/device';
import { formatReading } from '../../components/format';
import { ProjectScoped } from '../../components/project-scoped';
import { useIncludeChildren } from '../../session/use-current-project';
import { DEVICE_PAGE, WHM_TYPE, type WhmFilters, type WhmMeter, type WhmPage, whmApi } from './api';
import { WhmProjectEnergy } from './whm-project-energy';

const detailPath = (m: { id: number }) => `${DEVICE_PAGE}?id=${m.id}`;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A realtime push on a page of meters: a reading becomes the live reading and pick time, state the tag. */
/** The sum of the list's column widths: the table scrolls only when the window is narrower than 1366 px. */
const TABLE_WIDTH = 1050;

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
  const client = useQueryClient();
  const editable = canModify(useAuthLevel());
  const whm = whmApi(projectId);
  const includeChildren = useIncludeChildren();
  const list = usePagedList<WhmMeter, WhmFilters>({
    key: [...whm.page.key(), includeChildren],
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }) =>
      whm.page({
        query: {
          page,
          pageSize,
          keyword: filters.keyword || undefined,
          includeChildren: includeChildren || undefined,
        },
      }),
    waitForParams: true,
  });

  useRealtime({ projects: [projectId] }, (push) =>
    client.setQueryData<WhmPage>(list.queryKey, (page) => applyWhmPush(page, push)),
  );
  const toggle = useRegistration(whm.setRegistered, (answer) =>
    client.setQueryData<WhmPage>(list.queryKey, (page) =>
      page
        ? { ...page, list: page.list.map((m) => (m.id === answer.id ? { ...m, registered: answer.registered } : m)) }
        : page,
    ),
  );

  const declared: CrudColumn<WhmMeter>[] = [
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
  const columns = tableColumns(
    withProjectColumn(declared, includeChildren, t('areas.switcher.projectColumn')),
    (field) => t(`whm.fields.${field}`),
  );
  if (editable)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 105,
      fixed: 'right',
      // The meter's name opens its detail: the actions keep to registration (the columns fit 1366 px).
      render: (_, m) => <RegistrationButton device={m} onToggle={toggle} />,
    });

  return (
    <Flex vertical gap={16}>
      <Card title={t('menu.pjtdevicewhmlist')} extra={<LiveBadge />}>
        <ListScreen<WhmMeter, WhmFilters>
          list={list}
          columns={columns}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          table={{ scroll: { x: TABLE_WIDTH + (includeChildren ? 110 : 0) } }}
        />
      </Card>
      <WhmProjectEnergy projectId={projectId} />
    </Flex>
  );
}
