import { ClearOutlined, ClockCircleOutlined, PoweroffOutlined } from '@ant-design/icons';
import { type DeviceView, gatewayManifest, type Page, type RealtimePush } from '@sc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterPaint } from '../../components/after-paint';
import { type CrudColumn, tableColumns } from '../../components/crud';
import {
  CommandBar,
  type DeviceEvent,
  DeviceRowsCard,
  DeviceShell,
  EventsCard,
  firstEventsPages,
  locationText,
  useManifestCommands,
  useParentDevice,
} from '../../components/device';
import { formatValue } from '../../components/format';
import { formatTime } from '../../components/time';
import { type FamilyDetailProps, familyDevicePage } from '../kit/family-device-page';
import { GATEWAY_COMMANDS, type GatewayChild, type GatewayCommand, gatewayApi, gatewayKeys } from './api';

const ICONS: Record<GatewayCommand, ReactNode> = {
  correcttime: <ClockCircleOutlined />,
  reboot: <PoweroffOutlined />,
  clearlcus: <ClearOutlined />,
};

/** /pjt/pjtdevicegateway?id= (spec 001 §2): one gateway's state, children, events and commands. */
export default familyDevicePage({ ns: 'gateways', list: '/pjt/pjtdevicegatewaylist' }, GatewayDetail);

function GatewayDetail({ projectId, id, editable, back }: FamilyDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const gw = gatewayApi(projectId);
  const childrenKey = gatewayKeys.children(projectId, id);
  const eventsKey = gatewayKeys.events(projectId, id);

  const { query, device, fallback, children } = useParentDevice<GatewayChild>({
    id,
    queryKey: gatewayKeys.one(projectId, id),
    queryFn: () => gw.one(id),
    back,
    // Another family's id is not shown as a gateway: the page says the device is not of this kind.
    isDevice: (d) => d.type === gatewayManifest.type,
    children: { queryKey: childrenKey, queryFn: () => gw.children(id) },
    onPush: (push: RealtimePush) => {
      if (push.kind === 'event') {
        const deviceName =
          push.deviceId === id
            ? (query.data?.name ?? '')
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
        client.setQueriesData<Page<DeviceEvent>>(firstEventsPages(eventsKey), (p) =>
          p ? { ...p, list: [row, ...p.list].slice(0, p.pageSize), total: p.total + 1 } : p,
        );
      }
    },
  });

  if (!device) return fallback;
  const d = device;
  const props = Object.entries(d.props ?? {});

  return (
    <DeviceShell
      device={d}
      back={back}
      testId="gateway"
      properties={{
        title: t('gateways.properties'),
        items: [
          { label: t('gateways.fields.no'), value: d.no },
          { label: t('gateways.fields.equipmentId'), value: d.equipmentId ?? '' },
          { label: t('gateways.fields.lastActiveAt'), value: formatTime(d.lastActiveAt) },
          { label: t('gateways.fields.model'), value: d.modelName ?? '' },
          { label: t('gateways.fields.area'), value: d.areaName ?? '' },
          { label: t('gateways.fields.group'), value: d.groupName ?? '' },
          { label: t('gateways.fields.ip'), value: d.ip },
          { label: t('gateways.fields.location'), value: locationText(d) },
          { label: t('gateways.fields.children'), value: children.data?.length ?? '' },
          ...props.map(([key, value]) => ({
            key,
            label: t(`families.gateway.${key}`, { defaultValue: key }),
            value: formatValue(value),
          })),
          { label: t('gateways.fields.description'), value: d.description },
        ],
      }}
    >
      {editable && <Commands projectId={projectId} device={d} />}
      {/* Side by side only on wide screens: at 1366 px each table needs the whole width. The two tables
          mount once the top of the page is painted (their measuring rows lay out the whole page). */}
      <AfterPaint>
        <Row gutter={[12, 12]}>
          <Col xs={24} xxl={11}>
            <ChildrenTable rows={children.data ?? []} loading={children.isLoading} />
          </Col>
          <Col xs={24} xxl={13}>
            <EventsCard
              title={t('gateways.eventsTitle')}
              load={{ key: (query) => [...eventsKey, query], fn: (query) => gw.events(id, query.page, query.pageSize) }}
            />
          </Col>
        </Row>
      </AfterPaint>
    </DeviceShell>
  );
}

function Commands({ projectId, device }: { projectId: number; device: DeviceView }) {
  const { t } = useTranslation();
  return (
    <CommandBar
      title={t('gateways.commandsTitle')}
      send={(c) => gatewayApi(projectId).command(device.id, c)}
      commands={useManifestCommands('gateways', GATEWAY_COMMANDS, ICONS, device.name)}
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
  return (
    <DeviceRowsCard<GatewayChild>
      title={t('gateways.childrenTitle')}
      testId="children-table"
      rows={rows}
      loading={loading}
      columns={tableColumns(declared, (field) => t(`gateways.fields.${field}`))}
    />
  );
}
