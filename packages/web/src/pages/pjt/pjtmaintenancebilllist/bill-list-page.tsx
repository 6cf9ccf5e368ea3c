import { CheckOutlined, DeleteOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AUTH_LEVEL,
  BILL_STATUS,
  billCreateBody,
  type MaintenanceBillView,
  maintenanceMessageRule,
} from '@sc/contract';
import { Card, Flex, Form, Grid, Input, Modal, Progress, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/errors';
import { useFeedback } from '../../../app/feedback';
import { ListScreen, useAuthLevel, usePagedList, zodRule } from '../../../components/crud';
import { BillStatusTag, billPath, maintenanceApi, maintenanceKeys } from '../../../components/maintenance';
import { ProjectScoped } from '../../../components/project-scoped';
import { formatTime } from '../../../components/time';
import { useLang } from '../../../i18n/i18n';

type Filters = { keyword: string; status: number | undefined };

/** /pjt/pjtmaintenancebilllist (spec 001 §2): the project's work orders; cards on a phone. */
export default function BillListPage() {
  return <ProjectScoped>{(projectId) => <BillList projectId={projectId} />}</ProjectScoped>;
}

export function BillProgress({ bill }: { bill: Pick<MaintenanceBillView, 'completed' | 'total'> }) {
  const percent = bill.total ? Math.round((bill.completed / bill.total) * 100) : 0;
  return (
    <Flex gap={6} align="center" style={{ minWidth: 120 }}>
      <Progress percent={percent} size="small" showInfo={false} style={{ width: 70, margin: 0 }} />
      <span style={{ whiteSpace: 'nowrap' }}>
        {bill.completed}/{bill.total}
      </span>
    </Flex>
  );
}

function BillList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, confirm } = useFeedback();
  const level = useAuthLevel();
  const phone = !Grid.useBreakpoint().md;
  const m = maintenanceApi(projectId);
  const [creating, setCreating] = useState(false);
  const [messaging, setMessaging] = useState<number[] | null>(null);
  const list = usePagedList<MaintenanceBillView, Filters>({
    key: [...maintenanceKeys.all(projectId), 'pages'],
    initialFilters: { keyword: '', status: undefined },
    load: ({ page, pageSize, filters }) =>
      m.page({ page, pageSize, keyword: filters.keyword || undefined, status: filters.status }),
  });
  const writable = level >= AUTH_LEVEL.modify;
  const checker = level >= AUTH_LEVEL.check;

  const approve = (ids: number[]) =>
    confirm({
      title: t('maintenance.confirmApprove', { count: ids.length }),
      okText: t('maintenance.approve'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await m.approve(ids);
        message.success(t('maintenance.approved'));
        await list.refresh();
      },
    });
  const remove = (ids: number[]) =>
    confirm({
      title: t('common.confirmDelete', { count: ids.length }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await m.remove(ids);
        message.success(t('common.deleted'));
        await list.refresh();
      },
    });

  const statusFilter = (
    <Select<number>
      allowClear
      aria-label={t('maintenance.fields.status')}
      placeholder={t('maintenance.allStatuses')}
      value={list.filters.status}
      onChange={(status) => list.setFilters({ status })}
      options={[BILL_STATUS.init, BILL_STATUS.checked, BILL_STATUS.canceled].map((s) => ({
        value: s,
        label: t(`maintenance.status_${s}`),
      }))}
      style={{ width: 150 }}
    />
  );

  return (
    <Card
      title={t('menu.pjtmaintenancebilllist')}
      extra={statusFilter}
      styles={{ body: phone ? { padding: 8 } : undefined }}
    >
      <ListScreen<MaintenanceBillView, Filters>
        list={list}
        selectable={writable && !phone}
        // Who approved it when and who changed it last fit at 1366 px only without the rest: in the column setting.
        hiddenByDefault={['approvedAt', 'modifierName']}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        actions={[
          writable && {
            key: 'new',
            label: t('maintenance.newBill'),
            icon: <PlusOutlined />,
            primary: true,
            onClick: () => setCreating(true),
          },
          checker &&
            !phone && {
              key: 'approve',
              label: t('maintenance.batchApprove'),
              icon: <CheckOutlined />,
              batch: true,
              onClick: approve,
            },
          writable &&
            !phone && {
              key: 'message',
              label: t('maintenance.batchMessage'),
              icon: <MessageOutlined />,
              batch: true,
              onClick: (ids) => setMessaging(ids),
            },
          writable &&
            !phone && {
              key: 'delete',
              label: t('common.batchDelete'),
              icon: <DeleteOutlined />,
              danger: true,
              batch: true,
              onClick: remove,
            },
        ]}
        table={
          phone
            ? {
                // A phone gets one card per order: nothing scrolls sideways at 390 px.
                showHeader: false,
                columns: [
                  {
                    key: 'card',
                    render: (_: unknown, b: MaintenanceBillView) => <BillCard bill={b} />,
                  },
                ],
              }
            : { scroll: { x: 1020 } }
        }
        columns={[
          {
            key: 'no',
            dataIndex: 'no',
            title: t('maintenance.fields.no'),
            width: 140,
            render: (no: string, b) => <Link to={billPath(b.id)}>{no}</Link>,
          },
          { key: 'title', dataIndex: 'title', title: t('maintenance.fields.title'), width: 140, ellipsis: true },
          {
            key: 'projectName',
            dataIndex: 'projectName',
            title: t('maintenance.fields.projectName'),
            width: 120,
            ellipsis: true,
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('maintenance.fields.status'),
            width: 100,
            render: (s: number) => <BillStatusTag status={s} />,
          },
          {
            key: 'progress',
            title: t('maintenance.fields.progress'),
            width: 120,
            render: (_: unknown, b) => <BillProgress bill={b} />,
          },
          { key: 'creatorName', dataIndex: 'creatorName', title: t('maintenance.fields.creatorName'), width: 100 },
          {
            key: 'billDate',
            dataIndex: 'billDate',
            title: t('maintenance.fields.billDate'),
            width: 170,
            render: formatTime,
          },
          {
            key: 'approverName',
            dataIndex: 'approverName',
            title: t('maintenance.fields.approverName'),
            width: 100,
            render: (v: string | null) => v ?? '',
          },
          {
            key: 'approvedAt',
            dataIndex: 'approvedAt',
            title: t('maintenance.fields.approvedAt'),
            width: 170,
            render: formatTime,
          },
          {
            key: 'modifierName',
            dataIndex: 'modifierName',
            title: t('maintenance.fields.modifierName'),
            width: 110,
            render: (v: string | null) => v ?? '',
          },
        ]}
      />
      {creating && (
        <NewBillDialog
          onClose={() => setCreating(false)}
          onCreate={async (title) => {
            const bill = await m.create({ title });
            message.success(t('maintenance.created'));
            navigate(billPath(bill.id));
          }}
        />
      )}
      {messaging && (
        <MessageDialog
          title={t('maintenance.batchMessage')}
          onClose={() => setMessaging(null)}
          onSend={async (content) => {
            await m.messages(messaging, content);
            message.success(t('maintenance.messageSent'));
            setMessaging(null);
          }}
        />
      )}
    </Card>
  );
}

/** One order on a phone: number, title, status and progress; the whole card opens it. */
function BillCard({ bill }: { bill: MaintenanceBillView }) {
  const { t } = useTranslation();
  return (
    <Link to={billPath(bill.id)} style={{ color: 'inherit', display: 'block' }} data-testid="bill-card">
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong>{bill.no}</Typography.Text>
          <BillStatusTag status={bill.status} />
        </Flex>
        <Typography.Text ellipsis>{bill.title}</Typography.Text>
        <Flex justify="space-between" align="center" gap={8}>
          <BillProgress bill={bill} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {bill.creatorName} · {formatTime(bill.billDate)}
          </Typography.Text>
        </Flex>
        {bill.approverName && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('maintenance.fields.approverName')}：{bill.approverName}
          </Typography.Text>
        )}
      </Flex>
    </Link>
  );
}

function NewBillDialog({ onClose, onCreate }: { onClose: () => void; onCreate: (title: string) => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ title: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={t('maintenance.newBill')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const { title } = values;
        setBusy(true);
        try {
          await onCreate(title);
        } catch (e) {
          setError(e instanceof ApiError ? e.message : String(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="title"
          label={t('maintenance.fields.title')}
          required
          rules={[zodRule(billCreateBody.shape.title, lang)]}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A message in the rule of spec 001 §5, checked as the server checks it. */
export function MessageDialog(props: {
  title: string;
  onClose: () => void;
  onSend: (content: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ content: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open
      title={props.title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={props.onClose}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const { content } = values;
        setBusy(true);
        try {
          await props.onSend(content);
        } catch (e) {
          setError(e instanceof ApiError ? e.message : String(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <MessageField error={error} />
      </Form>
    </Modal>
  );
}

export function MessageField({ error, name = 'content' }: { error?: string | null; name?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Form.Item
      name={name}
      label={t('maintenance.fields.content')}
      required
      rules={[zodRule(maintenanceMessageRule(), lang)]}
      validateStatus={error ? 'error' : undefined}
      help={error ?? undefined}
    >
      <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('maintenance.messagePlaceholder')} />
    </Form.Item>
  );
}
