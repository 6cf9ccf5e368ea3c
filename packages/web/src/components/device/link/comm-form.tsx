import { BAUD_RATES, commBody, PARITIES } from '@sc/contract';
import { Col, Divider, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/i18n';
import { FIELD_COL, type Path, pathRule, StoredForm, type StoredSource } from './stored-form';

const UP_COMM = [
  ['heartbeat', 10, 3600, 's'],
  ['reportInterval', 10, 3600, 's'],
  ['timeout', 1, 60, 's'],
  ['retries', 0, 10, ''],
] as const;

/** Up comm args (heartbeat, report interval, timeout, retries) and down comm args (the RS485 bus), a link trait's stored setting. */
export function CommForm(source: StoredSource) {
  const { t } = useTranslation();
  const lang = useLang();
  const rule = (...path: Path) => pathRule(commBody, path, lang);
  const seconds = t('link.seconds');
  return (
    <StoredForm {...source}>
      <Divider titlePlacement="start" plain>
        {t('link.comm.up')}
      </Divider>
      <Row gutter={16}>
        {UP_COMM.map(([name, min, max, unit]) => (
          <Col key={name} {...FIELD_COL}>
            <Form.Item
              name={['up', name]}
              label={`${t(`link.comm.${name}`)} (${min}–${max}${unit ? ` ${seconds}` : ''})`}
              rules={[rule('up', name)]}
            >
              <InputNumber
                style={{ width: '100%' }}
                suffix={unit ? seconds : undefined}
                aria-label={t(`link.comm.${name}`)}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Divider titlePlacement="start" plain>
        {t('link.comm.down')}
      </Divider>
      <Row gutter={16}>
        <Col {...FIELD_COL}>
          <Form.Item name={['down', 'baudRate']} label={t('link.comm.baudRate')} rules={[rule('down', 'baudRate')]}>
            <Select
              aria-label={t('link.comm.baudRate')}
              options={BAUD_RATES.map((b) => ({ value: b, label: String(b) }))}
            />
          </Form.Item>
        </Col>
        <Col {...FIELD_COL}>
          <Form.Item name={['down', 'dataBits']} label={t('link.comm.dataBits')} rules={[rule('down', 'dataBits')]}>
            <Select
              aria-label={t('link.comm.dataBits')}
              options={[7, 8].map((b) => ({ value: b, label: String(b) }))}
            />
          </Form.Item>
        </Col>
        <Col {...FIELD_COL}>
          <Form.Item name={['down', 'parity']} label={t('link.comm.parity')} rules={[rule('down', 'parity')]}>
            <Select
              aria-label={t('link.comm.parity')}
              options={PARITIES.map((p) => ({ value: p, label: t(`link.parities.${p}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...FIELD_COL}>
          <Form.Item name={['down', 'stopBits']} label={t('link.comm.stopBits')} rules={[rule('down', 'stopBits')]}>
            <Select
              aria-label={t('link.comm.stopBits')}
              options={[1, 2].map((b) => ({ value: b, label: String(b) }))}
            />
          </Form.Item>
        </Col>
        <Col {...FIELD_COL}>
          <Form.Item
            name={['down', 'pollInterval']}
            label={`${t('link.comm.pollInterval')} (1–3600 ${seconds})`}
            rules={[rule('down', 'pollInterval')]}
          >
            <InputNumber style={{ width: '100%' }} suffix={seconds} aria-label={t('link.comm.pollInterval')} />
          </Form.Item>
        </Col>
      </Row>
    </StoredForm>
  );
}
