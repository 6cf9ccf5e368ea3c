import { LOG_PAGE_SIZE, type Page } from '@sc/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../crud/row-cards';
import { pageSizeOptions } from '../crud/use-paged-list';
import { KeyValues, useLabels } from '../labels';
import { HandledWorkTag } from '../maintenance/handled-work';
import { OpenWorkOrderButton } from '../maintenance/open-work-order';
import { formatTime } from '../time';
import type { DeviceEvent } from './answers';
import { EventLevelTag } from './tags';

/** The page of events shown and its size (the log paging rule); a new size starts again at the first page. */
export function useEventsPaging() {
  const [current, setCurrent] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZE.default);
  const onPage = (page: number, size: number) => {
    setCurrent(size === pageSize ? page : 1);
    setPageSize(size);
  };
  return { current, pageSize, onPage };
}

/** A device's events, a page at a time (the log paging rule), newest first; a family may give its own columns. */
export function EventsTable(props: {
  page: Page<DeviceEvent> | undefined;
  loading: boolean;
  current: number;
  pageSize: number;
  onPage: (page: number, size: number) => void;
  columns?: TableColumnsType<DeviceEvent>;
  /** The family's own words for its codes, `<codes>.<code>`, before the platform's. */
  codes?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const { codes } = props;
  const codeText = (code: string) =>
    codes && i18n.exists(`${codes}.${code}`) ? t(`${codes}.${code}`) : labels.eventCode(code);
  const columns: TableColumnsType<DeviceEvent> = props.columns ?? [
    { title: t('gateways.events.at'), dataIndex: 'at', width: 170, render: formatTime },
    { title: t('gateways.events.device'), dataIndex: 'deviceName', width: 160, ellipsis: { showTitle: true } },
    {
      title: t('gateways.events.code'),
      dataIndex: 'code',
      width: 130,
      ellipsis: { showTitle: true },
      render: codeText,
    },
    {
      title: t('gateways.events.eventType'),
      dataIndex: 'eventType',
      width: 100,
      render: (v: string) => t(`gateways.events.types.${v}`, { defaultValue: v }),
    },
    eventLevelColumn(t('gateways.events.level'), 100),
    {
      title: t('gateways.events.detail'),
      dataIndex: 'detail',
      ellipsis: true,
      render: (v: unknown) => <KeyValues value={v} />,
    },
  ];
  // An alarm that occurred opens work (a maintenance work order with the device and the alarm); once a
  // work order completed it, it shows as handled with that work order.
  const withWork: TableColumnsType<DeviceEvent> = [
    ...columns,
    {
      title: t('maintenance.workColumn'),
      key: 'work',
      width: 150,
      render: (_: unknown, e: DeviceEvent) =>
        e.handled ? (
          <HandledWorkTag work={e.handled} />
        ) : e.level === 'alarm' && e.eventType === 'occur' ? (
          <OpenWorkOrderButton alarm={{ deviceId: e.deviceId, deviceName: e.deviceName, code: e.code, at: e.at }} />
        ) : null,
    },
  ];
  return (
    <ResponsiveTable<DeviceEvent>
      data-testid={props.testId ?? 'events-table'}
      rowKey="id"
      size="small"
      loading={props.loading}
      columns={withWork}
      tableLayout="fixed"
      scroll={{ x: 910 }}
      dataSource={props.page?.list ?? []}
      pagination={{
        current: props.current,
        pageSize: props.pageSize,
        total: props.page?.total ?? 0,
        pageSizeOptions: pageSizeOptions('log'),
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { total }),
        onChange: props.onPage,
      }}
    />
  );
}

/** The events' level column, as a tag. */
export const eventLevelColumn = (title: string, width: number): TableColumnsType<DeviceEvent>[number] => ({
  title,
  dataIndex: 'level',
  width,
  render: (v: string) => <EventLevelTag level={v} />,
});

/** A device's events read a page at a time from `load` (cached under `[...queryKey, page, size]`), with the family's columns. */
export function DeviceEvents({
  queryKey,
  load,
  columns,
  testId,
}: {
  queryKey: QueryKey;
  load: (page: number, pageSize: number) => Promise<Page<DeviceEvent>>;
  columns: TableColumnsType<DeviceEvent>;
  testId: string;
}) {
  const paging = useEventsPaging();
  const events = useQuery({
    queryKey: [...queryKey, paging.current, paging.pageSize],
    queryFn: () => load(paging.current, paging.pageSize),
  });
  return <EventsTable testId={testId} columns={columns} page={events.data} loading={events.isLoading} {...paging} />;
}
