import { ReloadOutlined } from '@ant-design/icons';
import type { Page, RealtimePush } from '@sc/contract';
import { MTC_API, MTC_FIRMWARE, MTC_PERIPHERAL_KINDS, MTC_READINGS } from '@sc/contract/families/mtc';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '../../app/feedback';
import {
  type DeviceBack,
  type DeviceDetailProps,
  type DeviceEvent,
  type DeviceField,
  DevicePolicies,
  DeviceShell,
  devicePage,
  EventLevelTag,
  EventsTable,
  fetchDevice,
  namedTabs,
  propertyItems,
  RegisteredTag,
  useErrorText,
  useEventsPaging,
  useLiveDevice,
  useRereadLater,
} from '../../components/device';
import { linkClient, linkTabs } from '../../components/device/link';
import { formatReading } from '../../components/format';
import { formatTime } from '../../components/time';
import { i18n } from '../../i18n/i18n';
import { type MtcApi, mtcApi, mtcKeys, type Runtime } from './api';
import { CircuitCard } from './circuit-card';
import { PhasePanel } from './circuits';
import { AlarmTag, CABINET_LIST, circuitViews, ModeTag, OnlineTag, phaseViews, withUnit } from './common';
import { AlarmForm, ConfigForm } from './configs';
import { CabinetControls, useCommand } from './controls';
import './texts';

/** Each reading's decimals (a power factor has two). */
const DECIMALS = new Map<string, number | undefined>(
  MTC_READINGS.map((r) => [r.key, 'decimals' in r ? r.decimals : undefined]),
);

const BACK: DeviceBack = { to: CABINET_LIST, label: 'cabinets.back', missing: 'cabinets.missing' };

/** /pjt/pjtdevicemtc?id= (spec 001 §2): one cabinet, live, with its circuits, controls and settings. */
export default devicePage(BACK, CabinetDetail);

/**
 * The runtime after a report of the cabinet (the server pushes its readings with the circuits, mode,
 * clock, version and active alarms spelled out), before the stored state is read again.
 */
export function applyRuntimePush(data: Runtime, push: RealtimePush): Runtime {
  if (push.kind === 'state') return { ...data, state: push.activeState === 1 ? 'online' : 'offline' };
  if (push.kind !== 'telemetry' || push.deviceId !== data.id) return data;
  const v = push.values as Record<string, unknown>;
  const num = (k: string, old: number | null) => (typeof v[k] === 'number' ? (v[k] as number) : old);
  const values = { ...data.values };
  for (const k of Object.keys(values)) values[k] = num(k, values[k] ?? null);
  const phase = (p: 'A' | 'B' | 'C', old: Runtime['phases']['a']) => ({
    voltage: num(`voltage${p}`, old.voltage),
    current: num(`current${p}`, old.current),
    power: num(`power${p}`, old.power),
  });
  const active = Array.isArray(v.alarms) ? new Set(v.alarms as string[]) : null;
  return {
    ...data,
    at: push.at,
    state: 'online',
    mode: v.mode === 'manual' || v.mode === 'policy' ? v.mode : data.mode,
    version: typeof v.version === 'string' ? v.version : data.version,
    deviceTime: typeof v.deviceTime === 'string' ? v.deviceTime : data.deviceTime,
    circuitCount: typeof v.circuitCount === 'number' ? v.circuitCount : data.circuitCount,
    circuits: Array.isArray(v.circuits) && v.circuits.length > 0 ? (v.circuits as Runtime['circuits']) : data.circuits,
    phases: { a: phase('A', data.phases.a), b: phase('B', data.phases.b), c: phase('C', data.phases.c) },
    values,
    alarms: active
      ? data.alarms.map((a) => ({
          ...a,
          active: active.has(a.kind),
          since: active.has(a.kind) ? (a.active ? a.since : push.at) : null,
        }))
      : data.alarms,
  };
}

/** Pushes that change what the cabinet's page shows: its reports, state changes and events. */
const touchesRuntime = (push: RealtimePush, id: number) =>
  (push.kind === 'telemetry' || push.kind === 'state' || push.kind === 'event') && push.deviceId === id;

function CabinetDetail({ projectId, id, editable }: DeviceDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  const errorText = useErrorText();
  const m = mtcApi(projectId);
  const key = mtcKeys.cabinet(projectId, id);
  const runtimeKey = [...key, 'runtime'];
  const reread = useRereadLater(runtimeKey);
  const { query, ok, device, fallback } = useLiveDevice({
    id,
    queryKey: [...key, 'row'],
    queryFn: () => fetchDevice(projectId, id),
    back: BACK,
    onPush: (push) => {
      if (!touchesRuntime(push, id)) return;
      client.setQueryData<Runtime>(runtimeKey, (d) => (d ? applyRuntimePush(d, push) : d));
      if (push.kind === 'event') void client.invalidateQueries({ queryKey: [...key, 'events'] });
      // The stored state (alarm times, peripherals) a moment later, once the report is written.
      reread();
    },
  });
  const runtime = useQuery({ queryKey: runtimeKey, queryFn: () => m.runtime(id), enabled: ok });
  const command = useCommand(
    (c, args) => m.command(id, c, args),
    () => {
      void client.invalidateQueries({ queryKey: runtimeKey });
      // The cabinet reports its new state just after it answers: read it again once that is written,
      // so the screen shows the result of the command even if its push was missed.
      reread();
    },
  );

  if (!device) return fallback;
  const d = device;
  const r = runtime.data;
  const cabinetLabel = (field: DeviceField) => t(`cabinets.fields.${field === 'modelName' ? 'model' : field}`);
  const activeAlarms = (r?.alarms ?? []).filter((a) => a.active).map((a) => a.kind);
  const links = linkTabs({
    t,
    device: d,
    client: linkClient(MTC_API, projectId),
    spec: MTC_FIRMWARE,
    queryKey: mtcKeys.cabinet(projectId, id),
    editable,
    testIdPrefix: 'cabinet',
    onLocated: () => void query.refetch(),
    onError: (error) => message.error(errorText(error)),
  });

  return (
    <DeviceShell
      device={d}
      back={BACK}
      testId="cabinet"
      tags={
        <>
          {r && <OnlineTag state={r.state} />}
          {r && <ModeTag mode={r.mode} />}
          {r && <AlarmTag status={activeAlarms.length > 0 ? 'alarm' : 'normal'} alarms={activeAlarms} />}
          <RegisteredTag registered={d.registered} />
        </>
      }
      registration={
        editable
          ? {
              texts: 'cabinets',
              send: (registered) => m.register(id, registered),
              onChanged: () => void query.refetch(),
            }
          : undefined
      }
      properties={{
        columns: 4,
        items: [
          ...propertyItems(d, ['no', 'equipmentId', 'modelName'], cabinetLabel),
          { label: t('cabinets.fields.version'), value: r?.version ?? '—' },
          ...propertyItems(d, ['areaName', 'groupName', 'location'], cabinetLabel),
          {
            label: t('cabinets.fields.deviceTime'),
            value: <span data-testid="cabinet-device-time">{formatTime(r?.deviceTime) || '—'}</span>,
          },
        ],
      }}
      tabs={[
        ...namedTabs(t, 'cabinets.tabs', {
          events: <CabinetEvents projectId={projectId} id={id} m={m} />,
          config: <ConfigForm projectId={projectId} id={id} m={m} editable={editable} />,
          alarm: <AlarmForm projectId={projectId} id={id} m={m} editable={editable} />,
          policies: <CabinetPolicies projectId={projectId} id={id} m={m} />,
        }),
        ...links,
      ]}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={15}>
          {runtime.isError ? (
            <Alert type="warning" showIcon title={t('cabinets.runtime.none')} />
          ) : (
            <CircuitCard
              circuits={r ? circuitViews(r.circuits) : []}
              mode={r?.mode ?? null}
              editable={editable}
              command={command}
            />
          )}
        </Col>
        <Col xs={24} xl={9}>
          <Flex vertical gap={12}>
            {editable ? (
              <CabinetControls name={d.name} mode={r?.mode ?? null} command={command} />
            ) : (
              <Card size="small" title={t('cabinets.controls.title')}>
                <Typography.Text type="secondary">{t('cabinets.controls.readOnly')}</Typography.Text>
              </Card>
            )}
            <AlarmCard runtime={r} />
          </Flex>
        </Col>
        <Col xs={24} xl={15}>
          <PowerCard runtime={r} loading={runtime.isFetching} onRefresh={() => void runtime.refetch()} />
        </Col>
        <Col xs={24} xl={9}>
          <PeripheralCard runtime={r} />
        </Col>
      </Row>
    </DeviceShell>
  );
}

/** Three phases, the totals, leakage and temperature, with the time of the report. */
function PowerCard({
  runtime,
  loading,
  onRefresh,
}: {
  runtime: Runtime | undefined;
  loading: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const v = runtime?.values ?? {};
  const reading = (k: string, unit: string) => withUnit(v[k] as number | null | undefined, unit, DECIMALS.get(k));
  return (
    <Card
      size="small"
      title={t('cabinets.runtime.power')}
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="runtime-at">
            {t('cabinets.runtime.at', { at: formatTime(runtime?.at) || '—' })}
          </Typography.Text>
          <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={onRefresh}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Row gutter={[16, 12]}>
        <Col xs={24} lg={14}>
          {runtime ? (
            <PhasePanel phases={phaseViews(runtime.phases)} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Descriptions size="small" column={1} data-testid="runtime-totals">
            <Descriptions.Item label={t('cabinets.readings.activePower')}>
              {reading('activePower', 'W')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.powerFactor')}>
              {reading('powerFactor', '')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.energyTotal')}>
              {reading('energyTotal', 'kWh')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.leakageCurrent')}>
              {reading('leakageCurrent', 'mA')}
            </Descriptions.Item>
            <Descriptions.Item label={t('cabinets.readings.temperature')}>
              {reading('temperature', '°C')}
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </Card>
  );
}

/** Every alarm status: active ones red with the time they began, the rest normal. */
function AlarmCard({ runtime }: { runtime: Runtime | undefined }) {
  const { t } = useTranslation();
  const alarms = runtime?.alarms ?? [];
  return (
    <Card size="small" title={t('cabinets.runtime.alarms')}>
      {alarms.length === 0 ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <Flex gap={6} wrap data-testid="alarm-statuses">
          {alarms.map((a) => (
            <Tag
              key={a.kind}
              color={a.active ? 'red' : 'default'}
              data-alarm={a.kind}
              data-active={a.active}
              title={a.active && a.since ? t('cabinets.runtime.since', { at: formatTime(a.since) }) : undefined}
            >
              {t(`cabinets.alarms.${a.kind}`)}
              {a.active ? ` · ${t('cabinets.alarmStatus.alarm')}` : ''}
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** The peripherals on the cabinet's bus and their last readings. */
function PeripheralCard({ runtime }: { runtime: Runtime | undefined }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('cabinets.runtime.peripherals')}>
      <Table
        data-testid="peripheral-readings"
        rowKey="index"
        size="small"
        pagination={false}
        dataSource={runtime?.peripherals ?? []}
        locale={{ emptyText: t('link.peripherals.none') }}
        columns={[
          {
            title: t('link.peripherals.name'),
            dataIndex: 'name',
            // A name the cabinet reports as its kind's identifier ("door", "meter") is shown as the kind's
            // label (issue 13); a name an operator gave stays as given.
            render: (v: string, p) => {
              const kind = t(`link.peripheralKinds.${p.kind}`, {
                defaultValue: t('link.peripheralKinds.other'),
              });
              const named = v && !(MTC_PERIPHERAL_KINDS as readonly string[]).includes(v);
              return (
                <span title={kind}>
                  {p.index}. {named ? v : kind}
                </span>
              );
            },
          },
          {
            title: t('link.peripherals.value'),
            dataIndex: 'value',
            align: 'right',
            render: (v: number | null, p) => (v === null ? '—' : `${formatReading(v)} ${p.unit}`.trim()),
          },
          { title: t('link.peripherals.at'), dataIndex: 'at', width: 170, render: formatTime },
        ]}
      />
    </Card>
  );
}

interface CabinetEventDetail {
  circuit?: number;
  phase?: string;
  value?: number;
  threshold?: number;
  on?: boolean;
  trigger?: string;
  version?: string;
  ok?: boolean;
  error?: string;
}

/** The label of an event code (the family's, else the platform's). */
export function eventCodeLabel(code: string): string {
  for (const key of [`mtc.eventCodes.${code}`, `cabinets.eventCodes.${code}`, `labels.eventCodes.${code}`])
    if (i18n.exists(key)) return i18n.t(key);
  return i18n.t('cabinets.events.otherCode');
}

/** The cabinet's events (kept for the retention the system settings give: 1-60 days), newest first. */
function CabinetEvents({ projectId, id, m }: { projectId: number; id: number; m: MtcApi }) {
  const { t } = useTranslation();
  const paging = useEventsPaging();
  const events = useQuery({
    queryKey: [...mtcKeys.cabinet(projectId, id), 'events', paging.current, paging.pageSize],
    queryFn: () => m.events(id, paging.current, paging.pageSize) as Promise<Page<DeviceEvent>>,
  });
  const detailText = (e: DeviceEvent) => {
    const d = (e.detail ?? {}) as CabinetEventDetail;
    return [
      d.circuit !== undefined ? t('cabinets.circuits.name', { index: d.circuit }) : '',
      d.phase ? t('cabinets.phases.phase', { phase: d.phase.toUpperCase() }) : '',
      d.on !== undefined ? t(d.on ? 'cabinets.events.switchedOn' : 'cabinets.events.switchedOff') : '',
      d.trigger ? t(`cabinets.events.trigger_${d.trigger}`) : '',
      d.value !== undefined ? t('cabinets.events.value', { value: formatReading(d.value) }) : '',
      d.threshold !== undefined ? t('cabinets.events.threshold', { value: formatReading(d.threshold) }) : '',
      d.version ? t('cabinets.controls.versionIs', { version: d.version }) : '',
      d.ok === false ? t('cabinets.events.failed') : '',
      d.error ? (i18n.exists(`firmware.${d.error}`) ? t(`firmware.${d.error}`) : t('cabinets.events.failed')) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };
  const columns: TableColumnsType<DeviceEvent> = [
    { title: t('gateways.events.at'), dataIndex: 'at', width: 170, render: formatTime },
    { title: t('gateways.events.code'), dataIndex: 'code', width: 160, render: (c: string) => eventCodeLabel(c) },
    {
      title: t('gateways.events.eventType'),
      dataIndex: 'eventType',
      width: 90,
      render: (v: string) => t(`gateways.events.types.${v}`, { defaultValue: '' }),
    },
    {
      title: t('gateways.events.level'),
      dataIndex: 'level',
      width: 90,
      render: (v: string) => <EventLevelTag level={v} />,
    },
    { title: t('gateways.events.detail'), key: 'detail', render: (_, e) => detailText(e) },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('cabinets.events.retention')}</Typography.Text>
      <EventsTable
        testId="cabinet-events"
        columns={columns}
        page={events.data}
        loading={events.isLoading}
        {...paging}
      />
    </Flex>
  );
}

/** The policies the cabinet runs. */
function CabinetPolicies({ projectId, id, m }: { projectId: number; id: number; m: MtcApi }) {
  const { t } = useTranslation();
  const policies = useQuery({
    queryKey: [...mtcKeys.cabinet(projectId, id), 'policies'],
    queryFn: () => m.cabinetPolicies(id),
  });
  return (
    <DevicePolicies
      actions={
        <>
          <Typography.Text type="secondary">{t('cabinets.policies.hint')}</Typography.Text>
          <Link to="/pjt/pjtdevicemtcpolicy">{t('menu.pjtdevicemtcpolicy')}</Link>
        </>
      }
      rows={policies.data}
      loading={policies.isLoading}
      labels={{
        name: t('cabinets.policy.fields.name'),
        no: t('cabinets.policy.fields.no'),
        inUse: t('cabinets.policy.fields.inUse'),
      }}
      mode={{
        key: 'timeMode',
        title: t('cabinets.policy.fields.timeMode'),
        render: (p) => t(`cabinets.timeModes.${p.timeMode}`),
      }}
    />
  );
}
