import { SaveOutlined } from '@ant-design/icons';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, type FormInstance, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useFeedback } from '../../app/feedback';
import { applyServerErrors } from '../crud';

/**
 * A device's configuration form in a card: saved, and sent to the device when it is connected (the
 * message says which); the server's words on the fields they concern, or in a message. Texts `<ns>.config`,
 * `<ns>.configSave`, `<ns>.configDelivered`, `<ns>.configNotDelivered` (unless `messages` says them); test
 * ids `<ns>-config`, `<ns>-config-save`.
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
  /** Whether the user may change it (default yes): otherwise the form is shown disabled, without saving. */
  editable?: boolean;
  /** Labels beside the fields, this wide, in a card as tall as its row (default labels above the fields). */
  labelWidth?: number;
  /** The form's name (its fields' ids). */
  name?: string;
  /** The save button's icon (default yes). */
  saveIcon?: boolean;
  /** What the saved answer says, delivered or not (default the family's texts). */
  messages?: { delivered: string; notDelivered: string };
  /** The form's items. */
  children: ReactNode;
}) {
  const { ns, editable = true, labelWidth } = props;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<V>();
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: (answer) => {
      props.onSaved(answer);
      const messages = props.messages ?? {
        delivered: t(`${ns}.configDelivered`),
        notDelivered: t(`${ns}.configNotDelivered`),
      };
      if (answer.delivered) message.success(messages.delivered);
      else message.info(messages.notDelivered);
    },
    onError: (error) => {
      if (applyServerErrors(form, error)) return;
      message.error((isApiError(error) ? error.body?.message : undefined) ?? t('common.loadFailed'));
    },
  });
  const style = labelWidth ? { height: '100%' } : undefined;
  if (!props.initialValues) return <Card title={t(`${ns}.config`)} size="small" style={style} loading />;
  const button = (
    <Button
      type="primary"
      htmlType="submit"
      icon={props.saveIcon === false ? undefined : <SaveOutlined />}
      loading={save.isPending}
      data-testid={`${ns}-config-save`}
    >
      {t(`${ns}.configSave`)}
    </Button>
  );
  return (
    <Card title={t(`${ns}.config`)} size="small" style={style} data-testid={`${ns}-config`}>
      {props.hint && <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>}
      <Form<V>
        form={form}
        name={props.name}
        layout={labelWidth ? 'horizontal' : 'vertical'}
        labelCol={labelWidth ? { flex: `${labelWidth}px` } : undefined}
        initialValues={props.initialValues}
        disabled={!editable}
        onFinish={(values) => save.mutate(values)}
        onValuesChange={(changed: Partial<V>) => props.onValuesChange?.(changed, form)}
      >
        {props.children}
        {editable &&
          (labelWidth ? (
            // Under the fields, past their labels.
            <Form.Item label=" " colon={false}>
              {button}
            </Form.Item>
          ) : (
            button
          ))}
      </Form>
    </Card>
  );
}

/**
 * A device's configuration beside its labels, in a card as tall as its row (a detail page's half of a
 * row): the form named `<ns>-config` (its fields' ids), saved by a plain button, what the answer says in
 * `<ns>.configSaved` or `<ns>.configSavedOffline`.
 */
export function SideConfigCard<V extends object, A extends { delivered: boolean }>(
  props: Omit<Parameters<typeof DeviceConfigCard<V, A>>[0], 'name' | 'saveIcon' | 'messages' | 'labelWidth'> & {
    labelWidth: number;
  },
) {
  const { t } = useTranslation();
  const { ns } = props;
  return (
    <DeviceConfigCard<V, A>
      {...props}
      name={`${ns}-config`}
      saveIcon={false}
      messages={{ delivered: t(`${ns}.configSaved`), notDelivered: t(`${ns}.configSavedOffline`) }}
    />
  );
}

/** A device's stored configuration, loaded for the config card, and `store` to keep what a save answered. */
export function useStoredConfig<C>(key: QueryKey, load: () => Promise<C>) {
  const client = useQueryClient();
  const config = useQuery({ queryKey: key, queryFn: load });
  return { data: config.data, store: (answer: C) => client.setQueryData(key, answer) };
}
