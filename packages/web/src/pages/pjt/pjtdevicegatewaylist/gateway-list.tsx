import { ReloadOutlined } from '@ant-design/icons';
import type { DeviceView } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime, useRealtimeStatus } from '../../../api/realtime';
import { useFeedback } from '../../../app/feedback';
import { canModify, useAuthLevel } from '../../../components/crud';
import { ActiveStateTag } from '../../biz/devicelist/lookups';
import { formatTime } from '../../man/logs/log-format';
import { applyStatePush, gatewayApi } from './gateway-api';

export const gatewaysKey = (projectId: number) => ['gateways', projectId, 'list'];
const familyKey = (projectId: number) => ['gateways', projectId, 'all-devices'];

/** A dot telling whether the realtime channel is up. */
export function LiveBadge() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const text =
    status === 'open' ? t('realtime.live') : status === 'closed' ? t('realtime.offline') : t('realtime.connecting');
  return (
    <Badge
      data-testid="live-badge"
      status={status === 'open' ? 'processing' : status === 'closed' ? 'error' : 'default'}
      text={<Typography.Text type="secondary">{text}</Typography.Text>}
    />
  );
}

export function RegisteredTag({ registered }: { registered: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={registered ? 'blue' : 'default'}>
      {registered ? t('gateways.registeredYes') : t('gateways.registeredNo')}
    </Tag>
  );
}

/** The gateways of one project with their children counts; states follow the realtime channel. */
export function GatewayList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message, confirm } = useFeedback();
  const editable = canModify(useAuthLevel());
  const gw = gatewayApi(projectId);
  const gateways = useQuery({ queryKey: gatewaysKey(projectId), queryFn: () => gw.family('gateway') });
  // Every device of the project once, to count children without a call per gateway.
  const all = useQuery({ queryKey: familyKey(projectId), queryFn: () => gw.family() });
  const childCounts = useMemo(() => {
    const counts = new Map<number, number>();
    for (const d of all.data ?? []) if (d.parentId) counts.set(d.parentId, (counts.get(d.parentId) ?? 0) + 1);
    return counts;
  }, [all.data]);

  useRealtime({ projects: [projectId] }, (push) => applyStatePush<DeviceView>(client, gatewaysKey(projectId), push));

  const registration = useMutation({
    mutationFn: ({ device, registered }: { device: DeviceView; registered: boolean }) =>
      gw.register(device.id, registered),
    onSuccess: (answer, { device, registered }) => {
      message.success(t(registered ? 'gateways.registerDone' : 'gateways.unregisterDone', { name: device.name }));
      if (!answer.delivered) message.info(t('gateways.notDelivered'));
      client.setQueryData<DeviceView[]>(gatewaysKey(projectId), (rows) =>
        rows?.map((r) => (r.id === device.id ? { ...r, registered: answer.registered } : r)),
      );
    },
  });

  const columns: ColumnsType<DeviceView> = [
    {
      title: t('gateways.fields.name'),
      dataIndex: 'name',
      render: (name: string, d) => <Link to={`/pjt/pjtdevicegateway?id=${d.id}`}>{name}</Link>,
    },
    { title: t('gateways.fields.no'), dataIndex: 'no' },
    { title: t('gateways.fields.equipmentId'), dataIndex: 'equipmentId' },
    {
      title: t('gateways.fields.activeState'),
      dataIndex: 'activeState',
      width: 110,
      render: (state: number) => <ActiveStateTag state={state} />,
    },
    {
      title: t('gateways.fields.registered'),
      dataIndex: 'registered',
      width: 110,
      render: (registered: boolean) => <RegisteredTag registered={registered} />,
    },
    { title: t('gateways.fields.lastActiveAt'), dataIndex: 'lastActiveAt', width: 180, render: formatTime },
    {
      title: t('gateways.fields.children'),
      key: 'children',
      width: 100,
      align: 'right',
      render: (_, d) => childCounts.get(d.id) ?? 0,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_, d) => (
        <Space size={4}>
          <Link to={`/pjt/pjtdevicegateway?id=${d.id}`}>
            <Button size="small" type="link">
              {t('gateways.detail')}
            </Button>
          </Link>
          {editable && (
            <Button
              size="small"
              type="link"
              danger={d.registered}
              onClick={() =>
                confirm({
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  title: d.registered ? t('gateways.unregister') : t('gateways.register'),
                  content: d.name,
                  onOk: () => registration.mutateAsync({ device: d, registered: !d.registered }),
                })
              }
            >
              {d.registered ? t('gateways.unregister') : t('gateways.register')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.pjtdevicegatewaylist')}
      extra={
        <Space size={16}>
          <LiveBadge />
          <Tooltip title={t('common.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('common.refresh')}
              onClick={() => {
                void gateways.refetch();
                void all.refetch();
              }}
            />
          </Tooltip>
        </Space>
      }
    >
      <Table<DeviceView>
        rowKey="id"
        size="middle"
        loading={gateways.isLoading}
        columns={columns}
        dataSource={gateways.data ?? []}
        pagination={{ pageSize: 25, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{ emptyText: <Empty description={t('gateways.empty')} /> }}
      />
    </Card>
  );
}
