import { PoweroffOutlined, StopOutlined, WifiOutlined } from '@ant-design/icons';
import { WIFI_BANDS, type WifiAction, wifiControlBody } from '@sc/contract/families/wifi';
import { Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { zodFieldRule } from '../../components/crud';
import { useLang } from '../../i18n/i18n';
import { useControl } from './use-control';

/**
 * Spec 001 §2 "control": reboot, a client's MAC in or out of the blacklist (checked with the contract's
 * rule before sending), and each band's radio on or off.
 */
export function WifiControl({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const { confirm } = useFeedback();
  const lang = useLang();
  const [form] = Form.useForm<{ action?: WifiAction; mac?: string }>();
  const control = useControl(projectId, id);

  const blacklist = async (action: 'blacklistAdd' | 'blacklistRemove') => {
    form.setFieldValue('action', action);
    const values = await form.validateFields(['mac']).catch(() => null);
    if (!values) return;
    const body = wifiControlBody.parse({ action, mac: values.mac });
    control.mutate(body, { onSuccess: () => form.resetFields(['mac']) });
  };
  const reboot = () =>
    confirm({
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      title: t('wifi.actions.reboot'),
      content: t('wifi.confirmReboot'),
      okButtonProps: { danger: true },
      onOk: () => control.mutate({ action: 'reboot' }),
    });

  return (
    <Card
      title={t('wifi.control')}
      size="small"
      data-testid="wifi-control"
      extra={
        <Button danger icon={<PoweroffOutlined />} onClick={reboot} data-testid="wifi-reboot">
          {t('wifi.actions.reboot')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Form form={form} layout="vertical" onFinish={() => blacklist('blacklistAdd')}>
          <Form.Item
            name="mac"
            label={t('wifi.macLabel')}
            rules={[zodFieldRule(wifiControlBody, 'mac', lang, { label: t('wifi.macLabel') })]}
            style={{ marginBottom: 8 }}
          >
            <Input placeholder={t('wifi.macPlaceholder')} data-testid="wifi-mac" allowClear />
          </Form.Item>
          <Space wrap>
            <Button
              danger
              icon={<StopOutlined />}
              loading={control.isPending}
              onClick={() => void blacklist('blacklistAdd')}
              data-testid="wifi-blacklist-add"
            >
              {t('wifi.actions.blacklistAdd')}
            </Button>
            <Button onClick={() => void blacklist('blacklistRemove')} data-testid="wifi-blacklist-remove">
              {t('wifi.actions.blacklistRemove')}
            </Button>
          </Space>
        </Form>
        {WIFI_BANDS.map((band) => (
          <Flex key={band} align="center" justify="space-between" gap={8} wrap>
            <Typography.Text>
              <WifiOutlined /> {t('wifi.bandLabel')} {t(`wifi.bands.${band}`)}
            </Typography.Text>
            <Space>
              <Button
                size="small"
                onClick={() => control.mutate({ action: 'radioOn', band })}
                data-testid={`wifi-on-${band}`}
              >
                {t('wifi.actions.radioOn')}
              </Button>
              <Button
                size="small"
                danger
                onClick={() => control.mutate({ action: 'radioOff', band })}
                data-testid={`wifi-off-${band}`}
              >
                {t('wifi.actions.radioOff')}
              </Button>
            </Space>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
