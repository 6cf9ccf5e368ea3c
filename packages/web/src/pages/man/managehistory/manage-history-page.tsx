import type { ManageLogView } from '@sc/contract';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
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

/** Objects that are system settings: their summary is the setting's key, shown by its label. */
const SETTING_ENTITIES = new Set(['webparam', 'setting', 'settings']);

/**
 * The name of a log row's object: the summary the server wrote (the object's name or number); for a
 * batch, the range of numbers and how many; for an import, how many rows it brought.
 */
function objectName(entityId: string, summary: string, t: TFunction): string {
  if (entityId === 'import') return t('logs.entity.imported', { count: summary });
  const range = entityId.match(/^(.+)\.\.(.+)$/);
  if (range) return t('logs.entity.batch', { from: range[1], to: range[2], count: summary });
  return summary || (/^\d+$/.test(entityId) ? `#${entityId}` : entityId);
}

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
          ellipsis: { showTitle: false },
          render: (entity: string, row) => {
            // The object's kind, then its name (the summary the server wrote); its number only without one.
            const setting = SETTING_ENTITIES.has(entity) && i18n.exists(`settings.${row.summary}`);
            const name = setting
              ? t(`settings.${row.summary}`)
              : objectName(String(row.entityId ?? ''), row.summary, t);
            const text = `${known(`logs.entity.${entity}`, t('logs.entity.other'))}${name ? `: ${name}` : ''}`;
            return (
              <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }}>
                {text}
              </Typography.Text>
            );
          },
        },
        { key: 'ip', dataIndex: 'ip', title: t('logs.fields.ip'), width: 140 },
      ]}
    />
  );
}
