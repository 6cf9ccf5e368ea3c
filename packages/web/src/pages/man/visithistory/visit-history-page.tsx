import type { VisitLogView } from '@sc/contract';
import { functionByKey, functionByPath } from '@sc/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time';
import { LogList } from '../logs/log-list';

const ACTION_COLORS: Record<string, string> = {
  login: 'green',
  auto_login: 'blue',
  logout: 'default',
  login_failed: 'red',
  page: 'purple',
};

/** /man/visithistory: sign-ins, automatic sign-ins, sign-outs, failed sign-ins and page visits. */
export default function VisitHistoryPage() {
  const { t, i18n } = useTranslation();
  return (
    <LogList<VisitLogView>
      kind="visit"
      // The browser is rarely needed: offered in the column setting (issue 13, 1366 px).
      hiddenByDefault={['userAgent']}
      columns={[
        { key: 'at', dataIndex: 'at', title: t('logs.fields.at'), width: 170, render: formatTime },
        { key: 'account', dataIndex: 'account', title: t('logs.fields.account'), width: 120 },
        {
          key: 'action',
          dataIndex: 'action',
          title: t('logs.fields.action'),
          width: 110,
          render: (action: string) => (
            <Tag color={ACTION_COLORS[action] ?? 'default'} data-action={action}>
              {i18n.exists(`logs.visit.${action}`) ? t(`logs.visit.${action}`) : action}
            </Tag>
          ),
        },
        {
          key: 'detail',
          dataIndex: 'detail',
          title: t('logs.fields.detail'),
          width: 220,
          ellipsis: { showTitle: true },
          render: (detail: string) => {
            // A failed sign-in's detail is the server's error code (WRONG_CREDENTIALS → errors.wrongCredentials).
            const key = /^[A-Z_]+$/.test(detail ?? '')
              ? `errors.${detail.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`
              : '';
            if (key && i18n.exists(key)) return t(key);
            // A page visit's detail is the screen's function key or path: its menu label.
            const screen = functionByKey(detail ?? '') ?? functionByPath(detail ?? '');
            return screen ? t(`menu.${screen.key}`) : detail;
          },
        },
        { key: 'ip', dataIndex: 'ip', title: t('logs.fields.ip'), width: 140 },
        {
          key: 'userAgent',
          dataIndex: 'userAgent',
          title: t('logs.fields.userAgent'),
          width: 240,
          render: (agent: string) =>
            agent ? (
              <Tooltip title={agent} placement="topLeft">
                <Typography.Text type="secondary" style={{ maxWidth: 240 }} ellipsis>
                  {agent}
                </Typography.Text>
              </Tooltip>
            ) : null,
        },
      ]}
    />
  );
}
