import { ArrowLeftOutlined, HistoryOutlined, SaveOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type DeviceView, LOG_PAGE_SIZE, type RealtimePush } from '@sc/contract';
import { WHM_PERIPHERAL_INDEX, WHM_PICK_INTERVAL } from '@sc/contract/families/whm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Result,
  Row,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { useRealtime } from '../../api/realtime';
import { useFeedback } from '../../app/feedback';
import { canModify, useAuthLevel } from '../../components/crud';
import {
  ActiveStateTag,
  CommandBar,
  EventsTable,
  LatestValues,
  LiveBadge,
  patchLiveRow,
  type ReadingPoint,
  RegisteredTag,
} from '../../components/device';
import { ProjectScoped } from '../../components/project-scoped';
import { formatTime } from '../../components/time';
import { LIST_PAGE, useWhmReadings, WHM_COMMANDS, WHM_TYPE, type WhmConfig, whmApi, whmKeys } from './api';
import { WhmHistory } from './whm-history';

/** /pjt/pjtdevicewhm?id= (spec 001 §2): one meter's state, real-time data, config, in-use flag, events and history. */
export default function WhmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <ProjectScoped>
      {(projectId) =>
        Number.isInteger(id) && id > 0 ? (
          <WhmDetail key={id} projectId={projectId} id={id} />
        ) : (
          <Result status="404" title={t('whm.missing')} extra={<BackLink />} />
        )
      }
    </ProjectScoped>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={LIST_PAGE}>
      <Button icon={<ArrowLeftOutlined />}>{t('whm.back')}</Button>
    </Link>
  );
}

function WhmDetail({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const whm = whmApi(projectId);
  const editable = canModify(useAuthLevel());
  const deviceKey = whmKeys.one(projectId, id);
  const latestKey = [...whmKeys.readings(projectId, id), 'latest'];
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZE.default);
  const device = useQuery({ queryKey: deviceKey, queryFn: () => whm.one(id) });
  const ok = device.isSuccess;
  const config = useQuery({ queryKey: whmKeys.config(projectId, id), queryFn: () => whm.config(id), enabled: ok });
  // The latest reading: the newest of the last week, then live from telemetry pushes.
  const latest = useQuery({
    queryKey: latestKey,
    queryFn: async (): Promise<ReadingPoint | null> => {
      const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
      const answer = await whm.readings(id, { from, to: new Date().toISOString(), page: 1, pageSize: 25 });
      return answer.list[0] ?? null;
    },
    enabled: ok,
  });
  const events = useQuery({
    queryKey: [...whmKeys.events(projectId, id), page, pageSize],
    queryFn: () => whm.events(id, page, pageSize),
    enabled: ok,
  });
  const readings = useWhmReadings();

  useRealtime({ devices: ok ? [id] : [] }, (push: RealtimePush) => {
    if (!('deviceId' in push) || push.deviceId !== id) return;
    if (push.kind === 'state') client.setQueryData<DeviceView>(deviceKey, (d) => (d ? patchLiveRow(d, push) : d));
    if (push.kind === 'telemetry' && push.type === WHM_TYPE)
      client.setQueryData<ReadingPoint | null>(latestKey, (): ReadingPoint => ({ ...push.values, at: push.at }));
    if (push.kind === 'event') void client.invalidateQueries({ queryKey: whmKeys.events(projectId, id) });
  });

  if (device.isLoading) return <Spin style={{ margin: 48 }} />;
  if (device.isError || !device.data) {
    const missing = isApiError(device.error) && [400, 404].includes(device.error.status);
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('whm.missing') : t('common.loadFailed')}
        extra={<BackLink />}
      />
    );
  }
  const d = device.data;
  const inUse = d.props?.inUse !== false;

  return (
    <Flex vertical gap={12}>
      <Card
        title={
          <Space size={12} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="whm-name">
              {d.name}
            </Typography.Title>
            <ActiveStateTag state={d.activeState} />
            <RegisteredTag registered={d.registered} />
            <LiveBadge />
          </Space>
        }
        extra={
          <Space wrap>
            <InUseSwitch projectId={projectId} device={d} inUse={inUse} editable={editable} />
            <Link to="/man/operatehistory">
              <Button icon={<HistoryOutlined />}>{t('gateways.operationLog')}</Button>
            </Link>
            <BackLink />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} title={t('whm.properties')}>
          <Descriptions.Item label={t('whm.fields.no')}>{d.no}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.equipmentId')}>{d.equipmentId ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.lastActiveAt')}>{formatTime(d.lastActiveAt)}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.parentName')}>{d.parentName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.peripheralIndex')}>
            {config.data?.peripheralIndex ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.pickInterval')}>{config.data?.pickInterval ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.model')}>{d.modelName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.area')}>{d.areaName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.group')}>{d.groupName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.location')}>
            {d.lng !== null && d.lat !== null ? `${d.lng}, ${d.lat}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('whm.fields.description')}>{d.description}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={editable ? 14 : 24}>
          <Card title={t('whm.realtime')} size="small" data-testid="whm-realtime">
            <Flex vertical gap={12}>
              <LatestValues reading={latest.data ?? undefined} readings={readings} atLabel={t('whm.fields.pickedAt')} />
              {editable && (
                <CommandBar
                  title={t('whm.commandsTitle')}
                  send={async (c) => {
                    const answer = await whm.command(id, c);
                    // The meter's values go to the panel above (and the telemetry it sends): not shown raw.
                    const values = (answer.result as { values?: Record<string, unknown> } | null)?.values;
                    if (values)
                      client.setQueryData<ReadingPoint | null>(latestKey, () => ({
                        ...values,
                        at: new Date().toISOString(),
                      }));
                    return { ...answer, result: null };
                  }}
                  commands={WHM_COMMANDS.map((c) => ({
                    key: c.name,
                    label: t(`whm.commands.${c.name}`),
                    icon: <ThunderboltOutlined />,
                  }))}
                />
              )}
            </Flex>
          </Card>
        </Col>
        {editable && (
          <Col xs={24} xl={10}>
            <ConfigCard projectId={projectId} id={id} config={config.data} />
          </Col>
        )}
      </Row>
      <WhmHistory projectId={projectId} id={id} />
      <Card title={t('whm.eventsTitle')} size="small">
        <EventsTable
          page={events.data}
          loading={events.isLoading}
          current={page}
          pageSize={pageSize}
          onPage={(p, size) => {
            setPage(size === pageSize ? p : 1);
            setPageSize(size);
          }}
        />
      </Card>
    </Flex>
  );
}

/** The in-use flag (spec 001 §7 "whm: inuse"): taking a meter out of use asks first. */
function InUseSwitch(props: { projectId: number; device: DeviceView; inUse: boolean; editable: boolean }) {
  const { projectId, device, inUse, editable } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const { confirm, message } = useFeedback();
  const set = useMutation({
    mutationFn: (next: boolean) => whmApi(projectId).setInUse(device.id, next),
    onSuccess: (answer) => {
      client.setQueryData<DeviceView>(whmKeys.one(projectId, device.id), (d) =>
        d ? { ...d, props: { ...d.props, inUse: answer.inUse } } : d,
      );
      void client.invalidateQueries({ queryKey: whmKeys.list(projectId) });
      message.success(t(answer.inUse ? 'whm.inUseOn' : 'whm.inUseOff', { name: device.name }));
    },
  });
  const change = (next: boolean) => {
    if (next) return set.mutate(true);
    confirm({
      title: t('whm.inUseNo'),
      content: t('whm.inUseConfirmOff', { name: device.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => set.mutate(false),
    });
  };
  return (
    <Space size={6}>
      <Typography.Text>{t('whm.fields.inUse')}</Typography.Text>
      <Switch
        data-testid="whm-inuse"
        aria-label={t('whm.fields.inUse')}
        checked={inUse}
        loading={set.isPending}
        disabled={!editable}
        onChange={change}
      />
    </Space>
  );
}

/** Peripheral index and pick interval, saved and sent to a connected meter (spec 001 §7 "whm: config"). */
function ConfigCard({ projectId, id, config }: { projectId: number; id: number; config: WhmConfig | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ peripheralIndex: number; pickInterval: number }>();
  const save = useMutation({
    mutationFn: (values: { peripheralIndex: number; pickInterval: number }) => whmApi(projectId).saveConfig(id, values),
    onSuccess: (answer) => {
      client.setQueryData<WhmConfig>(whmKeys.config(projectId, id), answer);
      void client.invalidateQueries({ queryKey: whmKeys.list(projectId) });
      if (answer.delivered) message.success(t('whm.configDelivered'));
      else message.info(t('whm.configNotDelivered'));
    },
    onError: (error) => {
      const body = isApiError(error) ? error.body : undefined;
      message.error(body?.message ?? t('common.loadFailed'));
    },
  });
  if (!config) return <Card title={t('whm.config')} size="small" loading />;
  const range = (r: { min: number; max: number }) => ({ type: 'number' as const, min: r.min, max: r.max });
  const rangeMessage = (r: { min: number; max: number }) => t('validation.range', { min: r.min, max: r.max });
  return (
    <Card title={t('whm.config')} size="small" data-testid="whm-config">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ peripheralIndex: config.peripheralIndex ?? undefined, pickInterval: config.pickInterval }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="peripheralIndex"
          label={t('whm.fields.peripheralIndex')}
          rules={[
            { required: true, message: t('validation.required') },
            { ...range(WHM_PERIPHERAL_INDEX), message: rangeMessage(WHM_PERIPHERAL_INDEX) },
          ]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="pickInterval"
          label={t('whm.fields.pickInterval')}
          rules={[
            { required: true, message: t('validation.required') },
            { ...range(WHM_PICK_INTERVAL), message: rangeMessage(WHM_PICK_INTERVAL) },
          ]}
        >
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={save.isPending}
          data-testid="whm-config-save"
        >
          {t('whm.configSave')}
        </Button>
      </Form>
    </Card>
  );
}
