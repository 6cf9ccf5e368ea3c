import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type Page, type ProjectTreeNode, type ProjectView, projectBody } from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  InputNumber,
  Space,
  Spin,
  type TableColumnsType,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useFeedback } from '../../../app/feedback';
import {
  type CrudField,
  canModify,
  dialogTitle,
  FormDialog,
  ListScreen,
  type Schema,
  useAuthLevel,
  usePagedList,
} from '../../../components/crud';
import { LocationDialog, LocationLink } from '../../../components/location-dialog';
import { formatTime } from '../../../components/time';
import { usePhone } from '../../../components/use-phone';
import { useLang } from '../../../i18n/i18n';
import { indexTree, ProjectTreeSelect, useProjectTree } from './project-tree';

const BASE = '/api/projects.do';

/** The server requires a parent on create (validation.parentRequired); the contract leaves it optional. */
const parentRequired: Schema = {
  safeParse: (value) =>
    value === undefined || value === null
      ? { success: false, error: { issues: [{ message: 'validation.parentRequired', path: [] }] } }
      : { success: true },
};

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; row: ProjectView };

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
}
const toTreeItems = (nodes: ProjectTreeNode[] = []): TreeItem[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: toTreeItems(n.children) }));

/** /man/projectlist: the project tree, a paged searchable list (or a node's children), CRUD and location. */
export default function ProjectListPage() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const { confirm } = useFeedback();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const phone = usePhone();
  const tree = useProjectTree();
  const byId = useMemo(() => indexTree(tree.data), [tree.data]);

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [locating, setLocating] = useState<ProjectView | null>(null);

  const paged = usePagedList<ProjectView, { keyword: string }>({
    key: ['admin', 'projects', 'pages'],
    initialFilters: { keyword: '' },
    enabled: selectedId === null,
    load: ({ page, pageSize, filters }) =>
      api.get<Page<ProjectView>>(`${BASE}/pages`, { page, pageSize, keyword: filters.keyword }),
  });
  const children = useQuery({
    queryKey: ['admin', 'projects', 'children', selectedId, lang],
    queryFn: () => api.get<ProjectView[]>(`${BASE}/${selectedId}/childrenprojects`),
    enabled: selectedId !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`${BASE}/${id}`),
    onSuccess: (_answer, id) => {
      message.success(t('common.deleted'));
      if (id === selectedId) setSelectedId(null);
      return refresh();
    },
  });
  const askDelete = (row: ProjectView) =>
    confirm({
      title: t('projects.deleteConfirm', { name: row.name }),
      content: t('crud.deleteConsequence_projects'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      // A refusal (409: children, roles, users or devices) is toasted with the server's message.
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  const editingRoot = editing.mode === 'edit' && editing.row.parentId === null;
  const fields: CrudField[] = [
    { name: 'name', rule: projectBody.shape.name, required: true },
    { name: 'no', rule: projectBody.shape.no, required: true },
    ...(editingRoot
      ? []
      : [
          {
            name: 'parentId',
            rule: parentRequired,
            required: true,
            input: <ProjectTreeSelect placeholder={t('projects.parentPlaceholder')} />,
          },
        ]),
    {
      name: 'lng',
      rule: projectBody.shape.lng,
      required: true,
      input: <InputNumber style={{ width: '100%' }} step={0.0001} precision={7} />,
    },
    {
      name: 'lat',
      rule: projectBody.shape.lat,
      required: true,
      input: <InputNumber style={{ width: '100%' }} step={0.0001} precision={7} />,
    },
    {
      name: 'description',
      rule: projectBody.shape.description,
      input: <Input.TextArea rows={3} showCount maxLength={100} />,
    },
  ];

  const save = async (values: Record<string, unknown>) => {
    const body = values as Record<string, string>;
    if (editing.mode === 'edit') await api.put(`${BASE}/${editing.row.id}`, body, { silent: true });
    else await api.post(BASE, body, { silent: true });
    message.success(t('common.saved'));
    await refresh();
  };

  const columns: TableColumnsType<ProjectView> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('projects.fields.name'),
      width: 170,
      render: (name: string, row) => (
        <Space size={6} wrap>
          <span style={{ whiteSpace: 'nowrap' }}>
            <ApartmentOutlined style={{ color: 'var(--ant-color-primary)', marginInlineEnd: 6 }} />
            {name}
          </span>
          {row.parentId === null && <Tag color="orange">{t('projects.root')}</Tag>}
        </Space>
      ),
    },
    { key: 'no', dataIndex: 'no', title: t('projects.fields.no'), width: 110, ellipsis: { showTitle: true } },
    {
      key: 'parentName',
      dataIndex: 'parentName',
      title: t('projects.fields.parentName'),
      width: 140,
      ellipsis: { showTitle: true },
      render: (v: string | null) => v ?? '—',
    },
    {
      // The location is where it is set (issue 13: a separate action pushed this column under the
      // pinned actions at 1366 px): a link to the map picker, cut with the whole value in a tooltip.
      key: 'location',
      title: t('projects.fields.location'),
      width: 210,
      ellipsis: true,
      render: (_v, row) => (
        <LocationLink
          lng={row.lng}
          lat={row.lat}
          none={t('projects.noLocation')}
          label={t('projects.setLocation')}
          onClick={writable ? () => setLocating(row) : undefined}
        />
      ),
    },
    {
      key: 'description',
      dataIndex: 'description',
      title: t('projects.fields.description'),
      width: 140,
      ellipsis: { showTitle: true },
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('projects.fields.createdAt'),
      width: 170,
      render: formatTime,
    },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_v, row) => (
        <Space size={0} wrap={false} style={{ whiteSpace: 'nowrap' }}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row })}>
            {t('common.edit')}
          </Button>
          <Tooltip title={row.parentId === null ? t('projects.rootHint') : undefined}>
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              disabled={row.parentId === null}
              onClick={() => askDelete(row)}
            >
              {t('common.delete')}
            </Button>
          </Tooltip>
        </Space>
      ),
    });
  }

  const selected = selectedId === null ? undefined : byId.get(selectedId);

  return (
    <Flex gap={16} align="flex-start" vertical={phone} data-testid="project-list-page">
      <Card
        size="small"
        title={t('projects.tree')}
        style={phone ? { width: '100%' } : { width: 260, flex: 'none' }}
        extra={
          <Button size="small" type="link" disabled={selectedId === null} onClick={() => setSelectedId(null)}>
            {t('projects.showAll')}
          </Button>
        }
      >
        {tree.isLoading ? (
          <Spin />
        ) : tree.data?.length ? (
          <Tree
            key={byId.size}
            blockNode
            showLine
            defaultExpandAll
            treeData={toTreeItems(tree.data)}
            selectedKeys={selectedId === null ? [] : [selectedId]}
            onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )}
      </Card>
      <Card size="small" style={{ flex: 1, minWidth: 0 }}>
        <ListScreen<ProjectView, { keyword: string }>
          list={paged}
          columns={columns}
          // The tree leaves the list about 780 px at 1366: the description and creation time are in
          // the column setting (issue 13: the location was cut under the pinned actions).
          hiddenByDefault={['description', 'createdAt']}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          onRefresh={refresh}
          left={
            selected ? (
              <Space>
                <Typography.Text strong>{t('projects.childrenOf', { name: selected.name })}</Typography.Text>
                <Button size="small" onClick={() => setSelectedId(null)}>
                  {t('projects.showAll')}
                </Button>
              </Space>
            ) : undefined
          }
          actions={[
            writable && {
              key: 'create',
              label: t('common.create'),
              icon: <PlusOutlined />,
              primary: true,
              // A new project goes under the selected one or the root: wait for the tree that names it.
              disabled: !tree.data,
              onClick: () => setEditing({ mode: 'create' }),
            },
          ]}
          table={{
            // The declared widths (their sum): the list scrolls only when narrower than at 1366 px.
            tableLayout: 'fixed',
            scroll: { x: 780 },
            ...(selectedId !== null && {
              dataSource: children.data ?? [],
              loading: children.isFetching,
              pagination: { pageSize: paged.pageSize, showTotal: (total) => t('common.total', { total }) },
            }),
          }}
        />
      </Card>
      {editing.mode !== 'closed' && (
        <FormDialog
          open
          resource="projects"
          fields={fields}
          editing={editing.mode === 'edit'}
          title={dialogTitle(t, i18n, 'projects', editing.mode === 'edit')}
          initialValues={
            editing.mode === 'edit'
              ? {
                  name: editing.row.name,
                  no: editing.row.no,
                  parentId: editing.row.parentId ?? undefined,
                  description: editing.row.description,
                  lng: editing.row.lng,
                  lat: editing.row.lat,
                }
              : { parentId: selectedId ?? tree.data?.[0]?.id }
          }
          onSubmit={save}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
      {locating && (
        <LocationDialog
          title={t('projects.locationTitle', { name: locating.name })}
          initial={{ lng: locating.lng, lat: locating.lat }}
          onSave={async (location) => {
            await api.put(`${BASE}/${locating.id}/location`, location, { silent: true });
            message.success(t('projects.locationSaved'));
            setLocating(null);
            await refresh();
          }}
          onClose={() => setLocating(null)}
        />
      )}
    </Flex>
  );
}
