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
        layout="inline"
        initialValues={{ brightness: current.brightness ?? undefined, volume: current.volume ?? undefined }}
        onFinish={() => void send()}
      >
        <Form.Item name="brightness" label={t('led.fields.brightness')} rules={[rule('brightness')]}>
          <InputNumber
            placeholder={t('led.brightnessHint')}
            min={LED_BRIGHTNESS.min - 1}
            max={LED_BRIGHTNESS.max + 1}
            data-testid="led-brightness-input"
            style={{ width: 100 }}
          />
        </Form.Item>
        <Form.Item name="volume" label={t('led.fields.volume')} rules={[rule('volume')]}>
          <InputNumber
            placeholder={t('led.volumeHint')}
            min={LED_VOLUME.min - 1}
            max={LED_VOLUME.max + 1}
            data-testid="led-volume-input"
            style={{ width: 80 }}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={control.isPending} data-testid="led-send">
            {t('led.send')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
