import { SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, type FormInstance, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';

/**
 * A device's configuration form in a card: saved, and sent to the device when it is connected (the
 * message says which); the server's words when it refuses. Texts `<ns>.config`, `<ns>.configSave`,
 * `<ns>.configDelivered`, `<ns>.configNotDelivered`; test ids `<ns>-config`, `<ns>-config-save`.
 */
export function DeviceConfigCard<V extends object, A extends { delivered: boolean }>(props: {
  ns: string;
  /** The saved configuration as the form's values; none while it loads. */
  initialValues: Partial<V> | undefined;
  save: (values: V) => Promise<A>;
  /** What shows the configuration follows the saved answer. */
  onSaved: (answer: A) => void;
  hint?: string;
  onValuesChange?: (changed: Partial<V>, form: FormInstance<V>) => void;
  /** The form's items. */
  children: ReactNode;
}) {
  const { ns } = props;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<V>();
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: (answer) => {
      props.onSaved(answer);
      if (answer.delivered) message.success(t(`${ns}.configDelivered`));
      else message.info(t(`${ns}.configNotDelivered`));
    },
    onError: (error) => message.error((isApiError(error) ? error.body?.message : undefined) ?? t('common.loadFailed')),
  });
  if (!props.initialValues) return <Card title={t(`${ns}.config`)} size="small" loading />;
  return (
    <Card title={t(`${ns}.config`)} size="small" data-testid={`${ns}-config`}>
      {props.hint && <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={props.initialValues}
        onFinish={(values) => save.mutate(values)}
        onValuesChange={(changed: Partial<V>) => props.onValuesChange?.(changed, form)}
      >
        {props.children}
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={save.isPending}
          data-testid={`${ns}-config-save`}
        >
          {t(`${ns}.configSave`)}
        </Button>
      </Form>
    </Card>
  );
}
