import { SaveOutlined } from '@ant-design/icons';
import type { Lang } from '@sc/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Spin, Typography } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../app/feedback';
import { applyServerErrors, type Schema } from '../../crud';
import { ruleMessage } from '../../crud/zod-rule';
import { formatTime } from '../../time';
import { useErrorText } from '../firmware-upload';

export type Path = (string | number)[];
const same = (a: readonly PropertyKey[], b: Path) =>
  a.length >= b.length && b.every((p, i) => String(a[i]) === String(p));
const blank = (v: unknown): unknown =>
  v === '' || v === null
    ? undefined
    : Array.isArray(v)
      ? v.map(blank)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, blank(x)]))
        : v;

/**
 * A rule for a (possibly nested) field of a contract schema, validated against the whole form so that
 * cross-field rules (under below over) report on the field they name; the message in `lang`.
 */
export function pathRule(schema: Schema, path: Path, lang: Lang): RuleRender {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(blank(form.getFieldsValue(true)));
      const issue = result.success ? undefined : result.error?.issues.find((i) => same(i.path, path));
      if (issue) throw new Error(ruleMessage(issue.message, lang));
    },
  });
}

type Stored = { updatedAt: string | null; delivered: boolean };

/** Where a stored setting comes from and goes to (the family's client calls) and its cache key. */
export interface StoredSource {
  queryKey: QueryKey;
  load: () => Promise<Stored & object>;
  save: (values: never) => Promise<Stored & object>;
  editable: boolean;
  /** `data-testid` of the form. */
  testId: string;
}

/**
 * A setting the platform stores for a device and tells it (the stored-settings trait): loaded, edited
 * within the contract's rules, saved; the message says whether the device was told now or takes it
 * when it next connects.
 */
export function StoredForm({
  queryKey,
  load,
  save,
  editable,
  testId,
  children,
}: StoredSource & { children: ReactNode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { message } = useFeedback();
  const errorText = useErrorText();
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<string | null>(null);
  const stored = useQuery({ queryKey, queryFn: load });
  useEffect(() => {
    if (stored.data) form.setFieldsValue(stored.data);
  }, [stored.data, form]);
  const mutation = useMutation({
    mutationFn: (values: Record<string, unknown>) => save(blank(values) as never),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      message.success(answer.delivered ? t('link.savedDelivered') : t('link.savedStored'));
      client.setQueryData(queryKey, answer);
    },
    onError: (error) => {
      if (applyServerErrors(form, error)) return;
      setFailure(errorText(error));
    },
  });
  if (stored.isLoading) return <Spin />;
  if (stored.isError) return <Alert type="error" showIcon title={errorText(stored.error)} />;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!editable}
      data-testid={testId}
      onFinish={(values) => mutation.mutate(values)}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {children}
      {editable && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={mutation.isPending}>
          {t('common.save')}
        </Button>
      )}
      {stored.data?.updatedAt && (
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          {t('link.updatedAt', { at: formatTime(stored.data.updatedAt) })}
        </Typography.Text>
      )}
    </Form>
  );
}

/** The column widths of a settings form's fields. */
export const FIELD_COL = { xs: 24, sm: 12, lg: 8, xl: 6 };
