import { Alert, Cascader, Checkbox, Form, Input, Radio, Select, TreeSelect } from 'antd';
import { isValidElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { reportApiError } from '../../api/report';
import { useLang } from '../../i18n/i18n';
import { DraggableModal } from '../draggable-modal';
import { applyServerErrors } from './server-errors';
import type { CrudField } from './types';
import { zodRule } from './zod-rule';

/** Inputs the operator chooses from rather than types in ("请选择…"). */
const CHOICES = new Set<unknown>([Select, TreeSelect, Cascader, Radio.Group, Checkbox.Group]);
const isChoice = (input: ReactNode) => isValidElement(input) && CHOICES.has(input.type);

interface FormDialogProps {
  open: boolean;
  title: string;
  resource: string;
  fields: CrudField[];
  initialValues?: Record<string, unknown>;
  editing: boolean;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Create/edit dialog: contract rules validate on the client; a 400 answer's field messages land on
 * the fields; any other refusal with a message shows inside the dialog.
 */
export function FormDialog({
  open,
  title,
  resource,
  fields,
  initialValues,
  editing,
  onSubmit,
  onClose,
}: FormDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      if (applyServerErrors(form, error)) return;
      if (
        isApiError(error) &&
        error.status >= 400 &&
        error.status !== 401 &&
        error.body?.message &&
        error.body.code !== 'SESSION_EXPIRED'
      ) {
        setFailure(error.body.message);
      } else if (isApiError(error)) {
        reportApiError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <DraggableModal
      open={open}
      title={title}
      width={600}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      guard={form}
      afterOpenChange={(visible) => {
        if (!visible) setFailure(null);
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false} name={`${resource}-form`}>
        {fields
          .filter((field) => !(editing && field.createOnly))
          .map((field) => {
            const item = (
              <Form.Item
                key={field.name}
                name={field.name}
                label={t(`${resource}.fields.${field.name}`)}
                required={field.required}
                rules={[
                  ...(field.rule
                    ? [
                        zodRule(field.rule, lang, {
                          label: t(`${resource}.fields.${field.name}`),
                          choose: isChoice(field.input),
                        }),
                      ]
                    : []),
                  ...(field.rules ?? []),
                ]}
                // The field's default where the form's initialValues (an edited record) do not say it already.
                initialValue={initialValues && field.name in initialValues ? undefined : field.initialValue}
              >
                {field.input ?? <Input />}
              </Form.Item>
            );
            const { shown } = field;
            return shown ? (
              <Form.Item key={field.name} noStyle shouldUpdate>
                {({ getFieldsValue }) => (shown(getFieldsValue(true)) ? item : null)}
              </Form.Item>
            ) : (
              item
            );
          })}
      </Form>
    </DraggableModal>
  );
}
