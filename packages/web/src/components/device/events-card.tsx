import type { Page } from '@sc/contract';
import { type Query, type QueryKey, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeQuery, type TimeRange } from '../crud';
import type { DeviceEvent } from './answers';
import { EventsTable, useEventsPaging } from './events-table';

/** What an events card asks for: the period chosen (if any) and the page. */
export interface EventsQuery {
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/**
 * A device's events (or log) in a card, a page at a time, over a period the user picks when the card has a
 * period label; a family gives its own columns.
 */
export function EventsCard(props: {
  title: string;
  testId?: string;
  /** The period picker's label (without it, no picker: every event). */
  period?: string;
  periodTestId?: string;
  columns?: TableColumnsType<DeviceEvent>;
  /** The family's own words for its codes, `<codes>.<code>`, before the platform's. */
  codes?: string;
  load: { key: (query: EventsQuery) => QueryKey; fn: (query: EventsQuery) => Promise<Page<DeviceEvent>> };
}) {
  const paging = useEventsPaging();
  const [range, setRange] = useState<TimeRange>(null);
  const query: EventsQuery = { ...rangeQuery(range), page: paging.current, pageSize: paging.pageSize };
  const events = useQuery({ queryKey: props.load.key(query), queryFn: () => props.load.fn(query) });
  return (
    <Card
      title={props.title}
      size="small"
      data-testid={props.testId}
      extra={
        props.period && (
          <Space>
            <Typography.Text type="secondary">{props.period}</Typography.Text>
            <DatePicker.RangePicker
              showTime
              value={range}
              onChange={(v) => {
                setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
                paging.onPage(1, paging.pageSize);
              }}
              data-testid={props.periodTestId}
            />
          </Space>
        )
      }
    >
      <EventsTable
        page={events.data}
        loading={events.isLoading}
        columns={props.columns}
        codes={props.codes}
        {...paging}
      />
    </Card>
  );
}

/**
 * The cached first pages of a device's events, keyed `[...prefix, query]` (an events card's keys): where a
 * new event shows; a later page the user reads stays as it is.
 */
export const firstEventsPages = (prefix: QueryKey) => ({
  queryKey: prefix,
  predicate: (query: Query) => (query.queryKey[prefix.length] as EventsQuery | undefined)?.page === 1,
});

/** A code in the reader's words under `<prefix>.<code>`, or the code itself when there are none. */
export function useCodeWords() {
  const { t, i18n } = useTranslation();
  return (prefix: string, code: string) => (i18n.exists(`${prefix}.${code}`) ? t(`${prefix}.${code}`) : code);
}
