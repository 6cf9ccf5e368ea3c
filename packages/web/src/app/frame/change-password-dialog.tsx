import { changePasswordForm } from '@sc/contract';
import { Alert, App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { reportApiError } from '../../api/report';
import { sessionApi } from '../../api/session-api';
import { applyServerErrors } from '../../components/crud/server-errors';
import { zodFieldRule } from '../../components/crud/zod-rule';
import { DraggableModal } from '../../components/draggable-modal';
import { useLang } from '../../i18n/i18n';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Modify password: current, new and confirmation ('The passwords must match'). */
export function ChangePasswordDialog({
  userId,
  open,
  onClose,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rule = (field: keyof Values) => zodFieldRule(changePasswordForm, field, lang);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setFailure(null);
    try {
      await sessionApi.changePassword(userId, { oldPassword: values.oldPassword, password: values.password });
      message.success(t('frame.passwordChanged'));
      onClose();
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      if (isApiError(error) && error.status !== 401 && error.body?.code !== 'SESSION_EXPIRED' && error.body?.message) {
        setFailure(error.body.message);
      } else if (isApiError(error)) reportApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableModal
      open={open}
      title={t('frame.modifyPassword')}
      width={500}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      guard={form}
      afterOpenChange={(visible) => !visible && setFailure(null)}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} name="change-password">
        <Form.Item
          name="oldPassword"
          label={t('frame.oldPassword')}
          required
          rules={[{ required: true, message: t('errors.oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('frame.newPassword')} required rules={[rule('password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('frame.confirmPassword')}
          required
          dependencies={['password']}
          rules={[rule('confirm')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
