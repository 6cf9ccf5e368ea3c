import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ADDRESS_TYPES,
  PERIPHERAL_KINDS,
  PERIPHERAL_PORTS,
  PERIPHERAL_PROTOCOLS,
  peripheralsBody,
  TRANSFER_TYPES,
} from '@sc/contract';
import { Button, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../i18n/i18n';
import { type Path, pathRule, StoredForm, type StoredSource } from './stored-form';

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

/** The peripherals on the device's RS485 bus and how each is read (spec 001 §3 "peripheral args"). */
export function PeripheralsForm(source: StoredSource) {
  const { t } = useTranslation();
  const lang = useLang();
  const rule = (...path: Path) => pathRule(peripheralsBody, path, lang);
  const options = (values: readonly (string | number)[], labels?: string) =>
    values.map((v) => ({ value: v, label: labels ? t(`${labels}.${v}`) : String(v) }));
  const ports = Array.from(
    { length: PERIPHERAL_PORTS[1] - PERIPHERAL_PORTS[0] + 1 },
    (_, i) => PERIPHERAL_PORTS[0] + i,
  );
  const selects: Partial<Record<PeripheralKey, { value: string | number; label: string }[]>> = {
    kind: options(PERIPHERAL_KINDS, 'link.peripheralKinds'),
    protocol: options(PERIPHERAL_PROTOCOLS, 'link.peripheralProtocols'),
    port: options(ports),
    addressType: options(ADDRESS_TYPES, 'link.addressTypes'),
    transferType: options(TRANSFER_TYPES, 'link.transferTypes'),
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
    <StoredForm {...source}>
      <Form.List name="peripherals">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ overflowX: 'auto' }}>
            {fields.length === 0 && <Typography.Text type="secondary">{t('link.peripherals.none')}</Typography.Text>}
            {fields.map((field, i) => (
              <Flex key={field.key} gap={8} align="flex-start" data-testid={`peripheral-${i}`}>
                {PERIPHERAL_ROW.map(({ key, width, checked = true }) => (
                  <div key={key} style={{ width, flex: 'none' }}>
                    <Form.Item
                      name={[field.name, key]}
                      label={i === 0 ? t(`link.peripherals.${key}`) : undefined}
                      rules={checked ? [rule('peripherals', field.name, key)] : undefined}
                    >
                      {peripheralInput(key, t(`link.peripherals.${key}`))}
                    </Form.Item>
                  </div>
                ))}
                {source.editable && (
                  <div style={{ paddingTop: i === 0 ? 36 : 6 }}>
                    <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('common.delete')} />
                  </div>
                )}
              </Flex>
            ))}
            {source.editable && (
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
                {t('link.peripherals.add')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </StoredForm>
  );
}
