import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeQuery, type TimeRange } from '../../components/crud';
import { type DeviceEvent, EventsTable, useEventsPaging } from '../../components/device';
import { formatTime } from '../../components/time';
import { wifiApi } from './api';

/** A log line's detail in words: the client's MAC and the band, never a raw code. */
function detailText(detail: unknown, band: (b: string) => string): string {
  if (!detail || typeof detail !== 'object') return '';
  const d = detail as Record<string, unknown>;
  return [typeof d.mac === 'string' ? d.mac : '', typeof d.band === 'string' ? band(d.band) : '']
    .filter(Boolean)
    .join(' · ');
}

/** Spec 001 §7 "wifi: logs": the AP's log over a chosen period, a page at a time, in words. */
export function WifiLogs({ projectId, id }: { projectId: number; id: number }) {
  const { t, i18n } = useTranslation();
  const wifi = wifiApi(projectId);
  const paging = useEventsPaging();
  const [range, setRange] = useState<TimeRange>(null);
  const query = { ...rangeQuery(range), page: paging.current, pageSize: paging.pageSize };
  const logs = useQuery({ queryKey: wifi.logs.key({ id, query }), queryFn: () => wifi.logs({ id, query }) });
  const word = (prefix: string, v: string) => (i18n.exists(`${prefix}.${v}`) ? t(`${prefix}.${v}`) : v);
  const columns: TableColumnsType<DeviceEvent> = [
    { title: t('wifi.log.at'), dataIndex: 'at', width: 170, render: formatTime },
    { title: t('wifi.log.code'), dataIndex: 'code', width: 160, render: (v: string) => word('wifi.eventCodes', v) },
    {
      title: t('wifi.log.detail'),
      dataIndex: 'detail',
      render: (v: unknown) => detailText(v, (b) => word('wifi.bands', b)),
    },
  ];
  return (
    <Card
      title={t('wifi.logsTitle')}
      size="small"
      data-testid="wifi-logs"
      extra={
        <Space>
          <Typography.Text type="secondary">{t('wifi.period')}</Typography.Text>
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(v) => {
              setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
              paging.onPage(1, paging.pageSize);
            }}
          />
        </Space>
      }
    >
      <EventsTable page={logs.data} loading={logs.isLoading} columns={columns} {...paging} />
    </Card>
  );
}
