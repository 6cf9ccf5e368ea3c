import { EditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import type { NoticeReceiverUser, NoticeRuleView, NoticeType } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../app/feedback';
import { canModify, LoadFailed, useAuthLevel } from '../../../components/crud';
import { ProjectScoped } from '../../../components/project-scoped';
import { DeliveryHistory } from './delivery-history';
import { noticeApi, noticeKeys } from './notice-api';
import { RuleDialog } from './rule-dialog';
import { TestDialog } from './test-dialog';
import './texts';

/**
 * /pjt/pjtnoticerule (spec 001 §2, §9): per notice event the channels (site message, e-mail, SMS), their
 * receivers, the language and the same-event minimum interval; a test message; the deliveries' history.
 */
export default function NoticeRulePage() {
  return <ProjectScoped>{(projectId) => <NoticeRules projectId={projectId} />}</ProjectScoped>;
}

const TYPE_COLOR: Record<NoticeType, string> = { SITEMESSAGE: 'blue', EMAIL: 'green', SMS: 'orange' };

function NoticeRules({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const [tab, setTab] = useState('rules');
  const [editing, setEditing] = useState<NoticeRuleView | null>(null);
  const [testing, setTesting] = useState(false);
  const rules = useQuery({ queryKey: noticeKeys.rules(projectId), queryFn: () => noticeApi(projectId).rules() });
  const refreshRules = () => queryClient.invalidateQueries({ queryKey: noticeKeys.rules(projectId) });
  const refreshDeliveries = () => queryClient.invalidateQueries({ queryKey: noticeKeys.deliveries(projectId) });

  if (rules.isError && !rules.data) return <LoadFailed onRetry={() => rules.refetch()} />;
  const data = rules.data;

  return (
    <Card variant="borderless" data-testid="notice-rule-page" styles={{ body: { position: 'relative' } }}>
      {/* At the tab bar's end but outside it: a tab list holds tabs only (antd's extra content sits inside). */}
      {writable && (
        <Button
          icon={<SendOutlined />}
          onClick={() => setTesting(true)}
          data-testid="notice-test"
          style={{ position: 'absolute', top: 31, insetInlineEnd: 24, zIndex: 1 }}
        >
          {t('noticerule.test')}
        </Button>
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'rules',
            label: t('noticerule.tabRules'),
            children: (
              <Flex vertical gap={12}>
                <Typography.Text type="secondary">{t('noticerule.intro')}</Typography.Text>
                {data && !data.mailConfigured && (
                  <Alert type="warning" showIcon title={t('notices.mailNotConfigured')} />
                )}
                {data && !data.smsConfigured && <Alert type="warning" showIcon title={t('notices.smsNotConfigured')} />}
                <RuleTable
                  projectId={projectId}
                  rules={data?.rules}
                  users={data?.users ?? []}
                  writable={writable}
                  onEdit={setEditing}
                  onChanged={refreshRules}
                />
              </Flex>
            ),
          },
          {
            key: 'history',
            label: t('noticerule.tabHistory'),
            children: <DeliveryHistory projectId={projectId} />,
          },
        ]}
      />
      {editing && data && (
        <RuleDialog
          projectId={projectId}
          rule={editing}
          users={data.users}
          onClose={() => setEditing(null)}
          onSaved={refreshRules}
        />
      )}
      {testing && <TestDialog projectId={projectId} onClose={() => setTesting(false)} onSent={refreshDeliveries} />}
    </Card>
  );
}

/** Up to two names, then "and n more". */
function Names({ names }: { names: string[] }) {
  const { t } = useTranslation();
  const shown = names.slice(0, 2).join(t('noticerule.separator'));
  const more = names.length - 2;
  return (
    <span title={names.join('\n')}>
      {shown}
      {more > 0 && ` ${t('noticerule.moreReceivers', { count: more })}`}
    </span>
  );
}

function RuleTable({
  projectId,
  rules,
  users,
  writable,
  onEdit,
  onChanged,
}: {
  projectId: number;
  rules: NoticeRuleView[] | undefined;
  users: NoticeReceiverUser[];
  writable: boolean;
  onEdit: (rule: NoticeRuleView) => void;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const inherit = useMutation({
    mutationFn: (rule: NoticeRuleView) => noticeApi(projectId).inherit(rule.eventId),
    onSuccess: async () => {
      message.success(t('noticerule.removed'));
      await onChanged();
    },
  });
  const userName = (id: number) => {
    const u = users.find((x) => x.id === id);
    return u ? u.realName || u.name : `#${id}`;
  };
  const columns: TableColumnsType<NoticeRuleView> = [
    { key: 'name', dataIndex: 'name', title: t('noticerule.fields.event'), width: 180 },
    {
      key: 'types',
      dataIndex: 'types',
      title: t('noticerule.fields.types'),
      width: 200,
      render: (types: NoticeType[]) =>
        types.length === 0 ? (
          <Typography.Text type="secondary">{t('noticerule.noTypes')}</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap>
            {types.map((type) => (
              <Tag key={type} color={TYPE_COLOR[type]}>
                {t(`notices.type_${type}`)}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      key: 'receivers',
      title: t('noticerule.fields.receivers'),
      render: (_v, rule) => {
        const email = rule.types.includes('EMAIL') ? rule.emails : [];
        const sms = rule.types.includes('SMS') ? [...rule.mobiles, ...rule.userIds.map(userName)] : [];
        if (email.length === 0 && sms.length === 0)
          return <Typography.Text type="secondary">{t('noticerule.noReceivers')}</Typography.Text>;
        return (
          <Flex vertical gap={2}>
            {email.length > 0 && (
              <Flex align="center" style={{ whiteSpace: 'nowrap' }}>
                <Tag color={TYPE_COLOR.EMAIL}>{t('notices.type_EMAIL')}</Tag>
                <Names names={email} />
              </Flex>
            )}
            {sms.length > 0 && (
              <Flex align="center" style={{ whiteSpace: 'nowrap' }}>
                <Tag color={TYPE_COLOR.SMS}>{t('notices.type_SMS')}</Tag>
                <Names names={sms} />
              </Flex>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'lang',
      dataIndex: 'lang',
      title: t('noticerule.fields.lang'),
      width: 90,
      render: (lang: string) => t(`noticerule.lang_${lang}`),
    },
    {
      key: 'interval',
      dataIndex: 'interval',
      title: t('noticerule.intervalShort'),
      width: 110,
      render: (s: number) => t('noticerule.seconds', { count: s }),
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('noticerule.fields.source'),
      width: 150,
      render: (_v, rule) =>
        rule.source === 'own' ? (
          <Tag color="processing">{t('noticerule.source_own')}</Tag>
        ) : rule.source === 'inherited' ? (
          <Tag>{t('noticerule.source_inherited', { project: rule.sourceProject ?? '' })}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('noticerule.source_default')}</Typography.Text>
        ),
    },
  ];
  if (writable)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 170,
      render: (_v, rule) => (
        <Space size={0}>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            onClick={() => onEdit(rule)}
            data-testid={`rule-edit-${rule.code}`}
          >
            {t('noticerule.edit')}
          </Button>
          <Button
            size="small"
            type="link"
            icon={<RollbackOutlined />}
            disabled={rule.source !== 'own'}
            loading={inherit.isPending && inherit.variables?.eventId === rule.eventId}
            onClick={() => confirm({ title: t('noticerule.resetConfirm'), onOk: () => inherit.mutateAsync(rule) })}
            data-testid={`rule-inherit-${rule.code}`}
          >
            {t('noticerule.reset')}
          </Button>
        </Space>
      ),
    });
  return (
    <Table<NoticeRuleView>
      size="middle"
      rowKey="eventId"
      data-testid="rule-table"
      columns={columns}
      dataSource={rules ?? []}
      loading={!rules}
      pagination={false}
      scroll={{ x: 1000 }}
    />
  );
}
