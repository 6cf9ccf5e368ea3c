import {
  ArrowLeftOutlined,
  ClearOutlined,
  ClockCircleOutlined,
  HistoryOutlined,
  PoweroffOutlined,
} from '@ant-design/icons';
import { type DeviceView, LOG_PAGE_SIZE, type Page, type RealtimePush } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Flex, Result, Row, Space, Spin, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useRealtime } from '../../api/realtime';
import { type CrudColumn, canModify, tableColumns, useAuthLevel } from '../../components/crud';
import {
  ActiveStateTag,
  applyStatePush,
  CommandBar,
  type DeviceEvent,
  EventsTable,
  LiveBadge,
  patchLiveRow,
  RegisteredTag,
} from '../../components/device';
import { formatValue } from '../../components/format';
import { ProjectScoped } from '../../components/project-scoped';
import { formatTime } from '../../components/time';
import { GATEWAY_COMMANDS, type GatewayChild, type GatewayCommand, gatewayApi, gatewayKeys } from './api';

const ICONS: Record<GatewayCommand, ReactNode> = {
  correcttime: <ClockCircleOutlined />,
  reboot: <PoweroffOutlined />,
  clearlcus: <ClearOutlined />,
};

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
  const deviceKey = gatewayKeys.one(projectId, id);
  const childrenKey = gatewayKeys.children(projectId, id);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZE.default);
  const eventsKey = [...gatewayKeys.events(projectId, id), page, pageSize];

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
        client.setQueryData<DeviceView>(deviceKey, (d) => (d ? patchLiveRow(d, push) : d));
      } else applyStatePush<GatewayChild>(client, childrenKey, push);
    }
    if (push.kind === 'event' && page === 1) {
      const deviceName =
        push.deviceId === id
          ? (device.data?.name ?? '')
          : (children.data?.find((c) => c.id === push.deviceId)?.name ?? '');
      const row: DeviceEvent = {
        id: `live-${push.deviceId}-${push.at}-${push.code}`,
        deviceId: push.deviceId,
        deviceName,
        at: push.at,
        code: push.code,
        eventType: push.eventType,
        level: push.level,
        detail: null,
      };
      client.setQueryData<Page<DeviceEvent>>(eventsKey, (p) =>
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
  return (
    <CommandBar
      title={t('gateways.commandsTitle')}
      send={(c) => gatewayApi(projectId).command(device.id, c)}
      commands={GATEWAY_COMMANDS.map((c) => {
        const dangerous = 'dangerous' in c && c.dangerous;
        return {
          key: c.name,
          label: t(`gateways.commands.${c.name}`),
          icon: ICONS[c.name],
          dangerous,
          confirm: dangerous ? t(`gateways.confirm.${c.name}`, { name: device.name }) : undefined,
        };
      })}
    />
  );
}

function ChildrenTable({ rows, loading }: { rows: GatewayChild[]; loading: boolean }) {
  const { t } = useTranslation();
  const declared: CrudColumn<GatewayChild>[] = [
    { field: 'name' },
    { field: 'no' },
    { field: 'type', render: (type) => t(`families.types.${String(type)}`, { defaultValue: String(type) }) },
    { field: 'activeState', kind: { kind: 'active' } },
    { field: 'lastActiveAt', kind: { kind: 'time' } },
  ];
  const columns = tableColumns(declared, (field) => t(`gateways.fields.${field}`));
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
