import type { DeviceFactoryView } from '@sc/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../../components/crud';

export type FactoryRow = DeviceFactoryView & { [key: string]: unknown };

/** Columns of the factory lists (/bas/devicefactorylist and the read-only /pjt/pjtdevicefactorylist). */
export function useFactoryColumns(): CrudColumn<FactoryRow>[] {
  const { t } = useTranslation();
  return [
    { field: 'name' },
    { field: 'no', render: (v) => <Typography.Text code>{String(v)}</Typography.Text> },
    {
      field: 'projectName',
      render: (v) => (v ? String(v) : <Typography.Text type="secondary">{t('factories.allProjects')}</Typography.Text>),
    },
    {
      field: 'builtin',
      width: 100,
      render: (v) => (v ? <Tag color="orange">{t('factories.builtin')}</Tag> : <Tag>{t('factories.custom')}</Tag>),
    },
    { field: 'modelCount', width: 90 },
    { field: 'description', render: (v) => (v ? String(v) : '—') },
    { field: 'createdAt', kind: { kind: 'time' } },
  ];
}
