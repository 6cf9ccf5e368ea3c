import {
  LANGS,
  NOTICE_INTERVAL,
  NOTICE_TYPES,
  type NoticeReceiverUser,
  type NoticeRuleBody,
  type NoticeRuleView,
  noticeRuleBody,
} from '@sc/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Checkbox, Form, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../app/feedback';
import { applyServerErrors, zodFieldRule } from '../../../components/crud';
import { DraggableModal } from '../../../components/draggable-modal';
import { useLang } from '../../../i18n/i18n';
import { useRevalidateOnLanguage } from '../pjtparams/revalidate-on-language';
import { noticeApi } from './notice-api';
import './texts';

const SEPARATORS = [',', ';', ' ', '，', '；'];

/** The rule of one event: channels, receivers, language and minimum interval, checked by the contract's rule. */
export function RuleDialog({
  projectId,
  rule,
  users,
  onClose,
  onSaved,
}: {
  projectId: number;
  rule: NoticeRuleView;
  users: NoticeReceiverUser[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = useFeedback();
  const [form] = Form.useForm<NoticeRuleBody>();
  useRevalidateOnLanguage(form);
  const save = useMutation({
    mutationFn: (body: NoticeRuleBody) => noticeApi(projectId).save(rule.eventId, body),
    onSuccess: async () => {
      message.success(t('noticerule.saved'));
      await onSaved();
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error)) message.error(error.message);
    },
  });
  const submit = async () => {
    const body = await form.validateFields().catch(() => null);
    if (body) save.mutate(body);
  };
  const check = (field: keyof NoticeRuleBody, choose = false) =>
    zodFieldRule(noticeRuleBody, field, lang, { label: t(`noticerule.fields.${field}`), choose });

  return (
    <DraggableModal
      open
      width={640}
      title={t('noticerule.editTitle', { event: rule.name })}
      guard={form}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      confirmLoading={save.isPending}
    >
      {rule.source !== 'own' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            rule.source === 'inherited'
              ? t('noticerule.editInherited', { source: rule.sourceProject ?? '' })
              : t('noticerule.editDefault')
          }
        />
      )}
      <Form
        form={form}
        layout="vertical"
        name="notice-rule"
        initialValues={{
          types: rule.types,
          emails: rule.emails,
          mobiles: rule.mobiles,
          userIds: rule.userIds,
          lang: rule.lang,
          interval: rule.interval,
        }}
      >
        <Form.Item name="types" label={t('noticerule.fields.types')} rules={[check('types', true)]}>
          <Checkbox.Group
            options={NOTICE_TYPES.map((type) => ({
              value: type,
              label: t(`notices.type_${type}`),
              disabled: !rule.noticeTypes.includes(type),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="emails"
          label={t('noticerule.fields.emails')}
          rules={[check('emails')]}
          dependencies={['types']}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={SEPARATORS}
            placeholder={t('noticerule.emailsPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="mobiles"
          label={t('noticerule.fields.mobiles')}
          rules={[check('mobiles')]}
          dependencies={['types', 'userIds']}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={SEPARATORS}
            placeholder={t('noticerule.mobilesPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="userIds" label={t('noticerule.fields.userIds')} rules={[check('userIds', true)]}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('noticerule.usersPlaceholder')}
            options={users.map((u) => ({
              value: u.id,
              label: t('noticerule.userOption', { name: u.realName || u.name, phone: u.phoneNo }),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="lang"
          label={t('noticerule.fields.lang')}
          extra={t('noticerule.langHint')}
          rules={[check('lang', true)]}
        >
          <Radio.Group options={LANGS.map((l) => ({ value: l, label: t(`noticerule.lang_${l}`) }))} />
        </Form.Item>
        <Form.Item
          name="interval"
          label={t('noticerule.fields.interval')}
          extra={t('noticerule.intervalHint')}
          rules={[check('interval')]}
        >
          <InputNumber
            precision={0}
            controls={false}
            placeholder={`${NOTICE_INTERVAL.min}-${NOTICE_INTERVAL.max}`}
            suffix={t('noticerule.secondsUnit')}
            style={{ width: 200 }}
          />
        </Form.Item>
      </Form>
    </DraggableModal>
  );
}
