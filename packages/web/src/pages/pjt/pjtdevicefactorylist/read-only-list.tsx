import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Flex, Input, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, ResponsiveTable, type Row, tableColumns } from '../../../components/crud';

/**
 * A read-only list of a whole (unpaged, up to 1000) project-scoped lookup, with the kit's column
 * shape (`<resource>.fields.<field>` titles), a client-side search over name and no, and paging.
 */
export function ReadOnlyList<T extends Row & { name: string; no: string }>({
  resource,
  columns,
  query,
}: {
  resource: string;
  columns: CrudColumn<T>[];
  query: UseQueryResult<T[]>;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (query.data ?? []).filter((row) =>
      words.every((w) => row.name.toLowerCase().includes(w) || row.no.toLowerCase().includes(w)),
    );
  }, [query.data, search]);
  // The kit's columns: kinds (times in the system timezone, tags), widths and ellipsis as declared.
  const shown: TableColumnsType<T> = tableColumns(columns, (field) => t(`${resource}.fields.${field}`));
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        <Input.Search allowClear placeholder={t('common.search')} onSearch={setSearch} style={{ maxWidth: 320 }} />
        <Button icon={<ReloadOutlined />} onClick={() => query.refetch()}>
          {t('common.refresh')}
        </Button>
      </Flex>
      <ResponsiveTable<T>
        rowKey="id"
        size="middle"
        columns={shown}
        dataSource={rows}
        loading={query.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} /> }}
        pagination={{ defaultPageSize: 25, showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      />
    </Flex>
  );
}
