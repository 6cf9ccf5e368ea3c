import { emailRule, LANGS, type Lang, mobileRule, type NoticeTestResult } from '@sc/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import { applyServerErrors, zodRule } from '../../../components/crud';
import { DraggableModal } from '../../../components/draggable-modal';
import { useLang } from '../../../i18n/i18n';
import { useRevalidateOnLanguage } from '../pjtparams/revalidate-on-language';
import { noticeApi } from './notice-api';
import './texts';

type Channel = 'EMAIL' | 'SMS';
interface TestForm {
  channel: Channel;
  to: string;
  lang: Lang;
}

/**
 * One test e-mail or SMS sent now: the dialog shows the server's answer, the acceptance or its refusal
 * in the reader's language, and stays open so the operator can fix the settings and send again.
 */
export function TestDialog({
  projectId,
  onClose,
  onSent,
}: {
  projectId: number;
  onClose: () => void;
  onSent: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TestForm>();
  useRevalidateOnLanguage(form);
  const channel = (Form.useWatch('channel', form) ?? 'EMAIL') as Channel;
  const [result, setResult] = useState<NoticeTestResult | null>(null);
  const send = useMutation({
    mutationFn: (body: TestForm) => noticeApi(projectId).test({ ...body, to: body.to.trim() }),
    onMutate: () => setResult(null),
    onSuccess: async (answer) => {
      setResult(answer);
      await onSent();
    },
    onError: (error) => {
      if (applyServerErrors(form, error)) return;
      setResult({ sent: false, message: isApiError(error) ? (error.body?.message ?? error.message) : String(error) });
    },
  });
  const submit = async () => {
    const body = await form.validateFields().catch(() => null);
    if (body) send.mutate(body);
  };
  const toLabel = t(channel === 'EMAIL' ? 'noticerule.testToEmail' : 'noticerule.testToMobile');

  return (
    <DraggableModal
      open
      width={520}
      title={t('noticerule.testTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('noticerule.testSend')}
      confirmLoading={send.isPending}
      cancelText={t('noticerule.close')}
    >
      <Typography.Paragraph type="secondary">{t('noticerule.testHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="notice-test" initialValues={{ channel: 'EMAIL', to: '', lang }}>
        <Form.Item name="channel" label={t('noticerule.fields.channel')}>
          <Radio.Group
            optionType="button"
            onChange={() => {
              form.setFields([{ name: 'to', value: '', errors: [] }]);
              setResult(null);
            }}
            options={(['EMAIL', 'SMS'] as const).map((c) => ({ value: c, label: t(`notices.type_${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="to"
          label={toLabel}
          rules={[zodRule(channel === 'EMAIL' ? emailRule() : mobileRule(), lang, { label: toLabel })]}
        >
          <Input
            allowClear
            inputMode={channel === 'EMAIL' ? 'email' : 'tel'}
            placeholder={channel === 'EMAIL' ? 'duty@example.com' : '13800138000'}
          />
        </Form.Item>
        <Form.Item name="lang" label={t('noticerule.fields.lang')}>
          <Radio.Group options={LANGS.map((l) => ({ value: l, label: t(`noticerule.lang_${l}`) }))} />
        </Form.Item>
      </Form>
      {result && (
        <Alert
          data-testid="test-result"
          type={result.sent ? 'success' : 'error'}
          showIcon
          title={t(result.sent ? 'noticerule.testSuccess' : 'noticerule.testFailure')}
          description={result.message}
        />
      )}
    </DraggableModal>
  );
}
