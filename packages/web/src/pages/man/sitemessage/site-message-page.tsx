import { CheckOutlined, ClearOutlined, DeleteOutlined, MailOutlined, RollbackOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type Page, type SiteMessageView } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { UNREAD_KEY } from '../../../api/session-api';
import { useFeedback } from '../../../app/feedback';
import { canModify, ListScreen, useAuthLevel, usePagedList } from '../../../components/crud';
import { formatTime } from '../../../components/time';
import { useLang } from '../../../i18n/i18n';
import { MessageAlarmWork } from './message-alarm-work';

export type MessageTab = 'unread' | 'read' | 'recycle';
const TABS: MessageTab[] = ['unread', 'read', 'recycle'];
const TAB_LABELS: Record<MessageTab, string> = {
  unread: 'messages.tabUnread',
  read: 'messages.tabRead',
  recycle: 'messages.tabRecycle',
};

const BASE = '/api/sitemessages.do';
/** Every query of this screen; the frame's unread count (UNREAD_KEY) shares the prefix. */
export const MESSAGES_KEY = ['sitemessages'] as const;

/** The number of messages under a tab: the total of a smallest page. */
function useTabCount(status: MessageTab) {
  const lang = useLang();
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'count', status, lang],
    queryFn: () => api.get<Page<SiteMessageView>>(`${BASE}/pages/1`, { pageSize: PAGE_SIZE.min, status }),
    select: (page) => page.total,
  });
}

/**
 * /man/sitemessage (spec 000 §4 "Site message"): unread, read and recycle bin; opening a message marks
 * it read; batch read, delete to the recycle bin, restore, and emptying the bin for good.
 */
export default function SiteMessagePage() {
  const { t } = useTranslation();
  const { message, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());

  const [tab, setTab] = useState<MessageTab>('unread');
  const [expanded, setExpanded] = useState<number[]>([]);

  const counts = { unread: useTabCount('unread'), read: useTabCount('read'), recycle: useTabCount('recycle') };
  const list = usePagedList<SiteMessageView, { keyword: string }>({
    key: [...MESSAGES_KEY, 'list'],
    waitForParams: true,
    initialFilters: { keyword: '' },
    depends: tab,
    load: ({ page, pageSize, filters }) =>
      api.get<Page<SiteMessageView>>(`${BASE}/pages/${page}`, {
        pageSize,
        status: tab,
        keyword: filters.keyword || undefined,
      }),
  });
  const { setSelected } = list;

  /** After any change: this screen's lists and counts, and the frame's 'Unread messages: {msg}'. */
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
      queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
    ]);
  };

  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSettled: refresh,
  });
  const run = async (action: () => Promise<unknown>, done: string) => {
    await change.mutateAsync(action);
    setSelected([]);
    message.success(t(done));
  };

  const markRead = (ids: number[]) =>
    run(
      () =>
        ids.length === 1 ? api.patch(`${BASE}/isread/${ids[0]}`) : api.patch(`${BASE}/isread`, { ids: ids.join(',') }),
      'messages.markedRead',
    );
  const recycle = (ids: number[]) =>
    confirm({
      title: ids.length === 1 ? t('messages.confirmRemoveOne') : t('messages.confirmRemove', { count: ids.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        run(
          () =>
            ids.length === 1
              ? api.patch(`${BASE}/isdeleted/${ids[0]}`)
              : api.patch(`${BASE}/isdeleted`, { ids: ids.join(',') }),
          'messages.removed',
        ).catch(() => undefined),
    });
  const restore = (ids: number[]) =>
    run(
      // The spec has a restore call for one message only.
      () => Promise.all(ids.map((id) => api.patch(`${BASE}/restoreisdeleted/${id}`))),
      'messages.restored',
    ).catch(() => undefined);
  const emptyRecycle = () =>
    confirm({
      title: t('messages.confirmEmpty'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => run(() => api.delete(BASE), 'messages.emptied').catch(() => undefined),
    });

  /**
   * Opening an unread message marks it read, quietly; the row stays in view (flagged read) until the
   * list is next loaded, while the counts and the frame's unread count update at once.
   */
  const open = (row: SiteMessageView) => {
    setExpanded((keys) => (keys.includes(row.id) ? keys : [...keys, row.id]));
    if (!writable || row.isRead || row.isDeleted) return;
    api
      .patch(`${BASE}/isread/${row.id}`)
      .then(() => {
        queryClient.setQueryData<Page<SiteMessageView>>(
          list.queryKey,
          (current) =>
            current && { ...current, list: current.list.map((m) => (m.id === row.id ? { ...m, isRead: true } : m)) },
        );
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: UNREAD_KEY }),
          queryClient.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'count'] }),
          queryClient.invalidateQueries({ queryKey: [...MESSAGES_KEY, 'list'], refetchType: 'none' }),
        ]);
      })
      .catch(() => undefined);
  };
  const toggle = (row: SiteMessageView) => {
    if (expanded.includes(row.id)) setExpanded((keys) => keys.filter((k) => k !== row.id));
    else open(row);
  };

  const columns: TableColumnsType<SiteMessageView> = [
    {
      key: 'title',
      dataIndex: 'title',
      title: t('messages.title'),
      // A device alarm's message opens work under its title, or shows the work order that handled the alarm.
      render: (title: string, row) => (
        // A long title wraps within the column instead of widening the table past the window.
        <Flex
          vertical
          align="flex-start"
          gap={2}
          style={{ maxWidth: 360, whiteSpace: 'normal', overflowWrap: 'anywhere' }}
        >
          <Typography.Link
            onClick={() => toggle(row)}
            strong={!row.isRead}
            data-testid={`message-title-${row.id}`}
            style={{ color: row.isRead || row.isDeleted ? undefined : 'inherit' }}
          >
            <Space size={6} align="start">
              {!row.isRead && !row.isDeleted ? <Badge status="processing" /> : <MailOutlined />}
              {title}
            </Space>
          </Typography.Link>
          {row.alarm && <MessageAlarmWork alarm={row.alarm} />}
        </Flex>
      ),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('messages.time'), width: 180, render: formatTime },
    { key: 'sender', dataIndex: 'senderName', title: t('messages.sender'), width: 160 },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 200,
      render: (_value, row) => (
        <Space size="small" wrap>
          {tab === 'unread' && (
            <Button
              size="small"
              type="link"
              icon={<CheckOutlined />}
              onClick={() => markRead([row.id]).catch(() => undefined)}
            >
              {t('messages.markRead')}
            </Button>
          )}
          {tab !== 'recycle' && (
            <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => recycle([row.id])}>
              {t('messages.remove')}
            </Button>
          )}
          {tab === 'recycle' && (
            <Button size="small" type="link" icon={<RollbackOutlined />} onClick={() => restore([row.id])}>
              {t('messages.restore')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  const switchTab = (next: string) => {
    setTab(next as MessageTab);
    list.firstPage();
    setExpanded([]);
  };

  return (
    <Card variant="borderless" data-testid="site-messages">
      <Tabs
        activeKey={tab}
        onChange={switchTab}
        items={TABS.map((key) => ({
          key,
          label: (
            <span data-testid={`message-tab-${key}`}>
              {t(TAB_LABELS[key])}
              <Badge
                count={counts[key].data ?? 0}
                showZero
                overflowCount={9999}
                color={key === 'unread' && (counts[key].data ?? 0) > 0 ? undefined : '#bfbfbf'}
                style={{ marginInlineStart: 8 }}
              />
            </span>
          ),
        }))}
      />
      <ListScreen<SiteMessageView, { keyword: string }>
        list={list}
        columns={columns}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        onRefresh={refresh}
        selectable={writable}
        actions={[
          writable &&
            tab === 'unread' && {
              key: 'markRead',
              label: t('messages.batchMarkRead'),
              icon: <CheckOutlined />,
              batch: true,
              onClick: (ids) => markRead(ids).catch(() => undefined),
            },
          writable &&
            tab !== 'recycle' && {
              key: 'remove',
              label: t('messages.batchRemove'),
              icon: <DeleteOutlined />,
              danger: true,
              batch: true,
              onClick: recycle,
            },
          writable &&
            tab === 'recycle' && {
              key: 'restore',
              label: t('messages.batchRestore'),
              icon: <RollbackOutlined />,
              batch: true,
              onClick: restore,
            },
          writable &&
            tab === 'recycle' && {
              key: 'empty',
              label: t('messages.emptyRecycle'),
              icon: <ClearOutlined />,
              danger: true,
              primary: true,
              disabled: (counts.recycle.data ?? 0) === 0,
              onClick: emptyRecycle,
            },
        ]}
        table={{
          expandable: {
            expandedRowKeys: expanded,
            onExpand: (isOpen, row) => (isOpen ? open(row) : setExpanded((keys) => keys.filter((k) => k !== row.id))),
            expandedRowRender: (row) => (
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                data-testid={`message-content-${row.id}`}
              >
                {row.content || <Typography.Text type="secondary">{t('messages.noContent')}</Typography.Text>}
              </Typography.Paragraph>
            ),
          },
        }}
      />
    </Card>
  );
}
