import { SyncOutlined } from '@ant-design/icons';
import { type DeviceView, illumManifest, type RealtimePush } from '@sc/contract';
import { ILLUM_THRESHOLD, illumConfigBody } from '@sc/contract/families/illum';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, InputNumber, Row, Space, Statistic, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '../../app/feedback';
import { AfterPaint } from '../../components/after-paint';
import { type CrudColumn, tableColumns, zodRule } from '../../components/crud';
import {
  ActiveStateTag,
  DeviceRowsCard,
  DeviceShell,
  EventsCard,
  firstEventsPages,
  ReadingsChart,
  SideConfigCard,
  useCardCall,
  useLiveDevice,
  useStoredConfig,
} from '../../components/device';
import { formatTime } from '../../components/time';
import { useLang } from '../../i18n/i18n';
import { type FamilyDetailProps, familyDevicePage } from '../kit/family-device-page';
import { type ConfigSaved, type IllumLamp, illumApi, illumKeys } from './api';
import { EnabledTag } from './illum-list-page';

const LIST = '/pjt/pjtdeviceillumlist';

/** /pjt/pjtdeviceillum?id= (spec 001 §2): one sensor's configuration, real-time value, lamps and logs. */
export default familyDevicePage({ ns: 'illum', list: LIST }, IllumDetail);

function IllumDetail({ projectId, id, editable, back }: FamilyDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const illum = illumApi(projectId);
  const eventsKey = illumKeys.events(projectId, id);
  // The last day's readings for the chart, fixed when the page opens.
  const period = useMemo(() => {
    const to = new Date();
    return { from: new Date(to.getTime() - 24 * 3600_000).toISOString(), to: to.toISOString() };
  }, []);
  const [live, setLive] = useState<{ value: number; at: string } | null>(null);

  const { ok, device, fallback } = useLiveDevice({
    id,
    queryKey: illumKeys.one(projectId, id),
    queryFn: () => illum.one(id),
    back,
    isDevice: (d) => d.type === illumManifest.type,
    onPush: (push: RealtimePush) => {
      if (!('deviceId' in push) || push.deviceId !== id) return;
      if (push.kind === 'telemetry' && typeof push.values.illuminance === 'number')
        setLive({ value: push.values.illuminance, at: push.at });
      if (push.kind === 'event') void client.invalidateQueries(firstEventsPages(eventsKey));
    },
  });
  const config = useQuery({
    queryKey: illumKeys.config(projectId, id),
    queryFn: () => illum.config(id),
    enabled: ok,
  });
  const lamps = useQuery({
    queryKey: illumKeys.lamps(projectId, id),
    queryFn: () => illum.lamps(id),
    enabled: ok,
  });
  const series = useQuery({
    queryKey: illumKeys.series(projectId, id),
    queryFn: () => illum.series(id, period.from, period.to),
    enabled: ok,
  });
  const latest = series.data?.points.at(-1);

  if (!device) return fallback;
  const d = device;
  const current =
    live ?? (latest && typeof latest.illuminance === 'number' ? { value: latest.illuminance, at: latest.at } : null);

  return (
    <DeviceShell
      device={d}
      back={back}
      testId="illum"
      tags={
        <>
          <ActiveStateTag state={d.activeState} />
          {config.data && <EnabledTag enabled={config.data.enabled} />}
        </>
      }
      operationLog={false}
      properties={{
        title: t('illum.base'),
        items: [
          { label: t('illum.fields.no'), value: d.no },
          { label: t('illum.fields.equipmentId'), value: d.equipmentId ?? '' },
          {
            label: t('illum.parent'),
            value:
              d.parentId && d.parentName ? (
                <Link to={`/pjt/pjtdevicegateway?id=${d.parentId}`}>{d.parentName}</Link>
              ) : (
                <Typography.Text type="secondary">{t('illum.noParent')}</Typography.Text>
              ),
          },
          { label: t('illum.fields.peripheralIndex'), value: config.data?.peripheralIndex ?? '' },
          { label: t('illum.fields.lastActiveAt'), value: formatTime(d.lastActiveAt) },
          { label: t('illum.lamps'), value: lamps.data?.length ?? '' },
        ],
      }}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <ConfigCard projectId={projectId} device={d} editable={editable} />
        </Col>
        <Col xs={24} xl={12}>
          <RealdataCard
            projectId={projectId}
            device={d}
            current={current}
            threshold={config.data?.threshold ?? null}
            editable={editable}
            onRead={(value, at) => setLive({ value, at })}
          />
        </Col>
      </Row>
      {/* The history and the two tables mount once the top of the page is painted. */}
      <AfterPaint>
        <Card title={t('illum.history')} size="small">
          <ReadingsChart
            points={series.data?.points}
            readings={[{ key: 'illuminance', unit: t('illum.unit'), label: t('illum.fields.illuminance') }]}
            period={period}
            bucketSeconds={series.data?.bucketSeconds}
            resolution={series.data?.resolution}
            loading={series.isLoading}
            height={240}
          />
        </Card>
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={11}>
            <LampsTable rows={lamps.data ?? []} loading={lamps.isLoading} />
          </Col>
          <Col xs={24} xl={13}>
            {/* Event codes in words: the family's own, and the platform's (OFFLINE). */}
            <EventsCard
              title={t('illum.events')}
              codes="illum.eventCodes"
              load={{
                key: (query) => [...eventsKey, query],
                fn: (query) => illum.events(id, query.page, query.pageSize),
              }}
            />
          </Col>
        </Row>
      </AfterPaint>
    </DeviceShell>
  );
}

/** Threshold and peripheral index (validated with the contract's rule), and enabled or disabled. */
function ConfigCard({ projectId, device, editable }: { projectId: number; device: DeviceView; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const { message, confirm } = useFeedback();
  const illum = illumApi(projectId);
  const config = useStoredConfig(illumKeys.config(projectId, device.id), () => illum.config(device.id));
  const saved = (answer: ConfigSaved) => {
    config.store(answer);
    void client.invalidateQueries({ queryKey: illumKeys.sensors(projectId) });
  };
  const inuse = useMutation({
    mutationFn: (enabled: boolean) => illum.setInuse(device.id, enabled),
    onSuccess: (answer) => {
      saved(answer);
      if (!answer.delivered) message.info(t('illum.configSavedOffline'));
      else message.success(answer.enabled ? t('illum.inuseOn') : t('illum.inuseOff'));
    },
  });
  const shape = illumConfigBody.shape;

  return (
    <SideConfigCard
      ns="illum"
      labelWidth={140}
      editable={editable}
      initialValues={
        config.data && { threshold: config.data.threshold ?? undefined, peripheralIndex: config.data.peripheralIndex }
      }
      save={(values: { threshold: number; peripheralIndex?: number | null }) => illum.setConfig(device.id, values)}
      onSaved={saved}
    >
      <Form.Item name="threshold" label={t('illum.fields.threshold')} required rules={[zodRule(shape.threshold, lang)]}>
        <InputNumber
          // No min/max here: the contract's rule says what is wrong instead of the input silently clamping.
          placeholder={`${ILLUM_THRESHOLD.min} - ${ILLUM_THRESHOLD.max}`}
          step={0.5}
          suffix={t('illum.unit')}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item
        name="peripheralIndex"
        label={t('illum.fields.peripheralIndex')}
        rules={[zodRule(shape.peripheralIndex, lang)]}
      >
        <InputNumber placeholder="0 - 255" precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label={t('illum.fields.enabled')}>
        <Switch
          aria-label={t('illum.fields.enabled')}
          checked={config.data?.enabled}
          loading={inuse.isPending}
          checkedChildren={t('illum.enabledOn')}
          unCheckedChildren={t('illum.enabledOff')}
          onChange={(enabled) =>
            enabled
              ? inuse.mutate(true)
              : confirm({
                  title: t('illum.disable'),
                  content: t('illum.inuseConfirmOff', { name: device.name }),
                  okText: t('common.ok'),
                  cancelText: t('common.cancel'),
                  onOk: () => inuse.mutateAsync(false).catch(() => undefined),
                })
          }
        />
      </Form.Item>
    </SideConfigCard>
  );
}

/** The current value against the threshold, and "read now" (the realdata command). */
function RealdataCard(props: {
  projectId: number;
  device: DeviceView;
  current: { value: number; at: string } | null;
  threshold: number | null;
  editable: boolean;
  onRead: (value: number, at: string) => void;
}) {
  const { t } = useTranslation();
  const { mutation: read, failure } = useCardCall(
    () => illumApi(props.projectId).realdata(props.device.id),
    (answer) => {
      const result = answer.result as { illuminance?: number; at?: string } | null;
      if (typeof result?.illuminance === 'number')
        props.onRead(result.illuminance, result.at ?? new Date().toISOString());
    },
  );
  const { current, threshold } = props;
  const below = current && threshold !== null && current.value < threshold;
  return (
    <Card title={t('illum.realdata')} size="small" style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Flex gap={48} wrap>
          <Statistic
            title={t('illum.fields.illuminance')}
            value={current ? current.value : t('illum.noReading')}
            precision={current ? 3 : undefined}
            suffix={current ? t('illum.unit') : undefined}
            styles={below ? { content: { color: '#d46b08' } } : undefined}
          />
          <Statistic
            title={t('illum.fields.threshold')}
            value={threshold ?? t('illum.noReading')}
            suffix={threshold !== null ? t('illum.unit') : undefined}
          />
        </Flex>
        <Typography.Text type="secondary" data-testid="illum-at">
          {current ? `${t('illum.fields.at')}: ${formatTime(current.at)}` : t('illum.noReading')}
        </Typography.Text>
        {props.editable && (
          <Space>
            <Button icon={<SyncOutlined />} loading={read.isPending} onClick={() => read.mutate()}>
              {t('illum.readNow')}
            </Button>
          </Space>
        )}
        {read.isSuccess && current && (
          <Alert type="success" showIcon title={t('illum.readDone', { value: current.value })} />
        )}
        {failure}
      </Flex>
    </Card>
  );
}

function LampsTable({ rows, loading }: { rows: IllumLamp[]; loading: boolean }) {
  const { t } = useTranslation();
  const declared: CrudColumn<IllumLamp>[] = [
    { field: 'name', ellipsis: true },
    { field: 'no', ellipsis: true },
    { field: 'groupName', title: t('illum.group'), ellipsis: true },
    { field: 'activeState', kind: { kind: 'active' } },
    { field: 'lastActiveAt', kind: { kind: 'time' } },
  ];
  return (
    <DeviceRowsCard<IllumLamp>
      title={t('illum.lamps')}
      testId="lamps-table"
      rows={rows}
      loading={loading}
      columns={tableColumns(declared, (field) => t(`illum.fields.${field}`))}
      empty={t('illum.lampsEmpty')}
    />
  );
}
