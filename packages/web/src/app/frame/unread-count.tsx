import { BellOutlined } from '@ant-design/icons';
import { functionByPath } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { sessionApi, UNREAD_KEY } from '../../api/session-api';

const SITE_MESSAGES = '/man/sitemessage';
const ignorePush = () => {};

/** Alarm red and a warning orange dark enough for white digits (WCAG AA). */
const SEVERITY_COLOURS = { alarm: '#cf1322', warning: '#ad4e00' } as const;

/**
 * 'Unread messages: {msg}' and, beside the bell, the unread device alarms by level (alarms, then
 * warnings; repeats of one alarm count once, folded by the server), polled every 30 s; screens that read messages invalidate UNREAD_KEY,
 * and the frame keeps the realtime channel open so a new message moves the count at once.
 */
export function UnreadCount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useQuery({ queryKey: UNREAD_KEY, queryFn: sessionApi.unreadCount, refetchInterval: 30_000 });
  useRealtime({}, ignorePush, { onLive: useResync()(UNREAD_KEY) });
  const count = unread.data?.count ?? 0;
  const alarms = unread.data?.alarms;
  const canOpen = functionByPath(SITE_MESSAGES)?.ready ?? false;
  const levels = (['alarm', 'warning'] as const).filter((level) => (alarms?.[level] ?? 0) > 0);
  return (
    <Button type="text" data-testid="unread-count" onClick={() => canOpen && navigate(SITE_MESSAGES)}>
      <Badge count={count} size="small" offset={[2, -2]}>
        <BellOutlined style={{ fontSize: 16 }} />
      </Badge>
      {levels.map((level) => (
        <Badge
          key={level}
          count={alarms?.[level]}
          size="small"
          color={SEVERITY_COLOURS[level]}
          data-testid={`unread-${level}`}
          title={t(level === 'alarm' ? 'bell.alarms' : 'bell.warnings', { count: alarms?.[level] })}
          aria-label={t(level === 'alarm' ? 'bell.alarms' : 'bell.warnings', { count: alarms?.[level] })}
        />
      ))}
      <span className="frame-unread-text">{t('frame.unread', { msg: count })}</span>
    </Button>
  );
}
