import '../pjtprojectsummary/texts';
import { CheckCircleOutlined, EditOutlined, EyeOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BUILTIN_LAYOUT,
  decodeMessage,
  LAYOUT_GRIDS,
  LAYOUT_PRIORITY,
  type LayoutGrid,
  type LayoutUnit,
  layoutProblem,
  type SummaryLayoutView,
  scopedName,
  scopedNo,
} from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Input,
  InputNumber,
  Popover,
  Radio,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../app/feedback';
import { canModify, DeleteButton, ListScreen, useAuthLevel, usePagedList, zodRule } from '../../../components/crud';
import { applyServerErrors } from '../../../components/crud/server-errors';
import { useDeleteRows } from '../../../components/crud/use-delete-rows';
import { DraggableModal } from '../../../components/draggable-modal';
import { ProjectScoped } from '../../../components/project-scoped';
import { formatTime } from '../../../components/time';
import { useLang } from '../../../i18n/i18n';
import { type LayoutForm, summaryApi, summaryKeys } from '../pjtprojectsummary/summary-api';
import { SummaryGrid } from '../pjtprojectsummary/summary-grid';
import { fitUnits, LayoutDesigner } from './layout-designer';

/** /pjt/pjtprojectsummarylayout (spec 001 §2): the project's summary layouts, their units placed on a grid. */
export default function LayoutListPage() {
  return <ProjectScoped>{(projectId) => <Layouts projectId={projectId} />}</ProjectScoped>;
}

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; row: SummaryLayoutView };

function Layouts({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const s = summaryApi(projectId);
  const writable = canModify(useAuthLevel());
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const list = usePagedList<SummaryLayoutView, { keyword: string }>({
    key: summaryKeys.layouts(projectId),
    waitForParams: true,
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }) => s.layouts({ page, pageSize, keyword: filters.keyword || undefined }),
  });
  // The dashboard follows a change of layouts (its default, its units).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: summaryKeys.layouts(projectId) }),
      queryClient.invalidateQueries({ queryKey: summaryKeys.summary(projectId) }),
    ]);
  const remove = useDeleteRows(s.layoutsBase, refresh);
  const formOf = (row: SummaryLayoutView, patch: Partial<LayoutForm> = {}): LayoutForm => ({
    name: row.name,
    no: row.no,
    grid: row.grid,
    isDefault: row.isDefault,
    priority: row.priority,
    units: row.units,
    ...patch,
  });
  const makeDefault = useMutation({
    mutationFn: (row: SummaryLayoutView) => s.update(row.id, formOf(row, { isDefault: true })),
    onSuccess: async () => {
      message.success(t('summary.layouts.defaultDone'));
      await refresh();
    },
  });
  const setPriority = useMutation({
    mutationFn: ({ id, priority }: { id: number; priority: number }) => s.priority(id, priority),
    onSuccess: async () => {
      message.success(t('common.saved'));
      await refresh();
    },
  });

  const columns: TableColumnsType<SummaryLayoutView> = [
    { key: 'name', dataIndex: 'name', title: t('summary.layouts.fields.name') },
    { key: 'no', dataIndex: 'no', title: t('summary.layouts.fields.no') },
    {
      key: 'grid',
      dataIndex: 'grid',
      title: t('summary.layouts.fields.grid'),
      width: 80,
      render: (g: LayoutGrid) => t(`summary.layouts.grids.${g}`),
    },
    {
      key: 'units',
      dataIndex: 'units',
      title: t('summary.layouts.fields.units'),
      width: 110,
      render: (u: LayoutUnit[]) => t('summary.layouts.unitCount', { count: u.length }),
    },
    {
      key: 'isDefault',
      dataIndex: 'isDefault',
      title: t('summary.layouts.fields.isDefault'),
      width: 90,
      render: (d: boolean) =>
        d ? <Tag color="orange">{t('summary.layouts.yes')}</Tag> : <Tag>{t('summary.layouts.no')}</Tag>,
    },
    { key: 'creator', dataIndex: 'creator', title: t('summary.layouts.fields.creator'), width: 120 },
    { key: 'priority', dataIndex: 'priority', title: t('summary.layouts.fields.priority'), width: 90 },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('summary.layouts.fields.createdAt'),
      width: 170,
      render: formatTime,
    },
  ];
  if (writable)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 330,
      render: (_v, row) => (
        <Space size={0} wrap>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row })}>
            {t('common.edit')}
          </Button>
          <Button
            size="small"
            type="link"
            icon={<CheckCircleOutlined />}
            disabled={row.isDefault}
            loading={makeDefault.isPending && makeDefault.variables?.id === row.id}
            onClick={() => makeDefault.mutate(row)}
            data-testid={`make-default-${row.no}`}
          >
            {t('summary.layouts.makeDefault')}
          </Button>
          <PriorityButton
            value={row.priority}
            onSave={(priority) => setPriority.mutateAsync({ id: row.id, priority })}
          />
          <DeleteButton onClick={() => remove([row.id])} />
        </Space>
      ),
    });

  return (
    <>
      <ListScreen<SummaryLayoutView, { keyword: string }>
        list={list}
        columns={columns}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        onRefresh={refresh}
        actions={[
          writable && {
            key: 'create',
            label: t('summary.layouts.create'),
            icon: <PlusOutlined />,
            primary: true,
            onClick: () => setEditing({ mode: 'create' }),
          },
        ]}
      />
      {editing.mode !== 'closed' && (
        <LayoutEditor
          projectId={projectId}
          row={editing.mode === 'edit' ? editing.row : null}
          onClose={() => setEditing({ mode: 'closed' })}
          onSaved={async () => {
            setEditing({ mode: 'closed' });
            message.success(t('summary.layouts.saved'));
            await refresh();
          }}
        />
      )}
    </>
  );
}

function PriorityButton({ value, onSave }: { value: number; onSave: (priority: number) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [priority, setPriority] = useState<number | null>(value);
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setPriority(value);
      }}
      trigger="click"
      title={t('summary.layouts.priorityTitle')}
      content={
        <Space>
          <InputNumber
            min={LAYOUT_PRIORITY.min}
            max={LAYOUT_PRIORITY.max}
            precision={0}
            value={priority}
            onChange={setPriority}
            aria-label={t('summary.layouts.fields.priority')}
          />
          <Button
            type="primary"
            disabled={priority === null}
            onClick={() =>
              priority !== null &&
              onSave(priority)
                .then(() => setOpen(false))
                .catch(() => undefined)
            }
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Button size="small" type="link" icon={<OrderedListOutlined />}>
        {t('summary.layouts.fields.priority')}
      </Button>
    </Popover>
  );
}

/** Create or edit a layout: its fields, its units placed on the grid, a preview with the project's data. */
function LayoutEditor({
  projectId,
  row,
  onClose,
  onSaved,
}: {
  projectId: number;
  row: SummaryLayoutView | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const s = summaryApi(projectId);
  const [form] = Form.useForm();
  const [grid, setGrid] = useState<LayoutGrid>(row?.grid ?? BUILTIN_LAYOUT.grid);
  const [units, setUnits] = useState<LayoutUnit[]>(row?.units ?? []);
  const [previewing, setPreviewing] = useState(false);
  const [unitsError, setUnitsError] = useState<string | null>(null);
  const problem = layoutProblem(grid, units);
  const problemText = problem ? t(decodeMessage(problem.key).key, decodeMessage(problem.key).params) : null;
  const summary = useQuery({
    queryKey: summaryKeys.summary(projectId),
    queryFn: s.summary,
    enabled: previewing,
  });
  const save = useMutation({
    mutationFn: (values: LayoutForm) => (row ? s.update(row.id, values) : s.create(values)),
    onSuccess: onSaved,
    onError: (error) => {
      applyServerErrors(form, error);
    },
  });
  const submit = async () => {
    const values = await form.validateFields();
    if (units.length === 0) return setUnitsError(t('summary.rules.unitsRequired'));
    if (problemText) return setUnitsError(problemText);
    setUnitsError(null);
    await save.mutateAsync({ ...values, grid, units }).catch(() => undefined);
  };

  return (
    <DraggableModal
      open
      width={1100}
      title={row ? t('summary.layouts.edit') : t('summary.layouts.create')}
      guard={form}
      onCancel={onClose}
      footer={[
        <Button key="preview" icon={<EyeOutlined />} onClick={() => setPreviewing(true)} disabled={units.length === 0}>
          {t('summary.layouts.preview')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="inline"
        initialValues={{
          name: row?.name ?? '',
          no: row?.no ?? '',
          priority: row?.priority,
          isDefault: row?.isDefault ?? false,
        }}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item
          name="name"
          label={t('summary.layouts.fields.name')}
          rules={[zodRule(scopedName(), lang, { label: t('summary.layouts.fields.name') })]}
        >
          <Input style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="no"
          label={t('summary.layouts.fields.no')}
          rules={[zodRule(scopedNo(), lang, { label: t('summary.layouts.fields.no') })]}
        >
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label={t('summary.layouts.fields.grid')}>
          <Radio.Group
            value={grid}
            optionType="button"
            onChange={(e) => {
              const next = e.target.value as LayoutGrid;
              setGrid(next);
              setUnits((u) => fitUnits(next, u));
            }}
            options={LAYOUT_GRIDS.map((g) => ({ value: g, label: t(`summary.layouts.grids.${g}`) }))}
            data-testid="grid-choice"
          />
        </Form.Item>
        <Form.Item name="priority" label={t('summary.layouts.fields.priority')}>
          <InputNumber min={LAYOUT_PRIORITY.min} max={LAYOUT_PRIORITY.max} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="isDefault" label={t('summary.layouts.fields.isDefault')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      {(unitsError || problemText) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={unitsError ?? problemText}
          data-testid="units-error"
        />
      )}
      <LayoutDesigner
        grid={grid}
        units={units}
        onChange={(next) => {
          setUnits(next);
          setUnitsError(null);
        }}
      />
      {previewing && (
        <DraggableModal
          open
          width={1200}
          title={t('summary.layouts.previewTitle')}
          onCancel={() => setPreviewing(false)}
          footer={null}
        >
          <div data-testid="layout-preview">
            <SummaryGrid grid={grid} units={units} data={summary.data} rowHeight={grid === 2 ? 300 : 230} />
          </div>
        </DraggableModal>
      )}
    </DraggableModal>
  );
}
