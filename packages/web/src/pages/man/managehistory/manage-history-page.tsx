import type { ManageLogView } from '@sc/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../components/time';
import { ChangesTable, hasChanges } from '../logs/log-format';
import { LogList } from '../logs/log-list';

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  permission: 'purple',
  password: 'gold',
  settings: 'cyan',
  sync: 'geekblue',
};

/** /man/managehistory: who changed what, with the changed fields from → to. */
export default function ManageHistoryPage() {
  const { t, i18n } = useTranslation();
  const known = (key: string, fallback: string) => (i18n.exists(key) ? t(key) : fallback);
  return (
    <LogList<ManageLogView>
      kind="manage"
      expandable={{
        rowExpandable: (row) => hasChanges(row.changes),
        expandedRowRender: (row) => <ChangesTable entity={row.entity} changes={row.changes} />,
      }}
      columns={[
        { key: 'at', dataIndex: 'at', title: t('logs.fields.at'), width: 170, render: formatTime },
        { key: 'account', dataIndex: 'account', title: t('logs.fields.account'), width: 120 },
        {
          key: 'action',
          dataIndex: 'action',
          title: t('logs.fields.action'),
          width: 120,
          render: (action: string) => (
            <Tag color={ACTION_COLORS[action] ?? 'default'}>{known(`logs.manage.${action}`, action)}</Tag>
          ),
        },
        {
          key: 'entity',
          dataIndex: 'entity',
          title: t('logs.fields.entity'),
          width: 140,
          render: (entity: string, row) => (
            <span>
              {known(`logs.entity.${entity}`, entity)}
              {row.entityId ? <Typography.Text type="secondary"> #{row.entityId}</Typography.Text> : null}
            </span>
          ),
        },
        {
          key: 'summary',
          dataIndex: 'summary',
          title: t('logs.fields.summary'),
          ellipsis: { showTitle: true },
        },
        { key: 'ip', dataIndex: 'ip', title: t('logs.fields.ip'), width: 140 },
      ]}
    />
  );
}
