import { Card, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The devices that belong to a device (a gateway's children, the lamps following a sensor) in a small card
 * with their count, ten at a time.
 */
export function DeviceRowsCard<T extends { id: number }>(props: {
  title: string;
  testId: string;
  rows: T[];
  loading: boolean;
  columns: TableColumnsType<T>;
  /** What the table says when there are none (default the table's own). */
  empty?: string;
  extra?: ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
}) {
  const { t } = useTranslation();
  return (
    <Card title={`${props.title} (${props.rows.length})`} size="small" extra={props.extra}>
      <Table<T>
        data-testid={props.testId}
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={props.loading}
        columns={props.columns}
        dataSource={props.rows}
        rowSelection={props.rowSelection}
        locale={props.empty ? { emptyText: props.empty } : undefined}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
      />
    </Card>
  );
}
