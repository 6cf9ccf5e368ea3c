import {
  MTC_ALARM_KINDS,
  MTC_ALARM_RANGES,
  MTC_ALARM_UNITS,
  MTC_DEFAULT_PORT,
  MTC_EVENT_INTERVAL,
  MTC_PORT_RANGE,
  MTC_UP_PROTOCOLS,
  mtcAlarmConfigBody,
  mtcConfigBody,
} from '@sc/contract/families/mtc';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_COL, pathRule, StoredForm, type StoredSource } from '../../components/device/link';
import { useLang } from '../../i18n/i18n';
import { type MtcApi, mtcKeys } from './api';
import './texts';

type Kind = 'config' | 'comm' | 'peripherals' | 'alarm';

/** A stored setting of a cabinet as the kit's forms take it: cached under the cabinet, tested by kind. */
export function cabinetSetting<V>(
  kind: Kind,
  projectId: number,
  id: number,
  editable: boolean,
  load: () => Promise<V>,
  save: (values: never) => Promise<V>,
): StoredSource {
  return {
    queryKey: [...mtcKeys.cabinet(projectId, id), kind],
    load: load as StoredSource['load'],
    save: save as StoredSource['save'],
    editable,
    testId: `cabinet-${kind}-form`,
  };
}

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
      {...cabinetSetting(
        'config',
        projectId,
        id,
        editable,
        () => m.config(id),
        (v) => m.saveConfig(id, v),
      )}
    >
      <Row gutter={16}>
        <Col {...FIELD_COL}>
          <Form.Item
            name="address"
            label={t('cabinets.config.address')}
            rules={[rule('address')]}
            extra={t('cabinets.config.addressHint')}
          >
            <Input maxLength={16} aria-label={t('cabinets.config.address')} />
          </Form.Item>
        </Col>
        <Col {...FIELD_COL}>
          <Form.Item name="upServer" label={t('cabinets.config.upServer')} rules={[rule('upServer')]}>
            <Input aria-label={t('cabinets.config.upServer')} />
          </Form.Item>
        </Col>
        <Col {...FIELD_COL}>
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
        <Col {...FIELD_COL}>
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
      {...cabinetSetting(
        'alarm',
        projectId,
        id,
        editable,
        () => m.alarmConfig(id),
        (v) => m.saveAlarmConfig(id, v),
      )}
    >
      <Row gutter={16}>
        {fields.map((field) => {
          const [min, max] = MTC_ALARM_RANGES[field];
          const unit = MTC_ALARM_UNITS[field];
          return (
            <Col key={field} {...FIELD_COL}>
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
        <Col {...FIELD_COL}>
          <Form.Item
            name="sameEventInterval"
            label={`${t('cabinets.config.sameEventInterval')} (${MTC_EVENT_INTERVAL[0]}–${MTC_EVENT_INTERVAL[1]} ${t('link.seconds')})`}
            rules={[pathRule(mtcAlarmConfigBody, ['sameEventInterval'], lang)]}
            extra={t('cabinets.config.sameEventIntervalHint')}
          >
            <InputNumber
              style={{ width: '100%' }}
              suffix={t('link.seconds')}
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
