import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DeviceEvent, EventsCard, useCodeWords } from '../../components/device';
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
  const { t } = useTranslation();
  const wifi = wifiApi(projectId);
  const word = useCodeWords();
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
    <EventsCard
      title={t('wifi.logsTitle')}
      testId="wifi-logs"
      period={t('wifi.period')}
      columns={columns}
      load={{ key: (query) => wifi.logs.key({ id, query }), fn: (query) => wifi.logs({ id, query }) }}
    />
  );
}
