import { Badge, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../../api/realtime';

/**
 * One tag per status of a device. Every screen shows a state through these, so an operator sees the
 * same colour and word for the same state everywhere.
 */
const ACTIVE_COLOR: Record<number, string> = { [-1]: 'red', 0: 'default', 1: 'green' };

/** The active state: abnormal red, unknown grey, normal green. */
export function ActiveStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={ACTIVE_COLOR[state] ?? 'default'} data-state={state}>
      {t(`enums.active_${state}`)}
    </Tag>
  );
}

/** Registered on the platform (blue) or not (grey). */
export function RegisteredTag({ registered }: { registered: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={registered ? 'blue' : 'default'}>
      {registered ? t('gateways.registeredYes') : t('gateways.registeredNo')}
    </Tag>
  );
}

const LEVEL_COLOR: Record<string, string> = { info: 'blue', warning: 'orange', alarm: 'red' };

/** An event's level: information, warning or alarm. */
export function EventLevelTag({ level }: { level: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={LEVEL_COLOR[level] ?? 'default'}>{t(`gateways.events.levels.${level}`, { defaultValue: level })}</Tag>
  );
}

/** A yes flag stands out (gold), a no is plain text. */
export function FlagTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? <Tag color="gold">{t('common.yes')}</Tag> : t('common.no');
}

/** A dot telling whether the realtime channel is up. */
export function LiveBadge() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const text =
    status === 'open' ? t('realtime.live') : status === 'closed' ? t('realtime.offline') : t('realtime.connecting');
  return (
    <Badge
      data-testid="live-badge"
      status={status === 'open' ? 'processing' : status === 'closed' ? 'error' : 'default'}
      text={<Typography.Text type="secondary">{text}</Typography.Text>}
    />
  );
}
