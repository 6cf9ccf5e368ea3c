import type { DeviceView } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import type { CrudColumn } from '../../components/crud';
import { ResponsiveTable } from '../../components/crud';
import { applyStatePush, FamilyListCard, useFamilyColumns, useRegistration } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { useIncludeChildren } from '../../session/use-current-project';
import { gatewayApi, gatewayKeys } from './api';

export const GATEWAY_PAGE = '/pjt/pjtdevicegateway';
const detailPath = (d: { id: number }) => `${GATEWAY_PAGE}?id=${d.id}`;

/** /pjt/pjtdevicegatewaylist (spec 001 §2): the gateways of the current project, states live. */
export default projectScreen(GatewayList);

/** The gateways of one project with their children counts; states follow the realtime channel. */
function GatewayList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const gw = gatewayApi(projectId);
  const includeChildren = useIncludeChildren();
  const listKey = [...gatewayKeys.list(projectId), includeChildren];
  const gateways = useQuery({ queryKey: listKey, queryFn: () => gw.family('gateway', includeChildren) });
  // Every device of the project once, to count children without a call per gateway.
  const all = useQuery({
    queryKey: [...gatewayKeys.devices(projectId), includeChildren],
    queryFn: () => gw.family(undefined, includeChildren),
  });
  const childCounts = useMemo(() => {
    const counts = new Map<number, number>();
    for (const d of all.data ?? []) if (d.parentId) counts.set(d.parentId, (counts.get(d.parentId) ?? 0) + 1);
    return counts;
  }, [all.data]);

  const resync = useResync();
  useRealtime({ projects: [projectId] }, (push) => applyStatePush<DeviceView>(client, listKey, push), {
    onLive: resync(listKey),
  });

  const toggle = useRegistration(gw.register, (answer) =>
    client.setQueryData<DeviceView[]>(listKey, (rows) =>
      rows?.map((r) => (r.id === answer.id ? { ...r, registered: answer.registered } : r)),
    ),
  );
  const { columns } = useFamilyColumns<DeviceView>({ namespace: 'gateways' }, toggle);

  const declared: CrudColumn<DeviceView>[] = [
    { field: 'name', kind: { kind: 'link', to: detailPath } },
    { field: 'no' },
    { field: 'equipmentId' },
    { field: 'activeState', kind: { kind: 'active' }, width: 110 },
    { field: 'registered', kind: { kind: 'registered' }, width: 110 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 180 },
    { field: 'children', align: 'right', width: 100, render: (_, d) => childCounts.get(d.id) ?? 0 },
  ];

  return (
    <FamilyListCard
      title={t('menu.pjtdevicegatewaylist')}
      onRefresh={() => {
        void gateways.refetch();
        void all.refetch();
      }}
    >
      <ResponsiveTable<DeviceView>
        rowKey="id"
        size="middle"
        loading={gateways.isLoading}
        columns={columns(declared, { detail: detailPath, width: { editor: 200, reader: 200 } })}
        dataSource={gateways.data ?? []}
        pagination={{ pageSize: 25, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty description={t('gateways.empty')} /> }}
      />
    </FamilyListCard>
  );
}
