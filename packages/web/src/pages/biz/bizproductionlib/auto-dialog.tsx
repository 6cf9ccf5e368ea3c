import { productionAutoBody } from '@sc/contract';
import { Alert, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { applyServerErrors, zodRule } from '../../../components/crud';
import { DraggableModal } from '../../../components/draggable-modal';
import { useLang } from '../../../i18n/i18n';
import { ProjectTreeSelect } from '../devicelist/lookups';
import { previewNos } from './production-tools';
import './texts';

/** Auto-create (productionAutoBody): name, start number, count, model, project; previews the first and last numbers. */
export function AutoDialog({
  base,
  modelOptions,
  onClose,
  onCreated,
}: {
  base: string;
  modelOptions: { value: number; label: string }[];
  onClose: () => void;
  onCreated: (count: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const startNo = Form.useWatch('startNo', form) as string | undefined;
  const count = Form.useWatch('count', form) as number | undefined;
  const preview = previewNos(startNo, count);
  const shape = productionAutoBody.shape;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setFailure(null);
    try {
      await api.post(`${base}/auto`, values, { silent: true });
      onCreated(Number(values.count));
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      setFailure(isApiError(error) ? (error.body?.message ?? error.message) : String(error));
    } finally {
      setSaving(false);
    }
  };

  const label = (f: string) => t(`production.fields.${f}`);
  return (
    <DraggableModal
      open
      width={600}
      title={t('production.autoTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      guard={form}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" name="production-auto" initialValues={{ count: 10 }}>
        <Form.Item name="name" label={label('name')} required rules={[zodRule(shape.name, lang)]}>
          <Input />
        </Form.Item>
        <Form.Item name="startNo" label={label('startNo')} required rules={[zodRule(shape.startNo, lang)]}>
          <Input placeholder="SN0001" />
        </Form.Item>
        <Form.Item name="count" label={label('count')} required rules={[zodRule(shape.count, lang)]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="auto-preview" style={{ marginTop: -8 }}>
          {preview
            ? t('production.autoPreview', { count, first: preview.first, last: preview.last })
            : t('production.autoPreviewEmpty')}
        </Typography.Paragraph>
        <Form.Item name="modelId" label={label('modelId')} required rules={[zodRule(shape.modelId, lang)]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={modelOptions} />
        </Form.Item>
        <Form.Item name="projectId" label={label('projectId')} required rules={[zodRule(shape.projectId, lang)]}>
          <ProjectTreeSelect />
        </Form.Item>
        <Form.Item name="description" label={label('description')} rules={[zodRule(shape.description, lang)]}>
          <Input.TextArea rows={2} showCount maxLength={100} />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
