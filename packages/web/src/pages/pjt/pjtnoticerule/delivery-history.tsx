import { ReloadOutlined } from '@ant-design/icons';
import type { DeliveryStatus, DeliveryView } from '@sc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time';
import { noticeApi, noticeKeys } from './notice-api';
import './texts';

const STATUS_COLOR: Record<DeliveryStatus, string> = { pending: 'processing', sent: 'success', failed: 'error' };
const PAGE_SIZE = 20;

/** The project's e-mails and SMS, sent or waiting, newest first (spec 000 §9 "SMS history"). */
export function DeliveryHistory({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<'EMAIL' | 'SMS' | undefined>();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...noticeKeys.deliveries(projectId), channel, page],
    queryFn: () => noticeApi(projectId).deliveries({ channel, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<DeliveryView> = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('noticerule.fields.createdAt'),
      width: 170,
      render: formatTime,
    },
    {
      key: 'channel',
      dataIndex: 'channel',
      title: t('noticerule.fields.channel'),
      width: 96,
      render: (c: DeliveryView['channel']) => t(`notices.type_${c}`),
    },
    { key: 'eventName', dataIndex: 'eventName', title: t('noticerule.fields.event'), width: 130, ellipsis: true },
    { key: 'recipient', dataIndex: 'recipient', title: t('noticerule.fields.recipient'), width: 180, ellipsis: true },
    { key: 'subject', dataIndex: 'subject', title: t('noticerule.fields.subject'), ellipsis: true },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('noticerule.fields.status'),
      width: 90,
      render: (s: DeliveryStatus) => <Tag color={STATUS_COLOR[s]}>{t(`noticerule.status_${s}`)}</Tag>,
    },
    { key: 'attempts', dataIndex: 'attempts', title: t('noticerule.fields.attempts'), width: 104, align: 'right' },
    {
      key: 'reason',
      title: t('noticerule.fields.reason'),
      width: 200,
      ellipsis: true,
      render: (_v, row) =>
        row.reason ? (
          <Typography.Text type="danger" title={row.reason}>
            {row.reason}
          </Typography.Text>
        ) : row.nextAt ? (
          <Typography.Text type="secondary">
            {t('noticerule.fields.nextAt')} {formatTime(row.nextAt)}
          </Typography.Text>
        ) : null,
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">
          {query.data ? t('noticerule.historyHint', { count: query.data.historyDays }) : ''}
        </Typography.Text>
        <Flex gap={8}>
          <Select
            style={{ width: 140 }}
            value={channel ?? ''}
            onChange={(v) => {
              setChannel(v === 'EMAIL' || v === 'SMS' ? v : undefined);
              setPage(1);
            }}
            options={[
              { value: '', label: t('noticerule.allChannels') },
              { value: 'EMAIL', label: t('notices.type_EMAIL') },
              { value: 'SMS', label: t('notices.type_SMS') },
            ]}
            aria-label={t('noticerule.fields.channel')}
          />
          <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} loading={query.isFetching}>
            {t('common.refresh')}
          </Button>
        </Flex>
      </Flex>
      <Table<DeliveryView>
        size="middle"
        rowKey="id"
        data-testid="delivery-table"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isLoading}
        scroll={{ x: 1000 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    </Flex>
  );
}
