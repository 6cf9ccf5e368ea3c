import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeQuery, type TimeRange } from '../../components/crud';
import { type DeviceEvent, EventLevelTag, EventsTable, useEventsPaging } from '../../components/device';
import { formatTime } from '../../components/time';
import { scdApi } from './api';

/** The bin's event columns: the code and its type in words (no raw code on a screen). */
function useEventColumns(): TableColumnsType<DeviceEvent> {
  const { t, i18n } = useTranslation();
  const word = (prefix: string, v: string) => (i18n.exists(`${prefix}.${v}`) ? t(`${prefix}.${v}`) : v);
  return [
    { title: t('gateways.events.at'), dataIndex: 'at', width: 170, render: formatTime },
    {
      title: t('gateways.events.code'),
      dataIndex: 'code',
      width: 160,
      render: (v: string) => word('scd.eventCodes', v),
    },
    {
      title: t('gateways.events.eventType'),
      dataIndex: 'eventType',
      width: 110,
      render: (v: string) => word('gateways.events.types', v),
    },
    {
      title: t('gateways.events.level'),
      dataIndex: 'level',
      width: 100,
      render: (v: string) => <EventLevelTag level={v} />,
    },
  ];
}

/** Spec 001 §7 "scd: last 24-hour events": what the bin raised since this time yesterday. */
export function RecentEvents({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const scd = scdApi(projectId);
  const columns = useEventColumns();
  const recent = useQuery({ queryKey: scd.recentEvents.key({ id }), queryFn: () => scd.recentEvents({ id }) });
  return (
    <Card title={t('scd.recentTitle')} size="small" data-testid="scd-recent">
      <Table<DeviceEvent>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={recent.data ?? []}
        loading={recent.isLoading}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scd.recentEmpty')} /> }}
      />
    </Card>
  );
}

/** Spec 001 §7 "scd: paged events": the events of a chosen period, a page at a time. */
export function PeriodEvents({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const scd = scdApi(projectId);
  const columns = useEventColumns();
  const paging = useEventsPaging();
  const [range, setRange] = useState<TimeRange>(null);
  const query = { ...rangeQuery(range), page: paging.current, pageSize: paging.pageSize };
  const events = useQuery({ queryKey: scd.events.key({ id, query }), queryFn: () => scd.events({ id, query }) });
  return (
    <Card
      title={t('scd.eventsTitle')}
      size="small"
      data-testid="scd-events"
      extra={
        <Space>
          <Typography.Text type="secondary">{t('scd.period')}</Typography.Text>
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(v) => {
              setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
              paging.onPage(1, paging.pageSize);
            }}
            data-testid="scd-events-period"
          />
        </Space>
      }
    >
      <EventsTable page={events.data} loading={events.isLoading} columns={columns} {...paging} />
    </Card>
  );
}
