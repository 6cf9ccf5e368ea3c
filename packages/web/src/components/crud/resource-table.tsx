import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Page } from '@sc/contract';
import { App, Button, Space, type TableColumnsType, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useFeedback } from '../../app/feedback';
import { tableColumns } from './columns';
import { FormDialog } from './form-dialog';
import { ListScreen } from './list-screen';
import { batchDeleteAction, createAction } from './toolbar';
import type { ResourceTableProps, Row } from './types';
import { canModify, useAuthLevel } from './use-auth-level';
import { useDeleteRows } from './use-delete-rows';
import { usePagedList } from './use-paged-list';

/** A row's delete button; disabled with the reason as tooltip when the row may not be deleted. */
export function DeleteButton({ reason, onClick }: { reason?: true | string; onClick: () => void }) {
  const { t } = useTranslation();
  const blocked = typeof reason === 'string';
  const button = (
    <Button size="small" type="link" danger icon={<DeleteOutlined />} disabled={blocked} onClick={onClick}>
      {t('common.delete')}
    </Button>
  );
  return blocked ? <Tooltip title={reason}>{button}</Tooltip> : button;
}

/** A create/edit dialog's title says what it does: "新增项目", "Edit user". */
export function dialogTitle(t: TFunction, i18n: { exists: (key: string) => boolean }, resource: string, edit: boolean) {
  const what = i18n.exists(`crud.noun_${resource}`) ? t(`crud.noun_${resource}`) : '';
  return t(edit ? 'crud.editTitle' : 'crud.createTitle', { what }).trim();
}

/** Editing state of the dialog: closed, creating, or editing one row. */
type Editing<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; row: T };

/**
 * The list screen of one resource (DESIGN §5): search, paging, selection, create/edit dialog,
 * delete and batch delete with confirmation; writes are hidden below the modify level.
 */
export function ResourceTable<T extends Row>(props: ResourceTableProps<T>) {
  const {
    resource,
    base,
    columns,
    fields,
    batchDelete = true,
    toForm,
    rowActions,
    query,
    deletable,
    confirmSave,
  } = props;
  const { confirm } = useFeedback();
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const screenLevel = useAuthLevel();
  const writable = canModify(props.level ?? screenLevel);
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'closed' });

  const list = usePagedList<T, { keyword: string }>({
    key: ['crud', base],
    initialFilters: { keyword: '' },
    depends: query,
    load: ({ page, pageSize, filters }) =>
      api.get<Page<T>>(`${base}/pages`, { ...query, page, pageSize, keyword: filters.keyword }),
  });
  const askDelete = useDeleteRows(
    base,
    () => {
      list.setSelected([]);
      return list.refresh();
    },
    resource,
  );

  const save = async (values: Record<string, unknown>) => {
    const ask = editing.mode === 'edit' ? confirmSave?.(values, editing.row) : null;
    if (ask) {
      const go = await new Promise<boolean>((resolve) =>
        confirm({
          ...ask,
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: true },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
      // Not confirmed: the dialog stays open with the edits.
      if (!go) throw new Error('not confirmed');
    }
    const body = values as Record<string, string>;
    if (editing.mode === 'edit') await api.put(`${base}/${editing.row.id}`, body, { silent: true });
    else await api.post(base, body, { silent: true });
    message.success(t('common.saved'));
    await list.refresh();
  };

  const shown: TableColumnsType<T> = tableColumns(columns, (field) => t(`${resource}.fields.${field}`));
  if (writable || rowActions) {
    shown.push({
      key: 'actions',
      title: t('common.actions'),
      // As wide as its buttons (a fixed width cut them or wasted room), pinned right.
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0} wrap={false} style={{ whiteSpace: 'nowrap' }}>
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

  return (
    <>
      <ListScreen<T, { keyword: string }>
        list={list}
        columns={shown}
        hiddenByDefault={props.hiddenByDefault}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        selectable={writable && batchDelete}
        selectDisabled={deletable ? (row) => typeof deletable(row) === 'string' : undefined}
        actions={[
          writable && batchDelete && batchDeleteAction(t('common.batchDelete'), askDelete),
          writable && fields && createAction(t('common.create'), () => setEditing({ mode: 'create' })),
        ]}
      />
      {fields && editing.mode !== 'closed' && (
        <FormDialog
          open
          resource={resource}
          fields={fields}
          editing={editing.mode === 'edit'}
          title={dialogTitle(t, i18n, resource, editing.mode === 'edit')}
          initialValues={editing.mode === 'edit' ? (toForm?.(editing.row) ?? editing.row) : undefined}
          onSubmit={save}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
    </>
  );
}
