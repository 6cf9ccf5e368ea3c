import {
  CheckOutlined,
  CloseOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FilePdfOutlined,
  MessageOutlined,
  PictureOutlined,
  PlusOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  AUTH_LEVEL,
  BILL_DETAIL_STATUS,
  BILL_STATUS,
  billCreateBody,
  type DeviceView,
  type MaintenanceBillFull,
  type MaintenanceDetailView,
  maintenanceMessageRule,
  type Page,
} from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Grid,
  Image,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { useFeedback } from '../../../app/feedback';
import { LoadFailed, ruleMessage, useAuthLevel, zodRule } from '../../../components/crud';
import { ItemList } from '../../../components/item-list';
import { useLabels } from '../../../components/labels';
import {
  BILL_LIST_PATH,
  BillStatusTag,
  DetailStatusTag,
  devicePagePath,
  historyPath,
  type MaintenanceApi,
  maintenanceApi,
  maintenanceKeys,
  polePath,
} from '../../../components/maintenance';
import { ProjectScoped } from '../../../components/project-scoped';
import { formatTime } from '../../../components/time';
import { useLang } from '../../../i18n/i18n';
import { projectApiBase } from '../../../session/use-current-project';
import { BillProgress, MessageDialog } from '../pjtmaintenancebilllist/bill-list-page';

const MapPicker = lazy(() => import('./map-picker'));

/** /pjt/pjtmaintenancebill?id= (spec 001 §2): one work order, its devices and messages; usable on a phone. */
export default function BillPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ProjectScoped>{(projectId) => <Bill projectId={projectId} id={id} />}</ProjectScoped>;
}

function Bill({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const client = useQueryClient();
  const level = useAuthLevel();
  const phone = !Grid.useBreakpoint().md;
  const m = maintenanceApi(projectId);
  const key = maintenanceKeys.bill(projectId, id);
  const bill = useQuery({ queryKey: key, queryFn: () => m.get(id), enabled: id > 0 });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [messaging, setMessaging] = useState<MaintenanceDetailView[] | 'header' | null>(null);
  const [handling, setHandling] = useState<{ detail: MaintenanceDetailView; status: number } | null>(null);

  if (!id || bill.isError) return <LoadFailed onRetry={() => bill.refetch()} />;
  if (!bill.data) return <Card loading />;
  const b = bill.data;
  const set = (next: MaintenanceBillFull) => {
    client.setQueryData(key, next);
    void client.invalidateQueries({ queryKey: [...maintenanceKeys.all(projectId), 'pages'] });
  };
  const writable = level >= AUTH_LEVEL.modify;
  const editable = writable && b.status === BILL_STATUS.init;
  const maintainable = writable && b.status === BILL_STATUS.checked;
  const open = writable && b.status !== BILL_STATUS.canceled;

  const approve = () =>
    confirm({
      title: t('maintenance.confirmApprove', { count: 1 }),
      okText: t('maintenance.approve'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await m.approve([b.id]);
        message.success(t('maintenance.approved'));
        await bill.refetch();
      },
    });
  const cancel = () =>
    confirm({
      title: t('maintenance.confirmCancel', { no: b.no }),
      okText: t('maintenance.cancelBill'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        set(await m.patch(b.id, { status: BILL_STATUS.canceled }));
        message.success(t('maintenance.canceled'));
      },
    });
  const removeDevice = (d: MaintenanceDetailView) =>
    confirm({
      title: t('maintenance.confirmDeleteDetail', { name: d.deviceName }),
      okText: t('maintenance.removeDevice'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => set(await m.removeDevice(b.id, d.id)),
    });

  const detailActions = (d: MaintenanceDetailView) => (
    <Space size={0} wrap>
      {maintainable && d.handleStatus === BILL_DETAIL_STATUS.init && (
        <>
          <Button
            size="small"
            type="link"
            icon={<CheckOutlined />}
            onClick={() => setHandling({ detail: d, status: BILL_DETAIL_STATUS.ok })}
          >
            {t('maintenance.complete')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            icon={<CloseOutlined />}
            onClick={() => setHandling({ detail: d, status: BILL_DETAIL_STATUS.deny })}
          >
            {t('maintenance.abandon')}
          </Button>
        </>
      )}
      {open && (
        <Button size="small" type="link" icon={<MessageOutlined />} onClick={() => setMessaging([d])}>
          {t('maintenance.addMessage')}
        </Button>
      )}
      {editable && (
        <Button size="small" type="link" danger onClick={() => removeDevice(d)}>
          {t('maintenance.removeDevice')}
        </Button>
      )}
    </Space>
  );

  return (
    <Flex vertical gap={12} style={{ maxWidth: '100%' }}>
      <Card
        title={
          <Flex gap={8} align="center" wrap>
            <span>{b.no}</span>
            <BillStatusTag status={b.status} />
          </Flex>
        }
        extra={!phone && <Link to={BILL_LIST_PATH}>{t('maintenance.back')}</Link>}
        styles={{ body: phone ? { padding: 12 } : undefined }}
      >
        <Flex vertical gap={12}>
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="bill-title">
            {b.title}
          </Typography.Title>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t('maintenance.fields.progress')}>
              <BillProgress bill={b} />
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.creatorName')}>{b.creatorName}</Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.billDate')}>{formatTime(b.billDate)}</Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.approverName')}>{b.approverName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.approvedAt')}>
              {b.approvedAt ? formatTime(b.approvedAt) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenance.fields.modifierName')}>{b.modifierName ?? '-'}</Descriptions.Item>
          </Descriptions>
          {b.status === BILL_STATUS.checked && <Alert type="info" showIcon title={t('maintenance.readonlyChecked')} />}
          {b.status === BILL_STATUS.canceled && (
            <Alert type="warning" showIcon title={t('maintenance.readonlyCanceled')} />
          )}
          {b.status === BILL_STATUS.init && b.total > 0 && (
            <Alert type="info" showIcon title={t('maintenance.needApproval')} />
          )}
          <Flex gap={8} wrap>
            {level >= AUTH_LEVEL.check && b.status === BILL_STATUS.init && (
              <Button type="primary" icon={<CheckOutlined />} onClick={approve} data-testid="approve">
                {t('maintenance.approve')}
              </Button>
            )}
            {editable && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            )}
            {open && (
              <Button icon={<MessageOutlined />} onClick={() => setMessaging('header')} data-testid="header-message">
                {t('maintenance.addMessage')}
              </Button>
            )}
            <Button icon={<FilePdfOutlined />} onClick={() => m.downloadPdf(b.id, b.no)} data-testid="pdf">
              {t('maintenance.pdf')}
            </Button>
            {editable && (
              <Button danger icon={<StopOutlined />} onClick={cancel}>
                {t('maintenance.cancelBill')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Card>

      <Card
        title={`${t('maintenance.details')} (${b.total}/${b.deviceCap})`}
        extra={
          editable && (
            <Button
              size="small"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="add-devices"
            >
              {t('maintenance.addDevices')}
            </Button>
          )
        }
        styles={{ body: phone ? { padding: 8 } : undefined }}
      >
        {b.details.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('maintenance.noDetails')} />
        ) : phone ? (
          <ItemList
            items={b.details}
            rowKey={(d) => d.id}
            rowProps={() => ({ 'data-testid': 'detail-card' })}
            render={(d) => (
              <Flex vertical gap={4}>
                <Flex justify="space-between" gap={8}>
                  <Link to={historyPath(d.deviceId)}>{d.deviceName}</Link>
                  <DetailStatusTag status={d.handleStatus} />
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {d.deviceNo}
                  {d.groupName ? ` · ${d.groupName}` : ''}
                </Typography.Text>
                <DetailFacts bill={b} detail={d} m={m} />
                {detailActions(d)}
              </Flex>
            )}
          />
        ) : (
          <DetailTable bill={b} m={m} actions={detailActions} />
        )}
      </Card>

      <Messages bill={b} />

      {adding && (
        <AddDevices
          projectId={projectId}
          bill={b}
          onClose={() => setAdding(false)}
          onAdd={async (ids) => {
            set(await m.addDevices(b.id, ids));
            message.success(t('maintenance.devicesAdded', { count: ids.length }));
            setAdding(false);
          }}
        />
      )}
      {editing && (
        <TitleDialog
          title={b.title}
          onClose={() => setEditing(false)}
          onSave={async (title) => {
            set(await m.patch(b.id, { title }));
            message.success(t('maintenance.saved'));
            setEditing(false);
          }}
        />
      )}
      {messaging && (
        <MessageDialog
          title={
            messaging === 'header'
              ? t('maintenance.headerMessages')
              : `${t('maintenance.detailMessages')}：${messaging.map((d) => d.deviceName).join('、')}`
          }
          onClose={() => setMessaging(null)}
          onSend={async (content) => {
            set(
              messaging === 'header'
                ? await m.message(b.id, content)
                : await m.detailMessage(
                    b.id,
                    messaging.map((d) => d.id),
                    content,
                  ),
            );
            message.success(t('maintenance.messageSent'));
            setMessaging(null);
          }}
        />
      )}
      {handling && (
        <HandleDialog
          detail={handling.detail}
          status={handling.status}
          onClose={() => setHandling(null)}
          onDone={async (note, photo) => {
            let next = await m.handle(b.id, [handling.detail.id], { handleStatus: handling.status, note });
            if (photo) next = await m.photo(b.id, handling.detail.id, photo);
            set(next);
            message.success(t('maintenance.handled'));
            setHandling(null);
          }}
        />
      )}
    </Flex>
  );
}

/** What happened to a device line: alarm, handler, note, photo. */
function DetailFacts({
  bill,
  detail,
  m,
}: {
  bill: MaintenanceBillFull;
  detail: MaintenanceDetailView;
  m: MaintenanceApi;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  // The alarm that opened the line links back to the device's page, where its events show it (handled
  // once the line is completed).
  const alarm = detail.alarmCode && (
    <Typography.Text style={{ fontSize: 12 }}>
      {t('maintenance.fields.alarm')}：
      <Link to={devicePagePath({ id: detail.deviceId, type: detail.deviceType })} data-testid="detail-alarm">
        {t('maintenance.alarmLabel', {
          code: labels.eventCode(detail.alarmCode, detail.deviceType),
          time: formatTime(detail.alarmAt),
        })}
      </Link>
    </Typography.Text>
  );
  const parts = [
    detail.handlerName &&
      `${t('maintenance.fields.handlerName')}：${detail.handlerName} ${formatTime(detail.handledAt)}`,
    detail.note && `${t('maintenance.fields.note')}：${detail.note}`,
  ].filter(Boolean);
  return (
    <Flex vertical gap={2}>
      {alarm}
      {parts.map((p) => (
        <Typography.Text key={String(p)} style={{ fontSize: 12 }}>
          {p}
        </Typography.Text>
      ))}
      {detail.hasPhoto && (
        <Image
          width={96}
          src={m.photoUrl(bill.id, detail.id)}
          alt={t('maintenance.fields.photo')}
          placeholder={<PictureOutlined />}
        />
      )}
    </Flex>
  );
}

function DetailTable(props: {
  bill: MaintenanceBillFull;
  m: MaintenanceApi;
  actions: (d: MaintenanceDetailView) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table<MaintenanceDetailView>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={props.bill.details}
      scroll={{ x: 1000 }}
      columns={[
        {
          key: 'device',
          title: t('maintenance.fields.deviceName'),
          width: 170,
          render: (_, d) => (
            <Flex vertical>
              <Link to={historyPath(d.deviceId)}>{d.deviceName}</Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {d.deviceNo}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'groupName',
          title: t('maintenance.fields.groupName'),
          width: 120,
          render: (_, d) => (d.groupId ? <Link to={polePath(d.groupId)}>{d.groupName}</Link> : '-'),
        },
        {
          key: 'handleStatus',
          title: t('maintenance.fields.handleStatus'),
          width: 100,
          render: (_, d) => <DetailStatusTag status={d.handleStatus} />,
        },
        {
          key: 'facts',
          title: t('maintenance.fields.note'),
          render: (_, d) => <DetailFacts bill={props.bill} detail={d} m={props.m} />,
        },
        { key: 'actions', title: t('common.actions'), width: 230, render: (_, d) => props.actions(d) },
      ]}
    />
  );
}

function Messages({ bill }: { bill: MaintenanceBillFull }) {
  const { t } = useTranslation();
  const deviceOf = new Map(bill.details.map((d) => [d.id, d.deviceName]));
  return (
    <Card title={t('maintenance.messages')} size="small">
      {bill.messages.length === 0 ? (
        <Typography.Text type="secondary">{t('maintenance.noMessages')}</Typography.Text>
      ) : (
        <ItemList
          size="small"
          items={bill.messages}
          rowKey={(msg) => msg.id}
          rowProps={() => ({ 'data-testid': 'message' })}
          render={(msg) => (
            <Flex vertical gap={2}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {msg.senderName} · {formatTime(msg.createdAt)}
                {msg.detailId !== null ? ` · ${deviceOf.get(msg.detailId) ?? ''}` : ''}
              </Typography.Text>
              <Typography.Text>{msg.content}</Typography.Text>
            </Flex>
          )}
        />
      )}
    </Card>
  );
}

/**
 * Devices of the project: searched by name or number, a scanned code (Enter adds it), or picked on the
 * map (a click, or an area drawn around them).
 */
function AddDevices(props: {
  projectId: number;
  bill: MaintenanceBillFull;
  onClose: () => void;
  onAdd: (ids: number[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<{ value: number; label: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [onMap, setOnMap] = useState(false);
  const present = useMemo(() => new Set(props.bill.details.map((d) => d.deviceId)), [props.bill.details]);
  const pickedIds = useMemo(() => new Set(picked.map((p) => p.value)), [picked]);
  const label = (d: { name: string; no: string }) => `${d.name} (${d.no})`;
  const base = `${projectApiBase(props.projectId)}/devices.do/pages`;
  const search = useQuery({
    queryKey: ['maintenance-devices', props.projectId, keyword],
    queryFn: () => api.get<Page<DeviceView>>(base, { keyword: keyword || undefined, pageSize: 25 }),
  });
  const options = (search.data?.list ?? [])
    .filter((d) => !present.has(d.id))
    .map((d) => ({ value: d.id, label: `${d.name} (${d.no})` }));
  const scan = async (code: string) => {
    const found = await api.get<Page<DeviceView>>(base, { keyword: code.trim(), pageSize: 5 });
    const hit = found.list.find((d) => d.no === code.trim()) ?? found.list[0];
    if (hit && !present.has(hit.id) && !picked.some((p) => p.value === hit.id))
      setPicked([...picked, { value: hit.id, label: `${hit.name} (${hit.no})` }]);
  };
  return (
    <Modal
      open
      width={onMap ? 760 : undefined}
      title={t('maintenance.addDevicesTitle', { cap: props.bill.deviceCap, count: props.bill.total })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: picked.length === 0 }}
      confirmLoading={busy}
      onCancel={props.onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await props.onAdd(picked.map((p) => p.value));
        } catch (e) {
          setError(e instanceof ApiError ? e.message : String(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Flex vertical gap={12}>
        <Select
          mode="multiple"
          labelInValue
          aria-label={t('maintenance.pickDevices')}
          placeholder={t('maintenance.pickDevices')}
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          loading={search.isFetching}
          value={picked}
          onChange={(v) => setPicked(v as { value: number; label: string }[])}
          options={options}
          style={{ width: '100%' }}
          data-testid="device-picker"
        />
        <Input.Search
          placeholder={t('maintenance.scanHint')}
          enterButton={t('common.ok')}
          onSearch={(code) => code.trim() && scan(code)}
          data-testid="device-scan"
        />
        <div>
          <Button
            icon={<EnvironmentOutlined />}
            onClick={() => setOnMap(!onMap)}
            aria-expanded={onMap}
            data-testid="device-map-toggle"
          >
            {onMap ? t('maintenance.hideMap') : t('maintenance.pickOnMap')}
          </Button>
        </div>
        {onMap && (
          <Suspense fallback={<div style={{ height: 320 }} />}>
            <MapPicker
              projectId={props.projectId}
              present={present}
              picked={pickedIds}
              onToggle={(d) =>
                setPicked(
                  pickedIds.has(d.id)
                    ? picked.filter((p) => p.value !== d.id)
                    : [...picked, { value: d.id, label: label(d) }],
                )
              }
              onArea={(inside) =>
                setPicked([
                  ...picked,
                  ...inside.filter((d) => !pickedIds.has(d.id)).map((d) => ({ value: d.id, label: label(d) })),
                ])
              }
            />
          </Suspense>
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Modal>
  );
}

function TitleDialog(props: { title: string; onClose: () => void; onSave: (title: string) => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ title: string }>();
  return (
    <Modal
      open
      title={t('common.edit')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onCancel={props.onClose}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (values) await props.onSave(values.title);
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ title: props.title }}>
        <Form.Item
          name="title"
          label={t('maintenance.fields.title')}
          required
          rules={[zodRule(billCreateBody.shape.title, lang)]}
        >
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Completing or abandoning a device: an optional note and, when completed, a site photo. */
function HandleDialog(props: {
  detail: MaintenanceDetailView;
  status: number;
  onClose: () => void;
  onDone: (note: string | undefined, photo: File | undefined) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note?: string }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const completing = props.status === BILL_DETAIL_STATUS.ok;
  return (
    <Modal
      open
      title={t(completing ? 'maintenance.completeTitle' : 'maintenance.abandonTitle', {
        name: props.detail.deviceName,
      })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={props.onClose}
      onOk={async () => {
        const values = await form.validateFields().catch(() => null);
        if (!values) return;
        const { note } = values;
        setBusy(true);
        try {
          await props.onDone(note || undefined, files[0]?.originFileObj);
        } catch (e) {
          setError(e instanceof ApiError ? e.message : String(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <NoteField />
        {completing && (
          <Form.Item label={t('maintenance.fields.photo')} extra={t('maintenance.photoHint')}>
            <Upload
              accept="image/jpeg,image/png"
              listType="picture"
              maxCount={1}
              fileList={files}
              beforeUpload={() => false}
              onChange={({ fileList }) => setFiles(fileList.slice(-1))}
            >
              <Button icon={<PictureOutlined />} data-testid="photo-pick">
                {t('maintenance.photoUpload')}
              </Button>
            </Upload>
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Form>
    </Modal>
  );
}

/** The optional note: when given, the message rule (spec 001 §5). */
function NoteField() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Form.Item
      name="note"
      label={t('maintenance.fields.note')}
      rules={[
        {
          validator: async (_rule, value) => {
            if (!value) return;
            const issue = maintenanceMessageRule().safeParse(value).error?.issues[0];
            if (issue) throw new Error(ruleMessage(issue.message, lang));
          },
        },
      ]}
    >
      <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('maintenance.messagePlaceholder')} />
    </Form.Item>
  );
}
