import {
  ClockCircleOutlined,
  PlusOutlined,
  PoweroffOutlined,
  ScheduleOutlined,
  SyncOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { type DeviceView, pgwManifest, type RealtimePush } from '@sc/contract';
import {
  CARRIER_BANDS,
  PGW_API,
  PGW_COMMANDS,
  PGW_CONFIG,
  PGW_FIRMWARE,
  type PgwConfigBody,
  pgwConfigBody,
} from '@sc/contract/families/pgw';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { type CrudColumn, tableColumns, zodRule } from '../../components/crud';
import {
  CommandBar,
  DeviceRowsCard,
  DeviceShell,
  EventsCard,
  firstEventsPages,
  SideConfigCard,
  useCardCall,
  useErrorText,
  useManifestCommands,
  useParentDevice,
  useStoredConfig,
} from '../../components/device';
import { linkClient, linkTabs } from '../../components/device/link';
import { formatDuration } from '../../components/format';
import { formatTime } from '../../components/time';
import { useLang } from '../../i18n/i18n';
import { type FamilyDetailProps, familyDevicePage } from '../kit/family-device-page';
import { type PgwLamp, type PgwRuntime, pgwApi, pgwKeys } from './api';
import { LampCount } from './pgw-list-page';
import { SignalQuality } from './signal';
import './texts';

const LIST = '/pjt/pjtdevicepgwlist';
const ICONS: Record<(typeof PGW_COMMANDS)[number]['name'], ReactNode> = {
  correcttime: <ClockCircleOutlined />,
  reboot: <PoweroffOutlined />,
  version: <TagOutlined />,
};

/** /pjt/pjtdevicepgw?id= (spec 001 §2): one power-line gateway, its lamp controllers, runtime, config, events. */
export default familyDevicePage({ ns: 'pgw', list: LIST }, PgwDetail);

function PgwDetail({ projectId, id, editable, back }: FamilyDetailProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pgw = pgwApi(projectId);
  const { message } = useFeedback();
  const errorText = useErrorText();
  const deviceKey = pgwKeys.one(projectId, id);
  const lampsKey = pgwKeys.lamps(projectId, id);
  const eventsKey = pgwKeys.events(projectId, id);

  const {
    device,
    fallback,
    children: lamps,
  } = useParentDevice<PgwLamp>({
    id,
    queryKey: deviceKey,
    queryFn: () => pgw.one(id),
    back,
    isDevice: (d) => d.type === pgwManifest.type,
    children: { queryKey: lampsKey, queryFn: () => pgw.lamps(id) },
    onPush: (push: RealtimePush) => {
      if (!('deviceId' in push)) return;
      // A new carrier table: the signals and last contacts changed.
      if (push.kind === 'telemetry' && push.deviceId === id) void client.invalidateQueries({ queryKey: lampsKey });
      if (push.kind === 'event' && push.deviceId === id) void client.invalidateQueries(firstEventsPages(eventsKey));
    },
  });

  const commands = useManifestCommands('pgw', PGW_COMMANDS, ICONS, device?.name ?? '');

  if (!device) return fallback;
  const d = device;
  const props = d.props ?? {};
  const rows = lamps.data ?? [];
  const reachable = rows.filter((r) => (r.signal ?? 0) > 0).length;

  return (
    <DeviceShell
      device={d}
      back={back}
      testId="pgw"
      operationLog={t('pgw.operationLog')}
      properties={{
        title: t('pgw.properties'),
        columns: 4,
        items: [
          { label: t('pgw.fields.no'), value: d.no },
          { label: t('pgw.fields.wireNo'), value: String(props.wireNo ?? '') },
          { label: t('pgw.fields.zoneCode'), value: String(props.zoneCode ?? '') },
          {
            label: t('pgw.fields.lamps'),
            value: lamps.data ? <LampCount lamps={rows.length} reachable={reachable} /> : '',
          },
          { label: t('pgw.fields.equipmentId'), value: d.equipmentId ?? '' },
          { label: t('pgw.fields.model'), value: d.modelName ?? '' },
          { label: t('pgw.fields.lastActiveAt'), value: formatTime(d.lastActiveAt) },
          { label: t('gateways.fields.area'), value: d.areaName ?? '' },
        ],
      }}
    >
      {editable && <CommandBar title={t('pgw.commandsTitle')} send={(c) => pgw.command(d.id, c)} commands={commands} />}
      <LampsCard projectId={projectId} device={d} rows={rows} loading={lamps.isLoading} editable={editable} />
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <RuntimeCard projectId={projectId} device={d} />
        </Col>
        <Col xs={24} xl={12}>
          <ConfigCard projectId={projectId} device={d} editable={editable} />
        </Col>
      </Row>
      <Card size="small" title={t('pgw.upkeep')} data-testid="pgw-upkeep">
        <Tabs
          items={linkTabs({
            t,
            device: d,
            client: linkClient(PGW_API, projectId),
            spec: PGW_FIRMWARE,
            queryKey: deviceKey,
            editable,
            testIdPrefix: 'pgw',
            onLocated: () => void client.invalidateQueries({ queryKey: deviceKey }),
            onError: (error) => message.error(errorText(error)),
          })}
        />
      </Card>
      <EventsCard
        title={t('pgw.events')}
        load={{ key: (query) => [...eventsKey, query], fn: (query) => pgw.events(id, query.page, query.pageSize) }}
      />
    </DeviceShell>
  );
}

/** The registered lamp controllers with their carrier signal; register more, unregister with a confirmation. */
function LampsCard(props: {
  projectId: number;
  device: DeviceView;
  rows: PgwLamp[];
  loading: boolean;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message, confirm } = useFeedback();
  const pgw = pgwApi(props.projectId);
  const { device } = props;
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const changed = () => {
    void client.invalidateQueries({ queryKey: pgwKeys.lamps(props.projectId, device.id) });
    void client.invalidateQueries({ queryKey: pgwKeys.options(props.projectId, device.id) });
    void client.invalidateQueries({ queryKey: pgwKeys.list(props.projectId) });
  };
  const remove = useMutation({
    mutationFn: (ids: number[]) => pgw.removeLamps(device.id, ids),
    onSuccess: (answer) => {
      setSelected([]);
      changed();
      message.success(t('pgw.unregisterDone', { count: answer.changed }));
      if (!answer.delivered) message.info(t('pgw.offlineNote'));
    },
  });
  const sendPolicies = useMutation({
    mutationFn: () => pgw.sendChildPolicies(device.id),
    onSuccess: (answer) => {
      message.success(t('pgw.childPoliciesSent', { count: answer.devices, scheduled: answer.scheduled }));
      if (!answer.delivered) message.info(t('pgw.childPoliciesLater'));
    },
  });
  const askRemove = (rows: PgwLamp[]) =>
    confirm({
      title: t('pgw.unregister'),
      content:
        rows.length === 1
          ? t('pgw.unregisterConfirm', { name: rows[0]!.name })
          : t('pgw.unregisterManyConfirm', { count: rows.length }),
      okText: t('pgw.unregister'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(rows.map((r) => r.id)).catch(() => undefined),
    });

  const declared: CrudColumn<PgwLamp>[] = [
    { field: 'name', ellipsis: true },
    { field: 'no', ellipsis: true },
    { field: 'equipmentId', ellipsis: true },
    { field: 'signal', width: 120, render: (v) => <SignalQuality signal={v as number | null} /> },
    { field: 'lastContact', kind: { kind: 'time' } },
    { field: 'activeState', kind: { kind: 'active' } },
    { field: 'lastActiveAt', kind: { kind: 'time' } },
  ];
  const columns = tableColumns(declared, (field) => t(`pgw.fields.${field}`));
  if (props.editable)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Button size="small" type="link" danger onClick={() => askRemove([r])}>
          {t('pgw.unregister')}
        </Button>
      ),
    });

  return (
    <>
      <DeviceRowsCard<PgwLamp>
        title={t('pgw.lamps')}
        testId="lamps-table"
        rows={props.rows}
        loading={props.loading}
        columns={columns}
        empty={t('pgw.lampsEmpty')}
        rowSelection={
          props.editable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        extra={
          props.editable && (
            <Space wrap>
              <Tooltip title={t('pgw.sendChildPoliciesHint')}>
                <Button
                  icon={<ScheduleOutlined />}
                  disabled={props.rows.length === 0}
                  loading={sendPolicies.isPending}
                  onClick={() => sendPolicies.mutate()}
                  data-testid="send-child-policies"
                >
                  {t('pgw.sendChildPolicies')}
                </Button>
              </Tooltip>
              <Button
                danger
                disabled={selected.length === 0}
                onClick={() => askRemove(props.rows.filter((r) => selected.includes(r.id)))}
              >
                {t('pgw.unregisterSelected')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t('pgw.register')}
              </Button>
            </Space>
          )
        }
      />
      {adding && (
        <RegisterDialog
          projectId={props.projectId}
          device={device}
          onClose={(done) => {
            setAdding(false);
            if (done) changed();
          }}
        />
      )}
    </>
  );
}

/** Picks lamp controllers of the project on the power line, behind no gateway, and registers them. */
function RegisterDialog(props: { projectId: number; device: DeviceView; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const pgw = pgwApi(props.projectId);
  const [ids, setIds] = useState<number[]>([]);
  const options = useQuery({
    queryKey: pgwKeys.options(props.projectId, props.device.id),
    queryFn: () => pgw.lampOptions(props.device.id),
  });
  const { mutation: add, failure } = useCardCall(
    () => pgw.addLamps(props.device.id, ids),
    (answer) => {
      message.success(t('pgw.registerDone', { count: answer.changed }));
      if (!answer.delivered) message.info(t('pgw.offlineNote'));
      props.onClose(true);
    },
  );
  return (
    <Modal
      open
      title={t('pgw.registerTitle', { name: props.device.name })}
      okText={t('pgw.register')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: ids.length === 0, loading: add.isPending }}
      onOk={() => add.mutate()}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('pgw.registerHint')}</Typography.Text>
        <Select
          mode="multiple"
          aria-label={t('pgw.registerPlaceholder')}
          placeholder={t('pgw.registerPlaceholder')}
          loading={options.isLoading}
          value={ids}
          onChange={setIds}
          optionFilterProp="label"
          notFoundContent={t('pgw.registerNone')}
          options={(options.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.no})` }))}
          style={{ width: '100%' }}
        />
        {failure}
      </Flex>
    </Modal>
  );
}

/** Reads the gateway's runtime on demand: its clock in the system timezone and how far it is off. */
function RuntimeCard({ projectId, device }: { projectId: number; device: DeviceView }) {
  const { t } = useTranslation();
  const [runtime, setRuntime] = useState<PgwRuntime | null>(null);
  const { mutation: read, failure } = useCardCall(() => pgwApi(projectId).runtime(device.id), setRuntime);
  return (
    <Card
      title={t('pgw.runtime')}
      size="small"
      style={{ height: '100%' }}
      extra={
        <Button icon={<SyncOutlined />} loading={read.isPending} onClick={() => read.mutate()}>
          {t('pgw.readRuntime')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        {!runtime && !failure && <Typography.Text type="secondary">{t('pgw.runtimeHint')}</Typography.Text>}
        {runtime && (
          <Descriptions size="small" column={2} data-testid="runtime">
            <Descriptions.Item label={t('pgw.deviceTime')}>{formatTime(runtime.deviceTime)}</Descriptions.Item>
            <Descriptions.Item label={t('pgw.clockOffset')}>
              {runtime.clockOffsetSeconds === null
                ? ''
                : t('pgw.clockOffsetValue', { seconds: runtime.clockOffsetSeconds })}
            </Descriptions.Item>
            <Descriptions.Item label={t('pgw.uptime')}>{formatDuration(runtime.uptimeSeconds, t)}</Descriptions.Item>
            <Descriptions.Item label={t('pgw.firmware')}>{runtime.firmware ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('pgw.tableLamps')}>
              {runtime.lamps !== null && runtime.reachable !== null ? (
                <LampCount lamps={runtime.lamps} reachable={runtime.reachable} />
              ) : (
                ''
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('pgw.readAt')}>{formatTime(runtime.readAt)}</Descriptions.Item>
          </Descriptions>
        )}
        {failure}
      </Flex>
    </Card>
  );
}

/** Relay levels, search interval and carrier band (validated with the contract's rules), sent to the gateway. */
function ConfigCard({ projectId, device, editable }: { projectId: number; device: DeviceView; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pgw = pgwApi(projectId);
  const config = useStoredConfig(pgwKeys.config(projectId, device.id), () => pgw.config(device.id));
  const shape = pgwConfigBody.shape;
  const { relayLevels, searchInterval } = PGW_CONFIG;
  return (
    <SideConfigCard
      ns="pgw"
      labelWidth={210}
      editable={editable}
      initialValues={config.data}
      save={(values: PgwConfigBody) => pgw.setConfig(device.id, values)}
      onSaved={config.store}
    >
      <Form.Item
        name="relayLevels"
        label={t('pgw.fields.relayLevels')}
        required
        rules={[zodRule(shape.relayLevels, lang)]}
      >
        <InputNumber placeholder={`${relayLevels.min} - ${relayLevels.max}`} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="searchInterval"
        label={t('pgw.fields.searchInterval')}
        required
        rules={[zodRule(shape.searchInterval, lang)]}
      >
        <InputNumber
          placeholder={`${searchInterval.min} - ${searchInterval.max}`}
          precision={0}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="carrierBand" label={t('pgw.fields.carrierBand')} required>
        <Select
          style={{ width: 200 }}
          options={CARRIER_BANDS.map((b) => ({ value: b, label: t(`families.pgw.carrierBand_${b}`) }))}
        />
      </Form.Item>
    </SideConfigCard>
  );
}
