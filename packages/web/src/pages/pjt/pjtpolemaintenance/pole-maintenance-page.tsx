import { type DeviceGroupView, POLE_FILTERS, type PoleFilter, type PoleOrderRow } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Grid, Segmented, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../api/client';
import { ListScreen, usePagedList } from '../../../components/crud';
import { ActiveStateTag } from '../../../components/device';
import { ItemList } from '../../../components/item-list';
import { useLabels } from '../../../components/labels';
import {
  BillStatusTag,
  billPath,
  devicePagePath,
  HandledWorkTag,
  historyPath,
  maintenanceApi,
  maintenanceKeys,
  OpenWorkOrderButton,
  type PoleDevice,
  PoleStateTag,
  polePath,
} from '../../../components/maintenance';
import { ProjectScoped } from '../../../components/project-scoped';
import { formatTime } from '../../../components/time';
import { projectApiBase } from '../../../session/use-current-project';

type Filters = { keyword: string; filter: PoleFilter; groupId: number | undefined };

/**
 * /pjt/pjtpolemaintenance (spec 001 §2, §4 group filter): work orders per pole (device group), and with
 * ?groupId= the pole at a glance: every device on it with its live state and last alarm.
 */
export default function PoleMaintenancePage() {
  return <ProjectScoped>{(projectId) => <PoleMaintenance projectId={projectId} />}</ProjectScoped>;
}

function PoleMaintenance({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const groupId = Number(params.get('groupId')) || undefined;
  const m = maintenanceApi(projectId);
  const groups = useQuery({
    queryKey: ['maintenance-poles', projectId],
    queryFn: () => api.get<DeviceGroupView[]>(`${projectApiBase(projectId)}/devicegroups.do`),
  });
  const list = usePagedList<PoleOrderRow & { id: number }, Filters>({
    key: [...maintenanceKeys.all(projectId), 'poles', groupId],
    initialFilters: { keyword: '', filter: 'all', groupId },
    load: async ({ page, pageSize, filters }) => {
      const answer = await m.polePage({
        page,
        pageSize,
        keyword: filters.keyword || undefined,
        filter: filters.filter,
        groupId,
      });
      return { ...answer, list: answer.list.map((r) => ({ ...r, id: r.billId * 100_000 + r.groupId })) };
    },
  });
  const pick = (id: number | undefined) => setParams(id ? { groupId: String(id) } : {});

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('maintenance.choosePole')}
            placeholder={t('maintenance.allPoles')}
            value={groupId}
            onChange={pick}
            loading={groups.isFetching}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            style={{ width: 240, maxWidth: '100%' }}
            data-testid="pole-picker"
          />
          <Segmented<PoleFilter>
            value={list.filters.filter}
            onChange={(filter) => list.setFilters({ filter })}
            options={POLE_FILTERS.map((f) => ({ value: f, label: t(`maintenance.pole_${f}`) }))}
          />
        </Flex>
      </Card>
      {groupId && <Pole projectId={projectId} groupId={groupId} />}
      <Card title={groupId ? t('maintenance.poleHistory') : t('menu.pjtpolemaintenance')}>
        <ListScreen<PoleOrderRow & { id: number }, Filters>
          list={list}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          table={{ scroll: { x: 900 } }}
          columns={[
            {
              key: 'billNo',
              dataIndex: 'billNo',
              title: t('maintenance.fields.billNo'),
              width: 150,
              render: (no: string, r) => <Link to={billPath(r.billId)}>{no}</Link>,
            },
            { key: 'billTitle', dataIndex: 'billTitle', title: t('maintenance.fields.billTitle'), ellipsis: true },
            {
              key: 'billStatus',
              dataIndex: 'billStatus',
              title: t('maintenance.fields.billStatus'),
              width: 100,
              render: (s: number) => <BillStatusTag status={s} />,
            },
            {
              key: 'groupName',
              dataIndex: 'groupName',
              title: t('maintenance.pole'),
              width: 130,
              render: (name: string, r) => <Link to={polePath(r.groupId)}>{name}</Link>,
            },
            { key: 'total', dataIndex: 'total', title: t('maintenance.fields.total'), width: 80, align: 'right' },
            {
              key: 'completed',
              dataIndex: 'completed',
              title: t('maintenance.fields.completed'),
              width: 80,
              align: 'right',
            },
            {
              key: 'abandoned',
              dataIndex: 'abandoned',
              title: t('maintenance.fields.abandoned'),
              width: 80,
              align: 'right',
            },
            {
              key: 'state',
              dataIndex: 'state',
              title: t('maintenance.fields.state'),
              width: 100,
              render: (s: string) => <PoleStateTag state={s} />,
            },
            {
              key: 'billDate',
              dataIndex: 'billDate',
              title: t('maintenance.fields.billDate'),
              width: 170,
              render: formatTime,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}

/** A pole at a glance: its devices, live state, last alarm, a link to each device and its history. */
export function Pole({ projectId, groupId }: { projectId: number; groupId: number }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const phone = !Grid.useBreakpoint().md;
  const pole = useQuery({
    queryKey: ['maintenance-pole', projectId, groupId],
    queryFn: () => maintenanceApi(projectId).pole(groupId),
    refetchInterval: 30_000,
  });
  const alarm = (d: PoleDevice) =>
    d.alarmCode ? (
      <Typography.Text type={d.alarmType === 'occur' ? 'danger' : 'secondary'}>
        {t('maintenance.alarmLabel', { code: labels.eventCode(d.alarmCode, d.type), time: formatTime(d.alarmAt) })}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('maintenance.noAlarm')}</Typography.Text>
    );
  const actions = (d: PoleDevice) => (
    <Flex gap={4} wrap>
      <Link to={devicePagePath(d)}>{t('maintenance.openDevice')}</Link>
      <Link to={historyPath(d.id)}>{t('maintenance.history')}</Link>
      {d.handled ? (
        <HandledWorkTag work={d.handled} />
      ) : (
        <OpenWorkOrderButton
          alarm={{
            deviceId: d.id,
            deviceName: d.name,
            deviceType: d.type,
            code: d.alarmCode ?? undefined,
            at: d.alarmAt ?? undefined,
          }}
        />
      )}
    </Flex>
  );
  const devices = pole.data?.devices ?? [];
  return (
    <Card
      loading={pole.isLoading}
      title={pole.data ? t('maintenance.poleTitle', { name: pole.data.name }) : t('maintenance.pole')}
      data-testid="pole-card"
    >
      {devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
      ) : phone ? (
        <ItemList
          items={devices}
          rowKey={(d) => d.id}
          render={(d) => (
            <Flex vertical gap={4}>
              <Flex justify="space-between">
                <Typography.Text strong>{d.name}</Typography.Text>
                <ActiveStateTag state={d.activeState} />
              </Flex>
              {alarm(d)}
              {actions(d)}
            </Flex>
          )}
        />
      ) : (
        <Table<PoleDevice>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={devices}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('maintenance.fields.deviceName'), width: 160 },
            { key: 'no', dataIndex: 'no', title: t('maintenance.fields.deviceNo'), width: 140 },
            {
              key: 'type',
              dataIndex: 'type',
              title: t('maintenance.fields.deviceType'),
              width: 130,
              render: (type: string) => t(`families.types.${type}`, { defaultValue: type }),
            },
            {
              key: 'activeState',
              dataIndex: 'activeState',
              title: t('maintenance.fields.activeState'),
              width: 100,
              render: (s: number) => <ActiveStateTag state={s} />,
            },
            { key: 'lastAlarm', title: t('maintenance.fields.lastAlarm'), render: (_, d) => alarm(d) },
            { key: 'actions', title: t('common.actions'), width: 300, render: (_, d) => actions(d) },
          ]}
        />
      )}
    </Card>
  );
}
