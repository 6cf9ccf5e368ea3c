import { AppstoreOutlined, ReloadOutlined, TableOutlined } from '@ant-design/icons';
import type { RealtimePush } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Segmented, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtime } from '../../../api/realtime';
import { useFeedback } from '../../../app/feedback';
import { canModify, useAuthLevel } from '../../../components/crud';
import { ActiveStateTag } from '../../biz/devicelist/lookups';
import { formatTime } from '../../man/logs/log-format';
import { LiveBadge, RegisteredTag } from '../pjtdevicegatewaylist/gateway-list';
import { type EnvEntry, envApi, formatReading, READING_KEYS, readingOf, UNIT } from './env-readings';
import './env-list.css';

type View = 'card' | 'table';
export const envLatestKey = (projectId: number) => ['envmonitors', projectId, 'latest'];

/** Applies realtime pushes to the cached list: telemetry becomes the latest reading, state the tag. */
export function applyEnvPush(entries: EnvEntry[] | undefined, push: RealtimePush): EnvEntry[] | undefined {
  if (!entries || (push.kind !== 'telemetry' && push.kind !== 'state')) return entries;
  if (!entries.some((e) => e.device.id === push.deviceId)) return entries;
  return entries.map((entry) => {
    if (entry.device.id !== push.deviceId) return entry;
    if (push.kind === 'state') {
      return {
        ...entry,
        device: {
          ...entry.device,
          activeState: push.activeState,
          lastActiveAt: push.activeState === 1 ? push.at : entry.device.lastActiveAt,
        },
      };
    }
    if (push.type !== 'envmonitor') return entry;
    return {
      device: { ...entry.device, lastActiveAt: push.at },
      readings: [readingOf(push.values, push.at)],
    };
  });
}

/** Every monitor of the project with its latest readings, updated from telemetry pushes. */
export function EnvList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message, confirm } = useFeedback();
  const editable = canModify(useAuthLevel());
  const [view, setView] = useState<View>('card');
  const env = envApi(projectId);
  const key = envLatestKey(projectId);
  const latest = useQuery({ queryKey: key, queryFn: () => env.latest(1) });

  useRealtime({ projects: [projectId] }, (push) => client.setQueryData<EnvEntry[]>(key, (e) => applyEnvPush(e, push)));

  const registration = useMutation({
    mutationFn: ({ entry, registered }: { entry: EnvEntry; registered: boolean }) =>
      env.register(entry.device.id, registered),
    onSuccess: (answer, { entry, registered }) => {
      message.success(t(registered ? 'gateways.registerDone' : 'gateways.unregisterDone', { name: entry.device.name }));
      if (!answer.delivered) message.info(t('gateways.notDelivered'));
      client.setQueryData<EnvEntry[]>(key, (rows) =>
        rows?.map((r) =>
          r.device.id === entry.device.id ? { ...r, device: { ...r.device, registered: answer.registered } } : r,
        ),
      );
    },
  });
  const toggle = (entry: EnvEntry) => {
    const registered = !entry.device.registered;
    confirm({
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      title: registered ? t('gateways.register') : t('gateways.unregister'),
      content: entry.device.name,
      onOk: () => registration.mutateAsync({ entry, registered }),
    });
  };
  const registerButton = (entry: EnvEntry) =>
    editable ? (
      <Button size="small" type="link" danger={entry.device.registered} onClick={() => toggle(entry)}>
        {entry.device.registered ? t('gateways.unregister') : t('gateways.register')}
      </Button>
    ) : null;

  const entries = latest.data ?? [];
  return (
    <Card
      title={t('menu.pjtdeviceenvmonitorlist')}
      extra={
        <Space size={16}>
          <LiveBadge />
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'card', label: t('envmonitors.views.card'), icon: <AppstoreOutlined /> },
              { value: 'table', label: t('envmonitors.views.table'), icon: <TableOutlined /> },
            ]}
          />
          <Tooltip title={t('common.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void latest.refetch()} />
          </Tooltip>
        </Space>
      }
    >
      {latest.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : entries.length === 0 ? (
        <Empty description={t('envmonitors.empty')} />
      ) : view === 'card' ? (
        <Row gutter={[12, 12]}>
          {entries.map((entry) => (
            <Col key={entry.device.id} xs={24} md={12} xl={8} xxl={6}>
              <EnvCard entry={entry} action={registerButton(entry)} />
            </Col>
          ))}
        </Row>
      ) : (
        <EnvTable entries={entries} action={registerButton} />
      )}
    </Card>
  );
}

function EnvCard({ entry, action }: { entry: EnvEntry; action: ReactNode }) {
  const { t } = useTranslation();
  const reading = entry.readings[0];
  return (
    <Card
      size="small"
      className="env-card"
      data-testid={`env-card-${entry.device.id}`}
      title={
        <Space size={8}>
          <Link to={`/pjt/pjtdeviceenvdatahistory?id=${entry.device.id}`}>{entry.device.name}</Link>
          <ActiveStateTag state={entry.device.activeState} />
        </Space>
      }
      extra={
        <Space size={0}>
          <RegisteredTag registered={Boolean(entry.device.registered)} />
          {action}
        </Space>
      }
    >
      {reading ? (
        <>
          <div className="env-card-grid">
            {READING_KEYS.map((key) => (
              <div key={key} className="env-card-cell" data-reading={key}>
                <span className="env-card-label">{t(`envmonitors.readings.${key}`)}</span>
                <span className="env-card-value">
                  {formatReading(reading[key])}
                  <small>{UNIT[key]}</small>
                </span>
              </div>
            ))}
          </div>
          <Typography.Text type="secondary" className="env-card-at">
            {t('envmonitors.readings.at')}: {formatTime(reading.at)}
          </Typography.Text>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('envmonitors.noReading')} />
      )}
    </Card>
  );
}

function EnvTable({ entries, action }: { entries: EnvEntry[]; action: (entry: EnvEntry) => ReactNode }) {
  const { t } = useTranslation();
  const columns: ColumnsType<EnvEntry> = [
    {
      title: t('envmonitors.fields.name'),
      key: 'name',
      fixed: 'left',
      width: 160,
      render: (_, e) => <Link to={`/pjt/pjtdeviceenvdatahistory?id=${e.device.id}`}>{e.device.name}</Link>,
    },
    {
      title: t('envmonitors.fields.activeState'),
      key: 'state',
      width: 90,
      render: (_, e) => <ActiveStateTag state={e.device.activeState} />,
    },
    ...READING_KEYS.map((key) => ({
      title: (
        <span>
          {t(`envmonitors.readings.${key}`)}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {UNIT[key]}
          </Typography.Text>
        </span>
      ),
      key,
      width: 96,
      align: 'right' as const,
      render: (_: unknown, e: EnvEntry) => <span data-reading={key}>{formatReading(e.readings[0]?.[key])}</span>,
    })),
    {
      title: t('envmonitors.readings.at'),
      key: 'at',
      width: 170,
      render: (_, e) => formatTime(e.readings[0]?.at),
    },
    {
      title: t('envmonitors.fields.registered'),
      key: 'registered',
      width: 100,
      render: (_, e) => <RegisteredTag registered={Boolean(e.device.registered)} />,
    },
    {
      title: t('envmonitors.fields.public'),
      key: 'public',
      width: 90,
      render: (_, e) => (e.device.public ? <Tag color="gold">{t('common.yes')}</Tag> : t('common.no')),
    },
    { title: t('common.actions'), key: 'actions', width: 100, fixed: 'right', render: (_, e) => action(e) },
  ];
  return (
    <Table<EnvEntry>
      rowKey={(e) => e.device.id}
      size="middle"
      columns={columns}
      dataSource={entries}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 25, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
    />
  );
}
