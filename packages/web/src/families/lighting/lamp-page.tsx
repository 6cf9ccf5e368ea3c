import { CloudUploadOutlined, ReloadOutlined } from '@ant-design/icons';
import { LIGHTING_READINGS, type Page, type RealtimePush } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Row, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import {
  type CommandAnswer,
  type DeviceBack,
  type DeviceDetailProps,
  type DeviceEvent,
  type DeviceField,
  DeviceLocation,
  DevicePolicies,
  DeviceShell,
  devicePage,
  EventLevelTag,
  EventsTable,
  fetchDevice,
  namedTabs,
  propertyItems,
  RegisteredTag,
  useEventsPaging,
  useLiveDevice,
  useRereadLater,
} from '../../components/device';
import { formatReading, withUnit } from '../../components/format';
import { formatTime } from '../../components/time';
import { type LightingApi, lightingApi, lightingKeys, type Realdata } from './api';
import { LampStateTag, RunStatusTag } from './common';
import { LampConfigForm } from './lamp-config';
import { LampControls } from './lamp-controls';
import { lampStateOf } from './lamp-state';

const LIST = '/pjt/pjtdevicelightinglist';
const RUN_STATUS_OF = ['normal', 'alert', 'error'] as const;

const BACK: DeviceBack = { to: LIST, label: 'lamps.back', missing: 'lamps.missing' };
/** The lamp's row fields among its properties, labelled `lamps.fields.<field>` (the model and gateway by their own words). */
const LAMP_FIELDS: DeviceField[] = [
  'no',
  'equipmentId',
  'modelName',
  'parentName',
  'areaName',
  'groupName',
  'location',
];
const LAMP_LABELS: Partial<Record<DeviceField, string>> = { modelName: 'model', parentName: 'gatewayName' };

/** /pjt/pjtdevicelighting?id= (spec 001 §2): one lamp controller, live, with its controls and settings. */
export default devicePage(BACK, LampDetail);

/** Realdata after a telemetry push: the pushed values, the derived state. */
export function applyRealdataPush(data: Realdata, push: RealtimePush): Realdata {
  if (push.kind === 'state') return { ...data, state: push.activeState === 1 ? data.state : 'offline' };
  if (push.kind !== 'telemetry') return data;
  const values = { ...data.values };
  for (const [k, v] of Object.entries(push.values)) if (typeof v === 'number' && k in values) values[k] = v;
  const runStatus =
    typeof push.values.runStatus === 'number' ? (RUN_STATUS_OF[push.values.runStatus] ?? null) : data.runStatus;
  const state = lampStateOf({ activeState: 1, on: values.on === 1, level: values.level, runStatus });
  return { ...data, values, runStatus, state, at: push.at };
}

function LampDetail({ projectId, id, editable }: DeviceDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const l = lightingApi(projectId);
  const lampKey = lightingKeys.lamp(projectId, id);
  const realKey = [...lampKey, 'realdata'];
  // The lamp's row from the list call (name, place, registration, gateway).
  const { query, ok, device, fallback } = useLiveDevice({
    id,
    queryKey: [...lampKey, 'row'],
    queryFn: () => fetchDevice(projectId, id),
    back: BACK,
    onPush: (push) => {
      if ('deviceId' in push && push.deviceId === id)
        client.setQueryData<Realdata>(realKey, (d) => (d ? applyRealdataPush(d, push) : d));
      if (push.kind === 'event') void client.invalidateQueries({ queryKey: [...lampKey, 'events'] });
    },
  });
  const realdata = useQuery({ queryKey: realKey, queryFn: () => l.realdata(id), enabled: ok });
  const reread = useRereadLater(realKey);
  // After a command the lamp answered: its device time at once when the answer has it, and the stored
  // report (raw message, device time, values) now and again once the lamp's next report is written.
  const afterCommand = (_command: string, answer: CommandAnswer) => {
    const told = (answer.result as { deviceTime?: unknown } | null)?.deviceTime;
    if (typeof told === 'string') client.setQueryData<Realdata>(realKey, (d) => (d ? { ...d, deviceTime: told } : d));
    else void client.invalidateQueries({ queryKey: realKey });
    reread();
  };

  if (!device) return fallback;
  const d = device;

  return (
    <DeviceShell
      device={d}
      back={BACK}
      testId="lamp"
      tags={
        <>
          {realdata.data && <LampStateTag state={realdata.data.state} />}
          <RunStatusTag status={realdata.data?.runStatus} />
          <RegisteredTag registered={d.registered} />
        </>
      }
      registration={
        editable
          ? { texts: 'lamps', send: (registered) => l.register(id, registered), onChanged: () => void query.refetch() }
          : undefined
      }
      properties={{
        columns: 4,
        items: [
          ...propertyItems(d, LAMP_FIELDS, (field) => t(`lamps.fields.${LAMP_LABELS[field] ?? field}`)),
          ...Object.entries(d.props ?? {}).map(([key, value]) => ({
            key,
            label: t(`families.lighting.${key}`, { defaultValue: key }),
            value: String(value ?? ''),
          })),
        ],
      }}
      tabs={namedTabs(t, 'lamps.tabs', {
        events: <LampEvents projectId={projectId} id={id} l={l} />,
        config: <LampConfigForm kind="config" projectId={projectId} lampId={id} l={l} editable={editable} />,
        alarm: <LampConfigForm kind="alarm" projectId={projectId} lampId={id} l={l} editable={editable} />,
        policies: <LampPolicies projectId={projectId} id={id} l={l} editable={editable} />,
        location: (
          <DeviceLocation
            initial={{ lng: d.lng, lat: d.lat }}
            editable={editable}
            save={(lng, lat) => l.location(id, lng, lat)}
            onSaved={() => void query.refetch()}
          />
        ),
      })}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <RealdataCard data={realdata.data} loading={realdata.isFetching} onRefresh={() => void realdata.refetch()} />
        </Col>
        <Col xs={24} xl={10}>
          {editable ? (
            <LampControls name={d.name} send={(c, args) => l.command(id, c, args)} onDone={afterCommand} />
          ) : (
            <Card size="small" title={t('lamps.controls.title')}>
              <Typography.Text type="secondary">{t('lamps.controls.readOnly')}</Typography.Text>
            </Card>
          )}
        </Col>
      </Row>
    </DeviceShell>
  );
}

const READINGS = new Map<string, { unit: string; decimals?: number }>(LIGHTING_READINGS.map((r) => [r.key, r]));

/** Every runtime field of spec 001 §3, live from telemetry pushes. */
function RealdataCard({
  data,
  loading,
  onRefresh,
}: {
  data: Realdata | undefined;
  loading: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const value = (key: string) => {
    const v = data?.values[key];
    if (key === 'on') return v === null || v === undefined ? '—' : t(`lighting.power.${v === 1 ? 'on' : 'off'}`);
    if (key === 'runStatus') return data?.runStatus ? t(`lighting.runStatus.${data.runStatus}`) : '—';
    const def = READINGS.get(key);
    return withUnit(v, def?.unit ?? '', def?.decimals);
  };
  return (
    <Card
      size="small"
      title={t('lamps.realdata.title')}
      extra={
        <Space>
          <Typography.Text type="secondary">
            {t('lamps.realdata.at', { at: formatTime(data?.at) || '—' })}
          </Typography.Text>
          <Button size="small" icon={<ReloadOutlined />} loading={loading} onClick={onRefresh}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="lamp-realdata">
        {LIGHTING_READINGS.filter((r) => r.key !== 'energy').map((r) => (
          <Descriptions.Item key={r.key} label={t(`lighting.readings.${r.key}`)}>
            <span data-reading={r.key}>{value(r.key)}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('lighting.readings.deviceTime')}>{data?.deviceTime ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('lamps.realdata.runMode')}>
          {data?.runMode ? t(`lighting.runModes.${data.runMode}`) : '—'}
          {data?.policyMode ? ` · ${t(`lighting.policyModes.${data.policyMode}`)}` : ''}
        </Descriptions.Item>
        {data?.unusableUntil && (
          <Descriptions.Item label={t('lamps.realdata.unusableUntil')}>
            <Tag color="red">{formatTime(data.unusableUntil)}</Tag>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('lighting.readings.raw')} span="filled">
          <Typography.Text code ellipsis={{ tooltip: data?.raw }} style={{ maxWidth: 520 }}>
            {data?.raw ?? '—'}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

interface LampEventDetail {
  triggerType?: string;
  triggerDetail?: string;
  channel?: number;
  value?: number;
}

/** The lamp's events with their codes labelled, event type, trigger type and detail. */
function LampEvents({ projectId, id, l }: { projectId: number; id: number; l: LightingApi }) {
  const { t } = useTranslation();
  const paging = useEventsPaging();
  const events = useQuery({
    queryKey: [...lightingKeys.lamp(projectId, id), 'events', paging.current, paging.pageSize],
    queryFn: () => l.events(id, paging.current, paging.pageSize) as Promise<Page<DeviceEvent>>,
  });
  const detailOf = (e: DeviceEvent) => (e.detail ?? {}) as LampEventDetail;
  const columns: TableColumnsType<DeviceEvent> = [
    { title: t('lamps.events.at'), dataIndex: 'at', width: 170, render: formatTime },
    {
      title: t('lamps.events.code'),
      dataIndex: 'code',
      // The code's label only (issue 13: "灯具故障 (19)" showed the device's code beside it).
      // The family's code, else the platform's (offline, online).
      render: (c: string) => t([`lighting.eventCodes.${c}`, `labels.eventCodes.${c}`], { defaultValue: c }),
    },
    {
      title: t('lamps.events.eventType'),
      dataIndex: 'eventType',
      width: 90,
      render: (v: string) => t(`lighting.eventTypes.${v}`, { defaultValue: v }),
    },
    {
      title: t('lamps.events.level'),
      dataIndex: 'level',
      width: 90,
      render: (v: string) => <EventLevelTag level={v} />,
    },
    {
      title: t('lamps.events.triggerType'),
      key: 'triggerType',
      width: 100,
      render: (_, e) => {
        const v = detailOf(e).triggerType;
        return v ? t(`lighting.triggerTypes.${v}`) : '';
      },
    },
    {
      title: t('lamps.events.triggerDetail'),
      key: 'triggerDetail',
      render: (_, e) => {
        const d = detailOf(e);
        const parts = [
          d.triggerDetail ? t(`lighting.triggerDetails.${d.triggerDetail}`) : '',
          d.value !== undefined ? formatReading(d.value) : '',
          d.channel !== undefined ? t('lamps.events.channel', { channel: d.channel }) : '',
        ];
        return parts.filter(Boolean).join(' · ');
      },
    },
  ];
  return (
    <EventsTable testId="lamp-events" columns={columns} page={events.data} loading={events.isLoading} {...paging} />
  );
}

/** The policies the lamp runs, and pushing them to its controller again (policydef). */
function LampPolicies({
  projectId,
  id,
  l,
  editable,
}: {
  projectId: number;
  id: number;
  l: LightingApi;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const policies = useQuery({
    queryKey: [...lightingKeys.lamp(projectId, id), 'policies'],
    queryFn: () => l.lampPolicies(id),
  });
  const push = useMutation({
    mutationFn: () => l.policydefLamp(id),
    onSuccess: () => message.success(t('lamps.policies.pushed')),
    onError: (error) => message.error((isApiError(error) && error.body?.message) || t('common.loadFailed')),
  });
  return (
    <DevicePolicies
      actions={
        <>
          {editable && (
            <Button icon={<CloudUploadOutlined />} loading={push.isPending} onClick={() => push.mutate()}>
              {t('lighting.commands.policydef')}
            </Button>
          )}
          <Typography.Text type="secondary">{t('lamps.policies.hint')}</Typography.Text>
        </>
      }
      rows={policies.data}
      loading={policies.isLoading}
      labels={{ name: t('lighting.policy.name'), no: t('lighting.policy.no'), inUse: t('lighting.policy.inUse') }}
      mode={{
        key: 'cycle',
        title: t('schedule.cycle'),
        render: (p) => t(`schedule.cycleModes.${p.cycle.mode}`),
      }}
    />
  );
}
