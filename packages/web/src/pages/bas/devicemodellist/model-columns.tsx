import type { DeviceFactoryView, DeviceModelView, DeviceTypeView } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { CrudColumn } from '../../../components/crud';
import { useLang } from '../../../i18n/i18n';
import { TypeIcon, useTypeLabel } from '../devicetypelist/device-type-list-page';

export type ModelRow = DeviceModelView & { [key: string]: unknown };

/** Device types and factories of a lookup base: `/api/bas` or `/api/pjts/{id}`. */
export function useTypes(apiBase = '/api/bas') {
  const lang = useLang();
  return useQuery({
    queryKey: ['crud', `${apiBase}/devicetypes.do`, 'all', lang],
    queryFn: () => api.get<DeviceTypeView[]>(`${apiBase}/devicetypes.do`),
  });
}
export function useFactories(apiBase = '/api/bas') {
  const lang = useLang();
  return useQuery({
    queryKey: ['crud', `${apiBase}/devicefactories.do`, 'all', lang],
    queryFn: () => api.get<DeviceFactoryView[]>(`${apiBase}/devicefactories.do`),
  });
}

/** A Select of device types by no, labelled by `families.types.<no>` for built-ins. */
export function TypeSelect({ apiBase, ...props }: SelectProps<string> & { apiBase?: string }) {
  const types = useTypes(apiBase);
  const label = useTypeLabel();
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'title' }}
      loading={types.isLoading}
      style={{ width: '100%' }}
      options={(types.data ?? []).map((type) => ({
        value: type.no,
        title: label(type),
        label: (
          <Space size={6}>
            <TypeIcon icon={type.icon} size={18} />
            {label(type)}
          </Space>
        ),
      }))}
      {...props}
    />
  );
}

/** A Select of factories by id. */
export function FactorySelect({ apiBase, ...props }: SelectProps<number> & { apiBase?: string }) {
  const factories = useFactories(apiBase);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={factories.isLoading}
      style={{ width: '100%' }}
      options={(factories.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
      {...props}
    />
  );
}

/** Columns of the model lists (/bas/devicemodellist and the read-only /pjt/pjtdevicemodellist). */
export function useModelColumns(apiBase?: string): CrudColumn<ModelRow>[] {
  const { t } = useTranslation();
  const types = useTypes(apiBase);
  const label = useTypeLabel();
  const typeName = (row: ModelRow) => {
    const type = types.data?.find((x) => x.no === row.typeNo);
    return type ? label(type) : label({ no: row.typeNo, name: row.typeName });
  };
  return [
    { field: 'name' },
    { field: 'no', render: (v) => <Typography.Text code>{String(v)}</Typography.Text> },
    { field: 'factoryName', width: 150, ellipsis: true },
    { field: 'typeName', render: (_v, row) => <Tag color="blue">{typeName(row)}</Tag> },
    {
      field: 'builtin',
      width: 100,
      render: (v) => (v ? <Tag color="orange">{t('models.builtin')}</Tag> : <Tag>{t('models.custom')}</Tag>),
    },
    { field: 'deviceCount', width: 90 },
    { field: 'description', width: 160, ellipsis: true, render: (v) => (v ? String(v) : '—') },
    { field: 'createdAt', kind: { kind: 'time' } },
  ];
}
