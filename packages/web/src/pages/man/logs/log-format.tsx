import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../components/format';
import './texts';

export { formatValue };

type Change = { from: unknown; to: unknown };

/** `{field: {from, to}}` as written by the server's audit; anything else is shown as it is. */
export function changeEntries(changes: unknown): [string, Change][] | null {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return null;
  const entries = Object.entries(changes as Record<string, unknown>);
  const isChange = (v: unknown): v is Change =>
    typeof v === 'object' && v !== null && 'from' in (v as object) && 'to' in (v as object);
  return entries.every(([, v]) => isChange(v)) ? (entries as [string, Change][]) : null;
}

export const hasChanges = (changes: unknown) =>
  changes !== null &&
  changes !== undefined &&
  !(typeof changes === 'object' && Object.keys(changes as object).length === 0);

/** i18n namespace of an audited entity's field labels. */
const FIELD_NAMESPACES: Record<string, string> = { project: 'projects', role: 'roles', user: 'users' };

/** The changes of a management log row as a field / from / to table. */
export function ChangesTable({ entity, changes }: { entity: string; changes: unknown }) {
  const { t, i18n } = useTranslation();
  const entries = changeEntries(changes);
  if (!entries) {
    return (
      <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="log-changes-raw">
        {JSON.stringify(changes, null, 2)}
      </Typography.Paragraph>
    );
  }
  if (entries.length === 0) return <Typography.Text type="secondary">{t('logs.changes.none')}</Typography.Text>;

  const label = (field: string) => {
    const ns = FIELD_NAMESPACES[entity];
    const keys = [ns && `${ns}.fields.${field}`, `settings.${field}`].filter(Boolean) as string[];
    const known = keys.find((key) => i18n.exists(key));
    return known ? t(known) : field;
  };
  const shown = (value: unknown) => {
    const text = formatValue(value);
    return text ? text : <Typography.Text type="secondary">{t('logs.changes.empty')}</Typography.Text>;
  };
  return (
    <Table
      size="small"
      pagination={false}
      bordered
      data-testid="log-changes"
      style={{ maxWidth: 900 }}
      rowKey={(row) => row[0]}
      dataSource={entries}
      columns={[
        { key: 'field', title: t('logs.changes.field'), width: 220, render: (_v, [field]) => label(field) },
        {
          key: 'from',
          title: t('logs.changes.from'),
          render: (_v, [, change]) => <Typography.Text delete>{shown(change.from)}</Typography.Text>,
        },
        {
          key: 'to',
          title: t('logs.changes.to'),
          render: (_v, [, change]) => <Typography.Text strong>{shown(change.to)}</Typography.Text>,
        },
      ]}
    />
  );
}
