import { PoweroffOutlined } from '@ant-design/icons';
import { LED_BRIGHTNESS, LED_VOLUME, type LedControlBody, ledControlBody } from '@sc/contract/families/led';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/report';
import { useFeedback } from '../../app/feedback';
import { zodFieldRule } from '../../components/crud';
import { useLang } from '../../i18n/i18n';
import { ledApi } from './api';

/** The levels the form sets, with their ranges (spec 001 §5); one past each end is typed, then refused in words. */
const LEVELS = [
  { field: 'brightness', range: LED_BRIGHTNESS, width: 100 },
  { field: 'volume', range: LED_VOLUME, width: 80 },
] as const;

/**
 * Spec 001 §2 "control": brightness (1-255) and volume (0-15) checked with the contract's rule before
 * they are sent, and the screen's power; the screen's answer (or the server's words) is said.
 */
export function LedControl({
  projectId,
  id,
  current,
}: {
  projectId: number;
  id: number;
  current: { brightness: number | null; volume: number | null };
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { confirm, message } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<{ brightness?: number; volume?: number }>();
  const led = ledApi(projectId);
  const control = useMutation({
    mutationFn: (body: LedControlBody) => led.control({ id, body }, { silent: true }),
    onSuccess: () => {
      message.success(t('led.sent'));
      void client.invalidateQueries({ queryKey: led.runtime.key({ id }) });
    },
    onError: (error) => message.error(failureText(error)),
  });

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    control.mutate(ledControlBody.parse(values));
  };
  const power = (on: boolean) =>
    on
      ? control.mutate({ power: true })
      : confirm({
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          title: t('led.powerOff'),
          content: t('led.confirmPowerOff'),
          okButtonProps: { danger: true },
          onOk: () => control.mutate({ power: false }),
        });
  const rule = (field: 'brightness' | 'volume') =>
    zodFieldRule(ledControlBody, field, lang, { label: t(`led.fields.${field}`) });

  return (
    <Card
      title={t('led.control')}
      size="small"
      data-testid="led-control"
      extra={
        <Space>
          <Button icon={<PoweroffOutlined />} onClick={() => power(true)} data-testid="led-power-on">
            {t('led.powerOn')}
          </Button>
          <Button danger icon={<PoweroffOutlined />} onClick={() => power(false)} data-testid="led-power-off">
            {t('led.powerOff')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        // Filled with the screen's levels once its runtime is known (then left to the operator).
        key={current.brightness === null ? 'unknown' : 'known'}
        layout="inline"
        initialValues={{ brightness: current.brightness ?? undefined, volume: current.volume ?? undefined }}
        onFinish={() => void send()}
      >
        {LEVELS.map(({ field, range, width }) => (
          <Form.Item key={field} name={field} label={t(`led.fields.${field}`)} rules={[rule(field)]}>
            <InputNumber
              placeholder={`${range.min}-${range.max}`}
              min={range.min - 1}
              max={range.max + 1}
              data-testid={`led-${field}-input`}
              style={{ width }}
            />
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={control.isPending} data-testid="led-send">
            {t('led.send')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
