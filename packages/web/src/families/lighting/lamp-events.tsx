import type { Page } from '@sc/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DeviceEvent, DeviceEvents, eventLevelColumn } from '../../components/device';
import { formatReading } from '../../components/format';
import { formatTime } from '../../components/time';
import { type LightingApi, lightingKeys } from './api';

interface LampEventDetail {
  triggerType?: string;
  triggerDetail?: string;
  channel?: number;
  value?: number;
}

/** The lamp's events with their codes labelled, event type, trigger type and detail. */
export function LampEvents({ projectId, id, l }: { projectId: number; id: number; l: LightingApi }) {
  const { t } = useTranslation();
  const detailOf = (e: DeviceEvent) => (e.detail ?? {}) as LampEventDetail;
  const columns: TableColumnsType<DeviceEvent> = [
    { title: t('lamps.events.at'), dataIndex: 'at', width: 170, render: formatTime },
    {
      title: t('lamps.events.code'),
      dataIndex: 'code',
      // The code's label only (issue 13: "灯具故障 (19)" showed the device's code beside it).
      // The family's code, else the platform's (offline, online).
      render: (c: string) => t([`lighting.eventCodes.${c}`, `labels.eventCodes.${c}`], { defaultValue: c }),
    },
    {
      title: t('lamps.events.eventType'),
      dataIndex: 'eventType',
      width: 90,
      render: (v: string) => t(`lighting.eventTypes.${v}`, { defaultValue: v }),
    },
    eventLevelColumn(t('lamps.events.level'), 90),
    {
      title: t('lamps.events.triggerType'),
      key: 'triggerType',
      width: 100,
      render: (_, e) => {
        const v = detailOf(e).triggerType;
        return v ? t(`lighting.triggerTypes.${v}`) : '';
      },
    },
    {
      title: t('lamps.events.triggerDetail'),
      key: 'triggerDetail',
      render: (_, e) => {
        const d = detailOf(e);
        const parts = [
          d.triggerDetail ? t(`lighting.triggerDetails.${d.triggerDetail}`) : '',
          d.value !== undefined ? formatReading(d.value) : '',
          d.channel !== undefined ? t('lamps.events.channel', { channel: d.channel }) : '',
        ];
        return parts.filter(Boolean).join(' · ');
      },
    },
  ];
  return (
    <DeviceEvents
      testId="lamp-events"
      queryKey={[...lightingKeys.lamp(projectId, id), 'events']}
      load={(page, size) => l.events(id, page, size) as Promise<Page<DeviceEvent>>}
      columns={columns}
    />
  );
}
