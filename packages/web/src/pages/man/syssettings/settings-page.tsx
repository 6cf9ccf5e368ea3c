import { ReloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  crossCheckSettings,
  type Lang,
  SETTING_GROUPS,
  type SettingGroup,
  type SettingItemView,
  settingDefinition,
} from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Result, Row, Select, Skeleton, Switch, Tabs } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { reportApiError } from '../../../api/report';
import { RUNNING_PARAMS_KEY } from '../../../api/session-api';
import { useFeedback } from '../../../app/feedback';
import { canModify, type Schema, useAuthLevel, zodRule } from '../../../components/crud';
import { LeaveGuard } from '../../../components/unsaved';
import { translate, useLang } from '../../../i18n/i18n';
import { isTimezone, saveOrder, storedWire, timezoneOptions, toFormValue, toWire } from './setting-values';
import { UserPicker } from './user-picker';

const BASE = '/api/webparams.do';
export const WEBPARAMS_KEY = ['webparams'] as const;
const TAB_STORAGE = 'sc.syssettings.tab';

/** The contract rule of a setting; a text setting's blank is '' (not configured), not missing. */
function rulesOf(item: SettingItemView, lang: Lang): Rule[] {
  const definition = settingDefinition(item.key);
  if (!definition) return [];
  if (isTimezone(item)) return [{ required: true, message: translate(lang, 'validation.required') }];
  if (item.kind === 'bool') return [];
  const schema: Schema =
    item.kind === 'text' ? { safeParse: (value) => definition.rule.safeParse(value ?? '') } : definition.rule;
  return [zodRule(schema, lang)];
}

/** Spec 000 §5: watermark text (2-10 characters) is required when watermarking is on. */
const watermarkRule =
  (lang: Lang): Rule =>
  (form) => ({
    validator: async (_rule, value) => {
      const broken = crossCheckSettings({
        watermarkEnabled: form.getFieldValue('watermarkEnabled') === true,
        watermarkText: typeof value === 'string' ? value : '',
      });
      if (broken) throw new Error(translate(lang, broken));
    },
  });

/** The input of a setting; Form.Item gives it id, value and onChange (so it must be the element itself). */
function settingInput(item: SettingItemView, lang: Lang, disabled: boolean, t: (key: string) => string) {
  if (item.kind === 'bool') {
    return (
      <Switch
        disabled={disabled}
        checkedChildren={t('syssettings.enabled')}
        unCheckedChildren={t('syssettings.disabled')}
      />
    );
  }
  if (isTimezone(item)) {
    return (
      <Select
        disabled={disabled}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('syssettings.timezonePlaceholder')}
        options={timezoneOptions(lang)}
      />
    );
  }
  if (item.kind === 'select') {
    const values = settingDefinition(item.key)?.options ?? item.options?.map((o) => String(o.value)) ?? [];
    return (
      <Select
        disabled={disabled}
        options={values.map((value) => ({ value, label: t(`settings.option_${item.key}_${value}`) }))}
      />
    );
  }
  if (item.key === 'siteMessageAdmin') return <UserPicker disabled={disabled} />;
  if (item.kind === 'int') {
    // No min/max clamping here: a clamped input would silently change the value instead of showing
    // the range message of the contract rule; the range is shown under the field.
    return <InputNumber disabled={disabled} precision={0} style={{ width: '100%' }} />;
  }
  // A secret comes as the mask (or ''): dots, not the mask in clear, and no browser autofill of a sign-in password.
  if (item.secret || settingDefinition(item.key)?.secret)
    return <Input.Password disabled={disabled} autoComplete="new-password" />;
  return <Input disabled={disabled} allowClear />;
}

interface GroupFormProps {
  group: SettingGroup;
  items: SettingItemView[];
  writable: boolean;
  onSaved: () => Promise<unknown>;
  /** Whether the group holds unsaved changes. */
  onDirty: (group: string, dirty: boolean) => void;
}

/** One tab: the settings of a group, saved together (one PUT per changed setting). */
function GroupForm({ group, items, writable, onSaved, onDirty }: GroupFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [initialValues] = useState(() => Object.fromEntries(items.map((item) => [item.key, toFormValue(item)])));
  // Unsaved: a value that differs from the stored one (the page asks before it is left).
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const dirty =
    writable &&
    values !== undefined &&
    items.some((item) => {
      const wire = toWire(item, values[item.key]);
      return wire !== null && wire !== storedWire(item);
    });
  useEffect(() => onDirty(group, dirty), [group, dirty, onDirty]);

  const revert = () => {
    const current = form.getFieldsValue(true) as Record<string, unknown>;
    form.setFields(items.map((item) => ({ name: item.key, value: toFormValue(item, current[item.key]), errors: [] })));
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const changes = saveOrder(
      items
        .map((item) => ({ item, wire: toWire(item, values[item.key]) }))
        .filter((c): c is { item: SettingItemView; wire: string } => c.wire !== null && c.wire !== storedWire(c.item)),
    );
    if (changes.length === 0) {
      message.info(t('syssettings.unchanged'));
      return;
    }
    setSaving(true);
    let saved = 0;
    const failed: string[] = [];
    try {
      for (const { item, wire } of changes) {
        try {
          await api.put<SettingItemView>(`${BASE}/${encodeURIComponent(item.id)}`, { value: wire }, { silent: true });
          saved += 1;
        } catch (error) {
          failed.push(item.key);
          if (isApiError(error) && error.status === 400) {
            const messages = error.fieldErrors.map((e) => e.message);
            form.setFields([{ name: item.key, errors: messages.length ? messages : [error.message] }]);
          } else {
            if (isApiError(error)) reportApiError(error);
            break;
          }
        }
      }
    } finally {
      setSaving(false);
    }
    if (saved > 0) await onSaved();
    if (failed.length === 0) message.success(t('syssettings.savedCount', { count: saved }));
    else if (saved > 0) message.warning(t('syssettings.partlySaved', { saved, failed: failed.length }));
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name={`settings-${group}`}
      initialValues={initialValues}
      disabled={!writable}
      data-testid={`settings-form-${group}`}
    >
      <Row gutter={[24, 0]}>
        {items.map((item) => (
          <Col key={item.key} xs={24} md={12} xl={8}>
            <Form.Item
              name={item.key}
              label={t(`settings.${item.key}`)}
              valuePropName={item.kind === 'bool' ? 'checked' : 'value'}
              rules={[...rulesOf(item, lang), ...(item.key === 'watermarkText' ? [watermarkRule(lang)] : [])]}
              dependencies={item.key === 'watermarkText' ? ['watermarkEnabled'] : undefined}
              extra={extraOf(item, t)}
            >
              {settingInput(item, lang, !writable, t)}
            </Form.Item>
          </Col>
        ))}
      </Row>
      {writable && (
        <Flex gap={8} justify="flex-end" className="settings-actions">
          <Button icon={<UndoOutlined />} onClick={revert} disabled={saving}>
            {t('syssettings.reset')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save}>
            {t('common.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}

function extraOf(item: SettingItemView, t: (key: string, params?: Record<string, unknown>) => string) {
  if (item.kind !== 'int' || isTimezone(item) || item.min === undefined || item.key === 'siteMessageAdmin')
    return undefined;
  return `${t('syssettings.range', { min: item.min, max: item.max })} · ${t('syssettings.defaultValue', { value: String(item.default) })}`;
}

/**
 * /man/syssettings (spec 000 §5, §9): one tab per settings group, client rules from the contract, one
 * save per tab; a save refetches the running parameters so the watermark and page sizes apply at once.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  // The frame re-mounts the page when the watermark is switched: the open tab survives in the session.
  const [tab, setTab] = useState<string>(() => sessionStorage.getItem(TAB_STORAGE) ?? SETTING_GROUPS[0]);
  const [dirtyGroups, setDirtyGroups] = useState<ReadonlySet<string>>(new Set());
  const [onDirty] = useState(
    () => (group: string, dirty: boolean) =>
      setDirtyGroups((now) => {
        if (now.has(group) === dirty) return now;
        const next = new Set(now);
        if (dirty) next.add(group);
        else next.delete(group);
        return next;
      }),
  );
  const openTab = (key: string) => {
    sessionStorage.setItem(TAB_STORAGE, key);
    setTab(key);
  };
  const settings = useQuery({ queryKey: WEBPARAMS_KEY, queryFn: () => api.get<SettingItemView[]>(BASE) });

  // The stored settings first, then the running parameters: switching the watermark re-mounts this page,
  // and a page re-mounted before its settings came back would start its forms from the old values (the
  // form then showed the watermark off, and leaving asked to discard edits already saved).
  const onSaved = async () => {
    await queryClient.invalidateQueries({ queryKey: WEBPARAMS_KEY });
    await queryClient.invalidateQueries({ queryKey: RUNNING_PARAMS_KEY });
  };

  if (settings.isError && !settings.data) {
    return (
      <Card variant="borderless">
        <Result
          status="error"
          title={t('common.loadFailed')}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => settings.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (!settings.data) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const groups = SETTING_GROUPS.map((group) => ({
    group,
    items: settings.data.filter((item) => item.group === group),
  })).filter((g) => g.items.length > 0);

  return (
    <Card variant="borderless" data-testid="settings-page">
      <LeaveGuard dirty={dirtyGroups.size > 0} />
      <Tabs
        activeKey={groups.some((g) => g.group === tab) ? tab : groups[0]?.group}
        onChange={openTab}
        items={groups.map(({ group, items }) => ({
          key: group,
          label: (
            <span data-testid={`settings-tab-${group}`}>
              {t(`settings.group_${group}`)}
              {dirtyGroups.has(group) && (
                <span
                  role="img"
                  title={t('syssettings.unsavedTab')}
                  aria-label={t('syssettings.unsavedTab')}
                  data-testid="settings-unsaved"
                  style={{ marginLeft: 4, color: 'var(--ant-color-warning)' }}
                >
                  ●
                </span>
              )}
            </span>
          ),
          children: <GroupForm group={group} items={items} writable={writable} onSaved={onSaved} onDirty={onDirty} />,
        }))}
      />
    </Card>
  );
}
