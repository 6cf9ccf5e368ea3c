import { MinusCircleOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { Lang } from '@sc/contract';
import {
  MTC_ADDRESS_TYPES,
  MTC_ALARM_KINDS,
  MTC_ALARM_RANGES,
  MTC_ALARM_UNITS,
  MTC_BAUD_RATES,
  MTC_DEFAULT_PORT,
  MTC_EVENT_INTERVAL,
  MTC_PARITIES,
  MTC_PERIPHERAL_KINDS,
  MTC_PERIPHERAL_PORTS,
  MTC_PERIPHERAL_PROTOCOLS,
  MTC_PORT_RANGE,
  MTC_TRANSFER_TYPES,
  MTC_UP_PROTOCOLS,
  mtcAlarmConfigBody,
  mtcCommBody,
  mtcConfigBody,
  mtcPeripheralsBody,
} from '@sc/contract/families/mtc';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import type { RuleRender } from 'antd/es/form';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { applyServerErrors, type Schema } from '../../components/crud';
import { ruleMessage } from '../../components/crud/zod-rule';
import { useErrorText } from '../../components/device';
import { formatTime } from '../../components/time';
import { useLang } from '../../i18n/i18n';
import { type MtcApi, mtcKeys } from './api';
import './texts';

type Path = (string | number)[];
const same = (a: readonly PropertyKey[], b: Path) =>
  a.length >= b.length && b.every((p, i) => String(a[i]) === String(p));
const blank = (v: unknown): unknown =>
  v === '' || v === null
    ? undefined
    : Array.isArray(v)
      ? v.map(blank)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, blank(x)]))
        : v;

/**
 * A rule for a (possibly nested) field of a contract schema, validated against the whole form so that
 * cross-field rules (under below over) report on the field they name; the message in `lang`.
 */
export function pathRule(schema: Schema, path: Path, lang: Lang): RuleRender {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(blank(form.getFieldsValue(true)));
      const issue = result.success ? undefined : result.error?.issues.find((i) => same(i.path, path));
      if (issue) throw new Error(ruleMessage(issue.message, lang));
    },
  });
}

type Kind = 'config' | 'comm' | 'peripherals' | 'alarm';
type Stored = { updatedAt: string | null; delivered: boolean };

/**
 * A stored setting of the cabinet: loaded, edited within the contract's rules, saved (the server stores
 * it and tells the cabinet when connected: the message says which).
 */
function StoredForm({
  kind,
  projectId,
  id,
  load,
  save,
  editable,
  children,
}: {
  kind: Kind;
  projectId: number;
  id: number;
  load: () => Promise<Stored & object>;
  save: (values: never) => Promise<Stored & object>;
  editable: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  const errorText = useErrorText();
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<string | null>(null);
  const key = [...mtcKeys.cabinet(projectId, id), kind];
  const stored = useQuery({ queryKey: key, queryFn: load });
  useEffect(() => {
    if (stored.data) form.setFieldsValue(stored.data);
  }, [stored.data, form]);
  const mutation = useMutation({
    mutationFn: (values: Record<string, unknown>) => save(blank(values) as never),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      message.success(answer.delivered ? t('cabinets.config.savedDelivered') : t('cabinets.config.savedStored'));
      client.setQueryData(key, answer);
    },
    onError: (error) => {
      if (applyServerErrors(form, error)) return;
      setFailure(errorText(error));
    },
  });
  if (stored.isLoading) return <Spin />;
  if (stored.isError) return <Alert type="error" showIcon title={errorText(stored.error)} />;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!editable}
      data-testid={`cabinet-${kind}-form`}
      onFinish={(values) => mutation.mutate(values)}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {children}
      {editable && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={mutation.isPending}>
          {t('common.save')}
        </Button>
      )}
      {stored.data?.updatedAt && (
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          {t('cabinets.config.updatedAt', { at: formatTime(stored.data.updatedAt) })}
        </Typography.Text>
      )}
    </Form>
  );
}

const col = { xs: 24, sm: 12, lg: 8, xl: 6 };

/** Address and where the cabinet reports to (server, port 1024-65535 default 18089, protocol). */
export function ConfigForm({
  projectId,
  id,
  m,
  editable,
}: {
  projectId: number;
  id: number;
  m: MtcApi;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const rule = (name: string) => pathRule(mtcConfigBody, [name], lang);
  return (
    <StoredForm
      kind="config"
      projectId={projectId}
      id={id}
      load={() => m.config(id)}
      save={(v) => m.saveConfig(id, v)}
      editable={editable}
    >
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item
            name="address"
            label={t('cabinets.config.address')}
            rules={[rule('address')]}
            extra={t('cabinets.config.addressHint')}
          >
            <Input maxLength={16} aria-label={t('cabinets.config.address')} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="upServer" label={t('cabinets.config.upServer')} rules={[rule('upServer')]}>
            <Input aria-label={t('cabinets.config.upServer')} />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="upPort"
            label={`${t('cabinets.config.upPort')} (${MTC_PORT_RANGE[0]}–${MTC_PORT_RANGE[1]})`}
            rules={[rule('upPort')]}
            extra={t('cabinets.config.upPortDefault', { port: MTC_DEFAULT_PORT })}
          >
            <InputNumber
              style={{ width: '100%' }}
              placeholder={String(MTC_DEFAULT_PORT)}
              aria-label={t('cabinets.config.upPort')}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="upProtocol" label={t('cabinets.config.upProtocol')} rules={[rule('upProtocol')]}>
            <Select
              aria-label={t('cabinets.config.upProtocol')}
              options={MTC_UP_PROTOCOLS.map((p) => ({ value: p, label: t(`cabinets.protocols.${p}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </StoredForm>
  );
}

const UP_COMM = [
  ['heartbeat', 10, 3600, 's'],
  ['reportInterval', 10, 3600, 's'],
  ['timeout', 1, 60, 's'],
  ['retries', 0, 10, ''],
] as const;

/** Up comm args (heartbeat, report interval, timeout, retries) and down comm args (the RS485 bus). */
export function CommForm({
  projectId,
  id,
  m,
  editable,
}: {
  projectId: number;
  id: number;
  m: MtcApi;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const rule = (...path: Path) => pathRule(mtcCommBody, path, lang);
  const seconds = t('cabinets.units.seconds');
  return (
    <StoredForm
      kind="comm"
      projectId={projectId}
      id={id}
      load={() => m.comm(id)}
      save={(v) => m.saveComm(id, v)}
      editable={editable}
    >
      <Divider titlePlacement="start" plain>
        {t('cabinets.comm.up')}
      </Divider>
      <Row gutter={16}>
        {UP_COMM.map(([name, min, max, unit]) => (
          <Col key={name} {...col}>
            <Form.Item
              name={['up', name]}
              label={`${t(`cabinets.comm.${name}`)} (${min}–${max}${unit ? ` ${seconds}` : ''})`}
              rules={[rule('up', name)]}
            >
              <InputNumber
                style={{ width: '100%' }}
                suffix={unit ? seconds : undefined}
                aria-label={t(`cabinets.comm.${name}`)}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('cabinets.comm.down')}
      </Divider>
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item name={['down', 'baudRate']} label={t('cabinets.comm.baudRate')} rules={[rule('down', 'baudRate')]}>
            <Select
              aria-label={t('cabinets.comm.baudRate')}
              options={MTC_BAUD_RATES.map((b) => ({ value: b, label: String(b) }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name={['down', 'dataBits']} label={t('cabinets.comm.dataBits')} rules={[rule('down', 'dataBits')]}>
            <Select
              aria-label={t('cabinets.comm.dataBits')}
              options={[7, 8].map((b) => ({ value: b, label: String(b) }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name={['down', 'parity']} label={t('cabinets.comm.parity')} rules={[rule('down', 'parity')]}>
            <Select
              aria-label={t('cabinets.comm.parity')}
              options={MTC_PARITIES.map((p) => ({ value: p, label: t(`cabinets.parities.${p}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name={['down', 'stopBits']} label={t('cabinets.comm.stopBits')} rules={[rule('down', 'stopBits')]}>
            <Select
              aria-label={t('cabinets.comm.stopBits')}
              options={[1, 2].map((b) => ({ value: b, label: String(b) }))}
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name={['down', 'pollInterval']}
            label={`${t('cabinets.comm.pollInterval')} (1–3600 ${seconds})`}
            rules={[rule('down', 'pollInterval')]}
          >
            <InputNumber style={{ width: '100%' }} suffix={seconds} aria-label={t('cabinets.comm.pollInterval')} />
          </Form.Item>
        </Col>
      </Row>
    </StoredForm>
  );
}

/** The peripherals on the cabinet's bus and how each is read (spec 001 §3 "peripheral args"). */
/** A peripheral's fields in the order and width of its row; `kind` has no contract rule of its own. */
const PERIPHERAL_CELLS = [
  { key: 'index', width: 70 },
  { key: 'name', width: 130 },
  { key: 'kind', width: 120, checked: false },
  { key: 'protocol', width: 120 },
  { key: 'port', width: 80 },
  { key: 'stationAddress', width: 80 },
  { key: 'addressType', width: 130 },
  { key: 'transferType', width: 90 },
  { key: 'registerStart', width: 100 },
  { key: 'registerCount', width: 80 },
] as const;
type PeripheralKey = (typeof PERIPHERAL_CELLS)[number]['key'];
const PERIPHERAL_ROW: readonly { key: PeripheralKey; width: number; checked?: boolean }[] = PERIPHERAL_CELLS;

export function PeripheralsForm({
  projectId,
  id,
  m,
  editable,
}: {
  projectId: number;
  id: number;
  m: MtcApi;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const rule = (...path: Path) => pathRule(mtcPeripheralsBody, path, lang);
  const options = (values: readonly (string | number)[], labels?: string) =>
    values.map((v) => ({ value: v, label: labels ? t(`${labels}.${v}`) : String(v) }));
  const ports = Array.from(
    { length: MTC_PERIPHERAL_PORTS[1] - MTC_PERIPHERAL_PORTS[0] + 1 },
    (_, i) => MTC_PERIPHERAL_PORTS[0] + i,
  );
  const selects: Partial<Record<PeripheralKey, { value: string | number; label: string }[]>> = {
    kind: options(MTC_PERIPHERAL_KINDS, 'cabinets.peripheralKinds'),
    protocol: options(MTC_PERIPHERAL_PROTOCOLS, 'cabinets.peripheralProtocols'),
    port: options(ports),
    addressType: options(MTC_ADDRESS_TYPES, 'cabinets.addressTypes'),
    transferType: options(MTC_TRANSFER_TYPES, 'cabinets.transferTypes'),
  };
  const peripheralInput = (key: PeripheralKey, label: string) =>
    selects[key] ? (
      <Select aria-label={label} options={selects[key]} />
    ) : key === 'name' ? (
      <Input aria-label={label} />
    ) : (
      <InputNumber style={{ width: '100%' }} aria-label={label} />
    );
  return (
    <StoredForm
      kind="peripherals"
      projectId={projectId}
      id={id}
      load={() => m.peripherals(id)}
      save={(v) => m.savePeripherals(id, v)}
      editable={editable}
    >
      <Form.List name="peripherals">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ overflowX: 'auto' }}>
            {fields.length === 0 && (
              <Typography.Text type="secondary">{t('cabinets.peripherals.none')}</Typography.Text>
            )}
            {fields.map((field, i) => (
              <Flex key={field.key} gap={8} align="flex-start" data-testid={`peripheral-${i}`}>
                {PERIPHERAL_ROW.map(({ key, width, checked = true }) => (
                  <div key={key} style={{ width, flex: 'none' }}>
                    <Form.Item
                      name={[field.name, key]}
                      label={i === 0 ? t(`cabinets.peripherals.${key}`) : undefined}
                      rules={checked ? [rule('peripherals', field.name, key)] : undefined}
                    >
                      {peripheralInput(key, t(`cabinets.peripherals.${key}`))}
                    </Form.Item>
                  </div>
                ))}
                {editable && (
                  <div style={{ paddingTop: i === 0 ? 36 : 6 }}>
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('common.delete')} />
                  </div>
                )}
              </Flex>
            ))}
            {editable && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                style={{ alignSelf: 'flex-start', marginBottom: 12 }}
                onClick={() =>
                  add({
                    index: fields.length + 1,
                    kind: 'meter',
                    protocol: 'modbus',
                    port: 1,
                    stationAddress: 1,
                    addressType: 'holding',
                    transferType: 'rtu',
                    registerStart: 0,
                    registerCount: 1,
                  })
                }
                data-testid="peripheral-add"
              >
                {t('cabinets.peripherals.add')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </StoredForm>
  );
}

/**
 * Alarm thresholds within the ranges of spec 001 §5 (from the contract: under below over), which alarms
 * are on, and the same-event minimum interval (60-3600 s).
 */
export function AlarmForm({
  projectId,
  id,
  m,
  editable,
}: {
  projectId: number;
  id: number;
  m: MtcApi;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const fields = Object.keys(MTC_ALARM_RANGES) as (keyof typeof MTC_ALARM_RANGES)[];
  return (
    <StoredForm
      kind="alarm"
      projectId={projectId}
      id={id}
      load={() => m.alarmConfig(id)}
      save={(v) => m.saveAlarmConfig(id, v)}
      editable={editable}
    >
      <Row gutter={16}>
        {fields.map((field) => {
          const [min, max] = MTC_ALARM_RANGES[field];
          const unit = MTC_ALARM_UNITS[field];
          return (
            <Col key={field} {...col}>
              <Form.Item
                name={field}
                label={`${t(`cabinets.thresholds.${field}`)} (${min}–${max} ${unit})`}
                rules={[pathRule(mtcAlarmConfigBody, [field], lang)]}
                dependencies={fields.filter((f) => f !== field)}
              >
                <InputNumber style={{ width: '100%' }} suffix={unit} aria-label={t(`cabinets.thresholds.${field}`)} />
              </Form.Item>
            </Col>
          );
        })}
        <Col {...col}>
          <Form.Item
            name="sameEventInterval"
            label={`${t('cabinets.config.sameEventInterval')} (${MTC_EVENT_INTERVAL[0]}–${MTC_EVENT_INTERVAL[1]} ${t('cabinets.units.seconds')})`}
            rules={[pathRule(mtcAlarmConfigBody, ['sameEventInterval'], lang)]}
            extra={t('cabinets.config.sameEventIntervalHint')}
          >
            <InputNumber
              style={{ width: '100%' }}
              suffix={t('cabinets.units.seconds')}
              aria-label={t('cabinets.config.sameEventInterval')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="enabled" label={t('cabinets.config.enabledAlarms')}>
        <Checkbox.Group options={MTC_ALARM_KINDS.map((a) => ({ value: a, label: t(`cabinets.alarms.${a}`) }))} />
      </Form.Item>
    </StoredForm>
  );
}
