import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type Page } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Result, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useRunningParams } from '../../api/session-api';
import { useFeedback } from '../../app/feedback';
import { useLang } from '../../i18n/i18n';
import { FormDialog } from './form-dialog';
import { SearchBar } from './search-bar';
import type { ResourceTableProps, Row } from './types';
import { canModify, useAuthLevel } from './use-auth-level';

const clampPageSize = (size: number | undefined) =>
  Math.min(PAGE_SIZE.max, Math.max(PAGE_SIZE.min, size ?? PAGE_SIZE.default));

function DeleteButton({ reason, onClick }: { reason?: true | string; onClick: () => void }) {
  const { t } = useTranslation();
  const blocked = typeof reason === 'string';
  const button = (
    <Button size="small" type="link" danger icon={<DeleteOutlined />} disabled={blocked} onClick={onClick}>
      {t('common.delete')}
    </Button>
  );
  return blocked ? <Tooltip title={reason}>{button}</Tooltip> : button;
}

/** Editing state of the dialog: closed, creating, or editing one row. */
type Editing<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; row: T };

/**
 * The list screen of one resource (DESIGN §5): search, paging, selection, create/edit dialog,
 * delete and batch delete with confirmation; writes are hidden below the modify level.
 */
export function ResourceTable<T extends Row>(props: ResourceTableProps<T>) {
  const { resource, base, columns, fields, batchDelete = true, toForm, rowActions, query, deletable } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const { confirm } = useFeedback();
  const queryClient = useQueryClient();
  const screenLevel = useAuthLevel();
  const writable = canModify(props.level ?? screenLevel);
  const params = useRunningParams();

  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'closed' });
  const size = pageSize ?? clampPageSize(params.data?.pageSize);

  const listKey = ['crud', base];
  const list = useQuery({
    queryKey: [...listKey, { page, size, keyword, lang, query }],
    queryFn: () => api.get<Page<T>>(`${base}/pages`, { ...query, page, pageSize: size, keyword }),
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });

  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1 ? api.delete(`${base}/${ids[0]}`) : api.delete(base, { ids: ids.join(',') }),
    onSuccess: () => {
      message.success(t('common.deleted'));
      setSelected([]);
      return refresh();
    },
  });
  const askDelete = (ids: number[]) =>
    confirm({
      title: ids.length === 1 ? t('crud.deleteOne') : t('common.confirmDelete', { count: ids.length }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });

  const save = async (values: Record<string, unknown>) => {
    const body = values as Record<string, string>;
    if (editing.mode === 'edit') await api.put(`${base}/${editing.row.id}`, body, { silent: true });
    else await api.post(base, body, { silent: true });
    message.success(t('common.saved'));
    await refresh();
  };

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.field,
    dataIndex: column.field,
    title: t(`${resource}.fields.${column.field}`),
    width: column.width,
    render: column.render ? (value: unknown, row: T) => column.render?.(value, row) : undefined,
  }));
  if (writable || rowActions) {
    tableColumns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      render: (_value, row) => (
        <Space size="small">
          {rowActions?.(row)}
          {writable && fields && (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row })}>
              {t('common.edit')}
            </Button>
          )}
          {writable && <DeleteButton reason={deletable?.(row)} onClick={() => askDelete([row.id])} />}
        </Space>
      ),
    });
  }

  if (list.isError && !list.data) {
    return (
      <Result
        status="error"
        title={t('common.loadFailed')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={12} wrap>
        <SearchBar
          limit={params.data?.searchWordLimit}
          onSearch={(words) => {
            setKeyword(words);
            setPage(1);
          }}
        />
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            {t('common.refresh')}
          </Button>
          {writable && batchDelete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={() => askDelete(selected)}
            >
              {t('common.batchDelete')}
            </Button>
          )}
          {writable && fields && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('common.create')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={tableColumns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} /> }}
        rowSelection={
          writable && batchDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (row) => ({ disabled: typeof deletable?.(row) === 'string' }),
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [5, 10, 25, 50, 100],
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === size ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
      {fields && editing.mode !== 'closed' && (
        <FormDialog
          open
          resource={resource}
          fields={fields}
          editing={editing.mode === 'edit'}
          title={editing.mode === 'edit' ? t('crud.editTitle') : t('crud.createTitle')}
          initialValues={editing.mode === 'edit' ? (toForm?.(editing.row) ?? editing.row) : undefined}
          onSubmit={save}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
    </Flex>
  );
}
