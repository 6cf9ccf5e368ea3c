import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DeviceEvent, EventLevelTag, EventsCard, useCodeWords } from '../../components/device';
import { formatTime } from '../../components/time';
import { scdApi } from './api';

/** The bin's event columns: the code and its type in words (no raw code on a screen). */
function useEventColumns(): TableColumnsType<DeviceEvent> {
  const { t } = useTranslation();
  const word = useCodeWords();
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
  return (
    <EventsCard
      title={t('scd.eventsTitle')}
      testId="scd-events"
      period={t('scd.period')}
      periodTestId="scd-events-period"
      columns={useEventColumns()}
      load={{ key: (query) => scd.events.key({ id, query }), fn: (query) => scd.events({ id, query }) }}
    />
  );
}
