import { BellOutlined } from '@ant-design/icons';
import { functionByPath } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { sessionApi, UNREAD_KEY } from '../../api/session-api';

const SITE_MESSAGES = '/man/sitemessage';
const ignorePush = () => {};

/**
 * 'Total {msg} unread messages', polled every 30 s; screens that read messages invalidate UNREAD_KEY,
 * and the frame keeps the realtime channel open so a new message moves the count at once.
 */
export function UnreadCount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useQuery({ queryKey: UNREAD_KEY, queryFn: sessionApi.unreadCount, refetchInterval: 30_000 });
  useRealtime({}, ignorePush);
  const count = unread.data?.count ?? 0;
  const canOpen = functionByPath(SITE_MESSAGES)?.ready ?? false;
  return (
    <Button type="text" data-testid="unread-count" onClick={() => canOpen && navigate(SITE_MESSAGES)}>
      <Badge count={count} size="small" offset={[2, -2]}>
        <BellOutlined style={{ fontSize: 16 }} />
      </Badge>
      <span className="frame-unread-text">{t('frame.unread', { msg: count })}</span>
    </Button>
  );
}
