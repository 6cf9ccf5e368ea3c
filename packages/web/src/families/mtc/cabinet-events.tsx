import type { Page } from '@sc/contract';
import { Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DeviceEvent, DeviceEvents, eventLevelColumn } from '../../components/device';
import { formatReading } from '../../components/format';
import { formatTime } from '../../components/time';
import { i18n } from '../../i18n/i18n';
import { type MtcApi, mtcKeys } from './api';
import './texts';

interface CabinetEventDetail {
  circuit?: number;
  phase?: string;
  value?: number;
  threshold?: number;
  on?: boolean;
  trigger?: string;
  version?: string;
  ok?: boolean;
  error?: string;
}

/** The label of an event code (the family's, else the platform's). */
export function eventCodeLabel(code: string): string {
  for (const key of [`mtc.eventCodes.${code}`, `cabinets.eventCodes.${code}`, `labels.eventCodes.${code}`])
    if (i18n.exists(key)) return i18n.t(key);
  return i18n.t('cabinets.events.otherCode');
}

/** The cabinet's events (kept for the retention the system settings give: 1-60 days), newest first. */
export function CabinetEvents({ projectId, id, m }: { projectId: number; id: number; m: MtcApi }) {
  const { t } = useTranslation();
  const detailText = (e: DeviceEvent) => {
    const d = (e.detail ?? {}) as CabinetEventDetail;
    return [
      d.circuit !== undefined ? t('cabinets.circuits.name', { index: d.circuit }) : '',
      d.phase ? t('cabinets.phases.phase', { phase: d.phase.toUpperCase() }) : '',
      d.on !== undefined ? t(d.on ? 'cabinets.events.switchedOn' : 'cabinets.events.switchedOff') : '',
      d.trigger ? t(`cabinets.events.trigger_${d.trigger}`) : '',
      d.value !== undefined ? t('cabinets.events.value', { value: formatReading(d.value) }) : '',
      d.threshold !== undefined ? t('cabinets.events.threshold', { value: formatReading(d.threshold) }) : '',
      d.version ? t('cabinets.controls.versionIs', { version: d.version }) : '',
      d.ok === false ? t('cabinets.events.failed') : '',
      d.error ? (i18n.exists(`firmware.${d.error}`) ? t(`firmware.${d.error}`) : t('cabinets.events.failed')) : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };
  const columns: TableColumnsType<DeviceEvent> = [
    { title: t('gateways.events.at'), dataIndex: 'at', width: 170, render: formatTime },
    { title: t('gateways.events.code'), dataIndex: 'code', width: 160, render: (c: string) => eventCodeLabel(c) },
    {
      title: t('gateways.events.eventType'),
      dataIndex: 'eventType',
      width: 90,
      render: (v: string) => t(`gateways.events.types.${v}`, { defaultValue: '' }),
    },
    eventLevelColumn(t('gateways.events.level'), 90),
    { title: t('gateways.events.detail'), key: 'detail', render: (_, e) => detailText(e) },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('cabinets.events.retention')}</Typography.Text>
      <DeviceEvents
        testId="cabinet-events"
        queryKey={[...mtcKeys.cabinet(projectId, id), 'events']}
        load={(page, size) => m.events(id, page, size) as Promise<Page<DeviceEvent>>}
        columns={columns}
      />
    </Flex>
  );
}
