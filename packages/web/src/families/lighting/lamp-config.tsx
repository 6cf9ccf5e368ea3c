import { SaveOutlined } from '@ant-design/icons';
import {
  LIGHTING_ALARM_RANGES,
  LIGHTING_ALARMS,
  LIGHTING_CONFIG_RANGES,
  lightingAlarmConfigBody,
  lightingConfigBody,
} from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, Form, InputNumber, Row, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import { applyServerErrors, zodFieldRule } from '../../components/crud';
import { formatTime } from '../../components/time';
import { useLang } from '../../i18n/i18n';
import { type LightingApi, lightingKeys } from './api';

const CONFIG_UNITS: Record<string, string> = {
  underCurrent: 'mA',
  overCurrent: 'mA',
  minCurrent: 'mA',
  maxCurrent: 'mA',
  defaultLevel: '%',
  ratedPower: 'W',
  lampLife: 'h',
  fatigueThreshold: 'h',
};
const ALARM_UNITS: Record<string, string> = {
  overCurrent: 'mA',
  underCurrent: 'mA',
  overVoltage: 'V',
  underVoltage: 'V',
  leakage: 'mA',
  temperature: '°C',
  tilt: '°',
};

type Kind = 'config' | 'alarm';
type Stored = { updatedAt: string | null; delivered: boolean } & Record<string, unknown>;

/**
 * A lamp's configuration or alarm configuration (spec 001 §5, §9): each value within its range, the
 * contract's cross-field rules (under below over, min below max, lower below upper) on the field they name.
 */
export function LampConfigForm({
  kind,
  projectId,
  lampId,
  l,
  editable,
}: {
  kind: Kind;
  projectId: number;
  lampId: number;
  l: LightingApi;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<string | null>(null);
  const key = [...lightingKeys.lamp(projectId, lampId), kind];
  const stored = useQuery({
    queryKey: key,
    queryFn: (): Promise<Stored> => (kind === 'config' ? l.config(lampId) : l.alarmConfig(lampId)),
  });
  const ranges = kind === 'config' ? LIGHTING_CONFIG_RANGES : LIGHTING_ALARM_RANGES;
  const schema = kind === 'config' ? lightingConfigBody : lightingAlarmConfigBody;
  const units = kind === 'config' ? CONFIG_UNITS : ALARM_UNITS;
  const labels = kind === 'config' ? 'lighting.config' : 'lighting.alarms';
  useEffect(() => {
    if (stored.data) form.setFieldsValue(stored.data);
  }, [stored.data, form]);
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>): Promise<Stored> =>
      kind === 'config' ? l.saveConfig(lampId, values as never) : l.saveAlarmConfig(lampId, values as never),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      message.success(answer.delivered ? t('lamps.config.savedDelivered') : t('lamps.config.savedStored'));
      client.setQueryData(key, answer);
    },
    onError: (error) => {
      if (applyServerErrors(form, error)) return;
      setFailure(isApiError(error) && error.body?.message ? error.body.message : t('common.loadFailed'));
    },
  });
  if (stored.isLoading) return <Spin />;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!editable}
      data-testid={`lamp-${kind}-form`}
      onFinish={(values) => save.mutate(values)}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Row gutter={16}>
        {Object.entries(ranges).map(([field, [min, max]]) => (
          <Col key={field} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item
              name={field}
              label={`${t(`${labels}.${field}`)} (${min}–${max}${units[field] ? ` ${units[field]}` : ''})`}
              rules={[zodFieldRule(schema, field, lang)]}
              dependencies={Object.keys(ranges).filter((f) => f !== field)}
            >
              <InputNumber style={{ width: '100%' }} suffix={units[field]} aria-label={t(`${labels}.${field}`)} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      {kind === 'alarm' && (
        <Form.Item name="enabled" label={t('lamps.config.enabled')}>
          <Checkbox.Group options={LIGHTING_ALARMS.map((a) => ({ value: a, label: t(`lighting.alarms.${a}`) }))} />
        </Form.Item>
      )}
      {editable && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {t('common.save')}
        </Button>
      )}
      {stored.data?.updatedAt && (
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          {t('lamps.config.updatedAt', { at: formatTime(stored.data.updatedAt) })}
        </Typography.Text>
      )}
    </Form>
  );
}
