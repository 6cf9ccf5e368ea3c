import { EyeOutlined } from '@ant-design/icons';
import { KEY1_MASK } from '@sc/contract';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import './texts';

/**
 * key1 (a device's MQTT password) in the item dialog. Lists carry only the mask; editing an item
 * starts from the mask (sent back, it keeps the stored key) and shows the key on demand, read from
 * the edit-level call GET …/{id}/key1.
 */
export function Key1Input(props: { base: string; value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const id = form.getFieldValue('id') as number | undefined;
  const [loading, setLoading] = useState(false);
  const masked = id !== undefined && props.value === KEY1_MASK;

  if (!masked) return <Input value={props.value} onChange={(e) => props.onChange?.(e.target.value)} />;
  const reveal = async () => {
    setLoading(true);
    try {
      const { key1 } = await api.get<{ key1: string }>(`${props.base}/${id}/key1`);
      props.onChange?.(key1);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={KEY1_MASK} readOnly aria-label={t('production.fields.key1')} />
      <Button icon={<EyeOutlined />} loading={loading} onClick={() => void reveal()}>
        {t('production.showKey')}
      </Button>
    </Space.Compact>
  );
}
