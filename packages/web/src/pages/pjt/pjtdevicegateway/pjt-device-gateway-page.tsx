import {
  ArrowLeftOutlined,
  ClearOutlined,
  ClockCircleOutlined,
  HistoryOutlined,
  PoweroffOutlined,
} from '@ant-design/icons';
import { type DeviceView, LOG_PAGE_SIZE, type RealtimePush } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Result, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { useRealtime } from '../../../api/realtime';
import { useFeedback } from '../../../app/feedback';
import { canModify, useAuthLevel } from '../../../components/crud';
import { ProjectScoped } from '../../../components/project-scoped';
import { ActiveStateTag } from '../../biz/devicelist/lookups';
import { formatTime, formatValue } from '../../man/logs/log-format';
import {
  applyStatePush,
  type CommandAnswer,
  GATEWAY_COMMANDS,
  type GatewayChild,
  type GatewayCommand,
  type GatewayEvent,
  gatewayApi,
  type Page,
} from '../pjtdevicegatewaylist/gateway-api';
import { LiveBadge, RegisteredTag } from '../pjtdevicegatewaylist/gateway-list';

const ICONS: Record<GatewayCommand, ReactNode> = {
  correcttime: <ClockCircleOutlined />,
  reboot: <PoweroffOutlined />,
  clearlcus: <ClearOutlined />,
};
const LEVEL_COLOR: Record<string, string> = { info: 'blue', warning: 'orange', alarm: 'red' };

type Outcome =
  | { ok: true; command: GatewayCommand; answer: CommandAnswer }
  | { ok: false; command: GatewayCommand; text: string };

/** /pjt/pjtdevicegateway?id= (spec 001 §2): one gateway's state, children, events and commands. */
export default function PjtDeviceGatewayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <ProjectScoped>
      {(projectId) =>
        Number.isInteger(id) && id > 0 ? (
          <GatewayDetail key={id} projectId={projectId} id={id} />
        ) : (
          <Result status="404" title={t('gateways.missing')} extra={<BackLink />} />
        )
      }
    </ProjectScoped>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/pjt/pjtdevicegatewaylist">
      <Button icon={<ArrowLeftOutlined />}>{t('gateways.back')}</Button>
    </Link>
  );
}

function GatewayDetail({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const gw = gatewayApi(projectId);
  const editable = canModify(useAuthLevel());
  const deviceKey = ['gateways', projectId, 'one', id];
  const childrenKey = ['gateways', projectId, 'children', id];
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZE.default);
  const eventsKey = ['gateways', projectId, 'events', id, page, pageSize];

  const device = useQuery({ queryKey: deviceKey, queryFn: () => gw.one(id) });
  const children = useQuery({ queryKey: childrenKey, queryFn: () => gw.children(id), enabled: device.isSuccess });
  const events = useQuery({
    queryKey: eventsKey,
    queryFn: () => gw.events(id, page, pageSize),
    enabled: device.isSuccess,
  });

  const childIds = (children.data ?? []).map((c) => c.id);
  useRealtime({ devices: device.isSuccess ? [id, ...childIds] : [] }, (push: RealtimePush) => {
    if (push.kind === 'state') {
      if (push.deviceId === id) {
        client.setQueryData<DeviceView>(deviceKey, (d) =>
          d
            ? { ...d, activeState: push.activeState, lastActiveAt: push.activeState === 1 ? push.at : d.lastActiveAt }
            : d,
        );
      } else applyStatePush<GatewayChild>(client, childrenKey, push);
    }
    if (push.kind === 'event' && page === 1) {
      const deviceName =
        push.deviceId === id
          ? (device.data?.name ?? '')
          : (children.data?.find((c) => c.id === push.deviceId)?.name ?? '');
      const row: GatewayEvent = {
        id: `live-${push.deviceId}-${push.at}-${push.code}`,
        deviceId: push.deviceId,
        deviceName,
        at: push.at,
        code: push.code,
        eventType: push.eventType,
        level: push.level,
        detail: null,
      };
      client.setQueryData<Page<GatewayEvent>>(eventsKey, (p) =>
        p ? { ...p, list: [row, ...p.list].slice(0, p.pageSize), total: p.total + 1 } : p,
      );
    }
  });

  if (device.isLoading) return <Spin style={{ margin: 48 }} />;
  if (device.isError || !device.data) {
    const missing = isApiError(device.error) && [400, 404].includes(device.error.status);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('gateways.missing') : t('common.loadFailed')}
        extra={<BackLink />}
      />
    );
  }
  const d = device.data;
  const props = Object.entries(d.props ?? {});

  return (
    <Flex vertical gap={12}>
      <Card
        title={
          <Space size={12} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="gateway-name">
              {d.name}
            </Typography.Title>
            <ActiveStateTag state={d.activeState} />
            <RegisteredTag registered={d.registered} />
            <LiveBadge />
          </Space>
        }
        extra={
          <Space>
            <Link to="/man/operatehistory">
              <Button icon={<HistoryOutlined />}>{t('gateways.operationLog')}</Button>
            </Link>
            <BackLink />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} title={t('gateways.properties')}>
          <Descriptions.Item label={t('gateways.fields.no')}>{d.no}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.equipmentId')}>{d.equipmentId ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.lastActiveAt')}>{formatTime(d.lastActiveAt)}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.model')}>{d.modelName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.area')}>{d.areaName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.group')}>{d.groupName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.ip')}>{d.ip}</Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.location')}>
            {d.lng !== null && d.lat !== null ? `${d.lng}, ${d.lat}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('gateways.fields.children')}>{children.data?.length ?? ''}</Descriptions.Item>
          {props.map(([key, value]) => (
            <Descriptions.Item key={key} label={t(`families.gateway.${key}`, { defaultValue: key })}>
              {formatValue(value)}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('gateways.fields.description')}>{d.description}</Descriptions.Item>
        </Descriptions>
      </Card>
      {editable && <Commands projectId={projectId} device={d} />}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={11}>
          <ChildrenTable rows={children.data ?? []} loading={children.isLoading} />
        </Col>
        <Col xs={24} xl={13}>
          <Card title={t('gateways.eventsTitle')} size="small">
            <EventsTable
              page={events.data}
              loading={events.isLoading}
              onPage={(p, size) => {
                setPage(size === pageSize ? p : 1);
                setPageSize(size);
              }}
              current={page}
              pageSize={pageSize}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

function Commands({ projectId, device }: { projectId: number; device: DeviceView }) {
  const { t } = useTranslation();
  const { confirm } = useFeedback();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const command = useMutation({
    mutationFn: (c: GatewayCommand) => gatewayApi(projectId).command(device.id, c),
    onMutate: () => setOutcome(null),
    onSuccess: (answer, c) => setOutcome({ ok: true, command: c, answer }),
    onError: (error, c) =>
      setOutcome({
        ok: false,
        command: c,
        text:
          (isApiError(error) && error.body?.message) ||
          (isApiError(error) ? t('errors.responseStatus', { code: error.status }) : String(error)),
      }),
  });
  const run = (c: GatewayCommand) => {
    if (c === 'correcttime') return command.mutate(c);
    confirm({
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      title: t(`gateways.commands.${c}`),
      content: t(`gateways.confirm.${c}`, { name: device.name }),
      okButtonProps: { danger: true },
      onOk: () => command.mutate(c),
    });
  };
  const label = (c: GatewayCommand) => t(`gateways.commands.${c}`);
  return (
    <Card title={t('gateways.commandsTitle')} size="small">
      <Flex vertical gap={12}>
        <Space wrap>
          {GATEWAY_COMMANDS.map((c) => (
            <Button
              key={c}
              icon={ICONS[c]}
              danger={c !== 'correcttime'}
              type={c === 'correcttime' ? 'primary' : 'default'}
              loading={command.isPending && command.variables === c}
              disabled={command.isPending && command.variables !== c}
              onClick={() => run(c)}
              data-testid={`command-${c}`}
            >
              {label(c)}
            </Button>
          ))}
        </Space>
        {outcome && (
          <Alert
            data-testid="command-outcome"
            showIcon
            closable
            onClose={() => setOutcome(null)}
            type={outcome.ok ? 'success' : 'error'}
            message={
              outcome.ok
                ? t('gateways.commandOk', {
                    command: label(outcome.command),
                    ms: outcome.answer.durationMs,
                    attempts: outcome.answer.attempts,
                  })
                : `${t('gateways.commandFailed', { command: label(outcome.command) })}: ${outcome.text}`
            }
            description={
              outcome.ok && outcome.answer.result !== null && outcome.answer.result !== undefined ? (
                <Typography.Text code>
                  {t('gateways.result')}: {formatValue(outcome.answer.result)}
                </Typography.Text>
              ) : undefined
            }
          />
        )}
      </Flex>
    </Card>
  );
}

function ChildrenTable({ rows, loading }: { rows: GatewayChild[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: ColumnsType<GatewayChild> = [
    { title: t('gateways.fields.name'), dataIndex: 'name' },
    { title: t('gateways.fields.no'), dataIndex: 'no' },
    {
      title: t('gateways.fields.type'),
      dataIndex: 'type',
      render: (type: string) => t(`families.types.${type}`, { defaultValue: type }),
    },
    {
      title: t('gateways.fields.activeState'),
      dataIndex: 'activeState',
      render: (s: number) => <ActiveStateTag state={s} />,
    },
    { title: t('gateways.fields.lastActiveAt'), dataIndex: 'lastActiveAt', render: formatTime },
  ];
  return (
    <Card title={`${t('gateways.childrenTitle')} (${rows.length})`} size="small">
      <Table<GatewayChild>
        data-testid="children-table"
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
      />
    </Card>
  );
}

function EventsTable(props: {
  page: Page<GatewayEvent> | undefined;
  loading: boolean;
  current: number;
  pageSize: number;
  onPage: (page: number, size: number) => void;
}) {
  const { t } = useTranslation();
  const columns: ColumnsType<GatewayEvent> = [
    { title: t('gateways.events.at'), dataIndex: 'at', width: 170, render: formatTime },
    { title: t('gateways.events.device'), dataIndex: 'deviceName' },
    { title: t('gateways.events.code'), dataIndex: 'code', width: 90 },
    {
      title: t('gateways.events.eventType'),
      dataIndex: 'eventType',
      width: 90,
      render: (v: string) => t(`gateways.events.types.${v}`, { defaultValue: v }),
    },
    {
      title: t('gateways.events.level'),
      dataIndex: 'level',
      width: 90,
      render: (v: string) => (
        <Tag color={LEVEL_COLOR[v] ?? 'default'}>{t(`gateways.events.levels.${v}`, { defaultValue: v })}</Tag>
      ),
    },
    { title: t('gateways.events.detail'), dataIndex: 'detail', ellipsis: true, render: (v: unknown) => formatValue(v) },
  ];
  return (
    <Table<GatewayEvent>
      data-testid="events-table"
      rowKey="id"
      size="small"
      loading={props.loading}
      columns={columns}
      dataSource={props.page?.list ?? []}
      pagination={{
        current: props.current,
        pageSize: props.pageSize,
        total: props.page?.total ?? 0,
        pageSizeOptions: [25, 50, 100, 200],
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { total }),
        onChange: props.onPage,
      }}
    />
  );
}
