import { SaveOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { RealtimePush } from '@sc/contract';
import { scdConfigBody } from '@sc/contract/families/scd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, InputNumber, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import { canModify, useAuthLevel, zodFieldRule } from '../../components/crud';
import {
  CommandBar,
  type DeviceBack,
  DevicePage,
  DeviceShell,
  LatestValues,
  locationText,
  useLiveDevice,
} from '../../components/device';
import { formatTime } from '../../components/time';
import { useLang } from '../../i18n/i18n';
import { binKey, FILL_COLORS, LIST_PAGE, SCD_COMMANDS, SCD_TYPE, type ScdConfig, scdApi, useScdReadings } from './api';
import { PeriodEvents, RecentEvents } from './scd-events';

const BACK: DeviceBack = { to: LIST_PAGE, label: 'scd.back', missing: 'scd.missing' };
const THRESHOLDS = ['fullThreshold', 'overfillThreshold', 'freeDistance'] as const;

/** /pjt/pjtdevicescd?id= (spec 001 §2): one bin's latest values, thresholds, last 24 hours and events by period. */
export default function ScdPage() {
  return <DevicePage back={BACK}>{(projectId, id) => <ScdDetail projectId={projectId} id={id} />}</DevicePage>;
}

function ScdDetail({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const scd = scdApi(projectId);
  const editable = canModify(useAuthLevel());
  const { ok, device, fallback } = useLiveDevice({
    id,
    queryKey: binKey(projectId, id),
    queryFn: () => scd.one(id),
    back: BACK,
    onPush: (push: RealtimePush) => {
      if (!('deviceId' in push) || push.deviceId !== id) return;
      if (push.kind === 'telemetry' && push.type === SCD_TYPE)
        void client.invalidateQueries({ queryKey: scd.latest.key({ id }) });
      if (push.kind === 'event') {
        void client.invalidateQueries({ queryKey: scd.recentEvents.key({ id }) });
        void client.invalidateQueries({ queryKey: scd.events.key({ id }) });
      }
    },
  });
  const latest = useQuery({ queryKey: scd.latest.key({ id }), queryFn: () => scd.latest({ id }), enabled: ok });
  const config = useQuery({ queryKey: scd.config.key({ id }), queryFn: () => scd.config({ id }), enabled: ok });
  const readings = useScdReadings();

  if (!device) return fallback;
  const d = device;
  const report = latest.data?.at ? { ...latest.data.values, at: latest.data.at } : undefined;
  const state = latest.data?.fillState;

  return (
    <DeviceShell
      device={d}
      back={BACK}
      testId="scd"
      properties={{
        title: t('scd.properties'),
        items: [
          { label: t('devices.fields.no'), value: d.no },
          { label: t('devices.fields.equipmentId'), value: d.equipmentId ?? '' },
          { label: t('devices.fields.lastActiveAt'), value: formatTime(d.lastActiveAt) },
          { label: t('families.smartclassifieddustbin.scdId'), value: String(d.props?.scdId ?? '') },
          ...THRESHOLDS.map((k) => ({ label: t(`scd.fields.${k}`), value: config.data?.[k] ?? '' })),
          { label: t('devices.fields.modelName'), value: d.modelName ?? '' },
          { label: t('devices.fields.areaName'), value: d.areaName ?? '' },
          { label: t('devices.fields.groupName'), value: d.groupName ?? '' },
          { label: t('devices.fields.location'), value: locationText(d) },
          { label: t('devices.fields.description'), value: d.description },
        ],
      }}
    >
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={editable ? 14 : 24}>
          <Card
            title={t('scd.realtime')}
            size="small"
            data-testid="scd-realtime"
            extra={
              state ? (
                <Tag color={FILL_COLORS[state]} data-fill-state={state}>
                  {t(`scd.fillStates.${state}`)}
                </Tag>
              ) : null
            }
          >
            <Flex vertical gap={12}>
              <LatestValues reading={report} readings={readings} atLabel={t('scd.fields.reportedAt')} />
              {editable && (
                <CommandBar
                  title={t('scd.commandsTitle')}
                  send={async (c) => {
                    const answer = await scd[c as (typeof SCD_COMMANDS)[number]['name']]({ id }, { silent: true });
                    // The bin's values come back as a report too: the panel above reloads, nothing raw below.
                    void client.invalidateQueries({ queryKey: scd.latest.key({ id }) });
                    return { ...answer, result: null };
                  }}
                  commands={SCD_COMMANDS.map((c) => ({
                    key: c.name,
                    label: t(`scd.commands.${c.name}`),
                    icon: <ThunderboltOutlined />,
                  }))}
                />
              )}
            </Flex>
          </Card>
        </Col>
        {editable && (
          <Col xs={24} xl={10}>
            <ThresholdsCard projectId={projectId} id={id} config={config.data} />
          </Col>
        )}
      </Row>
      <RecentEvents projectId={projectId} id={id} />
      <PeriodEvents projectId={projectId} id={id} />
    </DeviceShell>
  );
}

type ThresholdValues = { fullThreshold: number; overfillThreshold: number; freeDistance: number };

/**
 * The thresholds (spec 001 §5 "full threshold less than over-fill threshold"), checked with the
 * contract's rule before sending, saved and sent to a connected bin.
 */
function ThresholdsCard({ projectId, id, config }: { projectId: number; id: number; config: ScdConfig | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  const [form] = Form.useForm<ThresholdValues>();
  const lang = useLang();
  const save = useMutation({
    mutationFn: (values: ThresholdValues) => scdApi(projectId).saveConfig({ id, body: values }, { silent: true }),
    onSuccess: (answer) => {
      client.setQueryData<ScdConfig>(scdApi(projectId).config.key({ id }), answer);
      void client.invalidateQueries({ queryKey: scdApi(projectId).page.key() });
      void client.invalidateQueries({ queryKey: scdApi(projectId).latest.key({ id }) });
      if (answer.delivered) message.success(t('scd.configDelivered'));
      else message.info(t('scd.configNotDelivered'));
    },
    onError: (error) => message.error((isApiError(error) ? error.body?.message : undefined) ?? t('common.loadFailed')),
  });
  if (!config) return <Card title={t('scd.config')} size="small" loading />;
  return (
    <Card title={t('scd.config')} size="small" data-testid="scd-config">
      <Typography.Paragraph type="secondary">{t('scd.configHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={Object.fromEntries(THRESHOLDS.map((k) => [k, config[k] ?? undefined]))}
        onFinish={(values) => save.mutate(values)}
        // Either threshold moving can break or mend the rule reported on the full threshold.
        onValuesChange={(changed) => {
          if ('overfillThreshold' in changed && form.isFieldTouched('fullThreshold'))
            void form.validateFields(['fullThreshold']);
        }}
      >
        {THRESHOLDS.map((k) => (
          <Form.Item
            key={k}
            name={k}
            label={t(`scd.fields.${k}`)}
            rules={[zodFieldRule(scdConfigBody, k, lang, { label: t(`scd.fields.${k}`) })]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ))}
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={save.isPending}
          data-testid="scd-config-save"
        >
          {t('scd.configSave')}
        </Button>
      </Form>
    </Card>
  );
}
