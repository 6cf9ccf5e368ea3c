import type { RealtimePush } from '@sc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { ProjectScoped } from '../../components/project-scoped';
import { useIncludeChildren } from '../../session/use-current-project';
import { type PgwGateway, pgwApi, pgwKeys } from './api';
import './texts';

export const PGW_PAGE = '/pjt/pjtdevicepgw';
const detailPath = (d: { id: number }) => `${PGW_PAGE}?id=${d.id}`;

/** /pjt/pjtdevicepgwlist (spec 001 §2, §3): the power-line gateways of the current project. */
export default function PjtDevicePgwListPage() {
  return <ProjectScoped>{(projectId) => <PgwList projectId={projectId} />}</ProjectScoped>;
}

/** Registered lamp controllers and how many of them the gateway reached on its last search. */
export function LampCount({ lamps, reachable }: { lamps: number; reachable: number }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type={reachable < lamps ? 'warning' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {t('pgw.lampCount', { lamps, reachable })}
    </Typography.Text>
  );
}

/** Gateways with wire no, zone code, online state and their lamp controllers; states live. */
function PgwList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const editable = canModify(useAuthLevel());
  const pgw = pgwApi(projectId);
  const includeChildren = useIncludeChildren();
  const list = usePagedList<PgwGateway, { keyword: string }>({
    key: [...pgwKeys.list(projectId), includeChildren],
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }) => pgw.gateways(page, pageSize, filters.keyword, includeChildren),
  });
  const patch = (id: number, change: (row: PgwGateway) => PgwGateway) =>
    client.setQueryData<{ list: PgwGateway[] }>(list.queryKey, (p) =>
      p ? { ...p, list: p.list.map((r) => (r.id === id ? change(r) : r)) } : p,
    );

  useRealtime({ projects: [projectId] }, (push: RealtimePush) => {
    if (push.kind === 'state') patch(push.deviceId, (r) => patchLiveRow(r, push));
    if (push.kind === 'telemetry' && typeof push.values?.reachable === 'number')
      patch(push.deviceId, (r) => ({ ...r, reachable: Math.min(r.lamps, push.values.reachable as number) }));
  });

  const toggle = useRegistration(pgw.register, (answer) =>
    patch(answer.id, (r) => ({ ...r, registered: answer.registered })),
  );

  const declared: CrudColumn<PgwGateway>[] = [
    { field: 'name', kind: { kind: 'link', to: detailPath } },
    { field: 'no' },
    { field: 'wireNo', width: 80 },
    { field: 'zoneCode', width: 100 },
    { field: 'activeState', kind: { kind: 'active' } },
    { field: 'registered', kind: { kind: 'registered' } },
    {
      field: 'lamps',
      align: 'right',
      width: 130,
      render: (_, d) => <LampCount lamps={d.lamps} reachable={d.reachable} />,
    },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 160 },
  ];
  const columns = tableColumns(
    withProjectColumn(declared, includeChildren, t('areas.switcher.projectColumn')),
    (field) => t(`pgw.fields.${field}`),
  );
  columns.push({
    title: t('common.actions'),
    key: 'actions',
    width: editable ? 140 : 80,
    render: (_, d) => (
      <Space size={0}>
        <Link to={detailPath(d)}>
          <Button size="small" type="link">
            {t('pgw.detail')}
          </Button>
        </Link>
        {editable && <RegistrationButton device={d} onToggle={toggle} />}
      </Space>
    ),
  });

  return (
    <Card title={t('menu.pjtdevicepgwlist')} extra={<LiveBadge />}>
      <ListScreen<PgwGateway, { keyword: string }>
        list={list}
        columns={columns}
        // To fit 1366 px; offered in the column setting.
        hiddenByDefault={['lastActiveAt']}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        table={{ scroll: { x: 'max-content' }, locale: { emptyText: t('pgw.empty') } }}
      />
    </Card>
  );
}
