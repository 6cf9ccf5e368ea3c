import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  DEVICE_SEARCH_WORD_LIMIT,
  type DeviceListItem,
  type DeviceTypeView,
  type DeviceView,
  type FamilyField,
  familyOf,
  PAGE_SIZE,
  type Page,
  type ProjectTreeNode,
} from '@sc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { useRunningParams } from '../../../api/session-api';
import { useFeedback } from '../../../app/feedback';
import { canModify, RowActions, useAuthLevel, useColumnSettings } from '../../../components/crud';
import { LocationDialog } from '../../../components/location-dialog';
import { formatTime } from '../../../components/time';
import { useLang } from '../../../i18n/i18n';
import { useIncludeChildren, useVisibleProjects } from '../../../session/use-current-project';
import { buildDeviceQuery, type DeviceFilters } from './device-query';
import { type DeviceScope, deviceApi, deviceRoutes } from './device-scope';
import {
  ACTIVE_STATE_VALUES,
  ActiveStateTag,
  DEVICES_KEY,
  linkedDeviceLabel,
  linkedTypesOf,
  ProjectTreeSelect,
  subtree,
  TypeIcon,
  useAreas,
  useDeviceModels,
  useDevicesOfTypes,
  useDeviceTypes,
  useGroups,
  useTypeLabel,
} from './lookups';

// The map view draws with Leaflet: loaded when first shown, so the list alone stays light.
const DeviceMap = lazy(() => import('../../map/bizindex/device-map').then((m) => ({ default: m.DeviceMap })));

const NUMBER_STYLE = {
  display: 'inline-block',
  maxWidth: 150,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

export type DeviceViewKind = 'mixed' | 'device' | 'project' | 'type' | 'map';
const VIEWS: DeviceViewKind[] = ['mixed', 'device', 'project', 'type', 'map'];
/**
 * Columns of each view hidden until shown in the column setting (issue 13): the rest fit 1366 px with
 * the states and the actions in sight.
 */
const HIDDEN_BY_DEFAULT: Record<DeviceViewKind, string[]> = {
  mixed: ['modelName', 'groupName', 'equipmentId', 'ip', 'location'],
  device: ['communicateAddress', 'imei', 'mac', 'port', 'protocolVersion', 'productionNo'],
  project: ['modelName', 'projectName', 'areaName', 'groupName', 'equipmentId', 'ip', 'location'],
  type: [],
  map: [],
};

const clampPageSize = (size: number | undefined) =>
  Math.min(PAGE_SIZE.max, Math.max(PAGE_SIZE.min, size ?? PAGE_SIZE.default));

interface TreeItem {
  key: number;
  title: string;
  children: TreeItem[];
}
const toTreeItems = (nodes: ProjectTreeNode[] = []): TreeItem[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, children: toTreeItems(n.children) }));

const dash = (v: unknown) =>
  v === null || v === undefined || v === '' ? <Typography.Text type="secondary">—</Typography.Text> : String(v);

/** Search of up to 10 words (spec 000 §5 "Device search words: limit 10"). */
function DeviceSearch({ onSearch }: { onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const limit = DEVICE_SEARCH_WORD_LIMIT;
  return (
    <Input.Search
      allowClear
      aria-label={t('common.search')}
      placeholder={t('devices.searchPlaceholder', { count: limit })}
      enterButton={t('common.search')}
      style={{ maxWidth: 420 }}
      onSearch={(value) => {
        const words = value.trim().split(/\s+/).filter(Boolean);
        if (words.length > limit) message.warning(t('crud.searchLimit', { count: limit }));
        onSearch(words.slice(0, limit).join(' '));
      }}
    />
  );
}

function FilterBar({
  scope,
  filters,
  onChange,
  showProject,
  rootProjectId,
}: {
  scope: DeviceScope;
  filters: DeviceFilters;
  onChange: (next: DeviceFilters) => void;
  showProject: boolean;
  rootProjectId?: number;
}) {
  const { t } = useTranslation();
  const types = useDeviceTypes();
  const typeLabel = useTypeLabel();
  const areaProject = filters.projectId ?? (scope.kind === 'pjt' ? scope.projectId : undefined);
  const areas = useAreas(scope, areaProject);
  const groups = useGroups(scope, areaProject, filters.areaId);
  const models = useDeviceModels(scope, filters.type);
  const all = t('devices.filters.all');
  const labelled = (label: string, node: ReactNode) => (
    <Space size={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {node}
    </Space>
  );
  return (
    <Space wrap size={[12, 8]} data-testid="device-filters">
      {showProject &&
        labelled(
          t('devices.filters.project'),
          <ProjectTreeSelect
            aria-label={t('devices.filters.project')}
            rootId={rootProjectId}
            placeholder={all}
            style={{ width: 180 }}
            value={filters.projectId}
            onChange={(projectId) =>
              onChange({ ...filters, projectId: projectId ?? undefined, areaId: undefined, groupId: undefined })
            }
          />,
        )}
      {labelled(
        t('devices.filters.area'),
        <Select
          aria-label={t('devices.filters.area')}
          allowClear
          placeholder={all}
          style={{ width: 150 }}
          value={filters.areaId}
          disabled={areaProject === undefined}
          options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          onChange={(areaId) => onChange({ ...filters, areaId: areaId ?? undefined, groupId: undefined })}
        />,
      )}
      {labelled(
        t('devices.filters.group'),
        <Select
          aria-label={t('devices.filters.group')}
          allowClear
          placeholder={all}
          style={{ width: 150 }}
          value={filters.groupId}
          disabled={areaProject === undefined}
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(groupId) => onChange({ ...filters, groupId: groupId ?? undefined })}
        />,
      )}
      {labelled(
        t('devices.filters.type'),
        <Select
          aria-label={t('devices.filters.type')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={all}
          style={{ width: 170 }}
          value={filters.type}
          options={(types.data ?? []).map((ty) => ({ value: ty.no, label: typeLabel(ty.no, ty.name) }))}
          onChange={(type) => onChange({ ...filters, type: type ?? undefined, modelId: undefined })}
        />,
      )}
      {labelled(
        t('devices.filters.model'),
        <Select
          aria-label={t('devices.filters.model')}
          allowClear
          placeholder={all}
          style={{ width: 150 }}
          value={filters.modelId}
          disabled={!filters.type}
          options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          onChange={(modelId) => onChange({ ...filters, modelId: modelId ?? undefined })}
        />,
      )}
      {labelled(
        t('devices.filters.activeState'),
        <Select
          aria-label={t('devices.filters.activeState')}
          allowClear
          placeholder={all}
          style={{ width: 110 }}
          value={filters.activeState}
          options={ACTIVE_STATE_VALUES.map((v) => ({ value: v, label: t(`enums.active_${v}`) }))}
          onChange={(activeState) => onChange({ ...filters, activeState: activeState ?? undefined })}
        />,
      )}
      {labelled(
        t('devices.filters.registered'),
        <Select
          aria-label={t('devices.filters.registered')}
          allowClear
          placeholder={all}
          style={{ width: 110 }}
          value={filters.registered}
          options={[
            { value: 'true', label: t('devices.registeredYes') },
            { value: 'false', label: t('devices.registeredNo') },
          ]}
          onChange={(registered) => onChange({ ...filters, registered: registered ?? undefined })}
        />,
      )}
    </Space>
  );
}

/**
 * A type property as a cell: yes/no, an option's label, a number with its unit, or the device it refers
 * to by name (from `linked`, the devices of its type; words when it is gone, never its id).
 */
export function usePropText(linked?: { data: readonly DeviceView[]; isLoading: boolean }) {
  const { t } = useTranslation();
  return (field: FamilyField, value: unknown): ReactNode => {
    if (value === undefined || value === null || value === '') return dash(value);
    if (field.kind === 'device') {
      if (!linked || linked.isLoading) return '…';
      const device = linked.data.find((d) => d.id === Number(value) && d.type === field.refType);
      return device ? linkedDeviceLabel(device) : t('devices.wizard.linkedGone');
    }
    if (field.kind === 'bool')
      return value === true || value === 'true' ? t('devices.wizard.yes') : t('devices.wizard.no');
    if (field.kind === 'select') return t(`families.options.${String(value)}`, { defaultValue: String(value) });
    return field.unit ? `${String(value)} ${field.unit}` : String(value);
  };
}

/**
 * The device list of spec 000 §2 / 001 §2: five views (mixed, device, project, type properties, map),
 * filters, a search of up to 10 words, row actions (edit in the wizard, delete, set location, force
 * active) and batch force active. In the /pjt scope the map view can go full screen.
 */
export function DeviceList({ scope }: { scope: DeviceScope }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const { confirm } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const writable = canModify(useAuthLevel());
  const params = useRunningParams();
  const paths = deviceApi(scope);
  const routes = deviceRoutes(scope);
  const types = useDeviceTypes();
  const typeLabel = useTypeLabel();
  const projects = useVisibleProjects();
  const rootProjectId = scope.kind === 'pjt' ? scope.projectId : undefined;
  // The /pjt switch (issue 13): the child projects' devices too, in the list and on the map.
  const withChildren = useIncludeChildren();
  const includeChildren = scope.kind === 'pjt' && withChildren;

  const [view, setView] = useState<DeviceViewKind>('mixed');
  const [filters, setFilters] = useState<DeviceFilters>({});
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [locating, setLocating] = useState<DeviceListItem | null>(null);
  const [propType, setPropType] = useState<string | undefined>(undefined);
  const [fullScreen, setFullScreen] = useState(false);
  const size = pageSize ?? clampPageSize(params.data?.pageSize);

  const typeByNo = useMemo(
    () => new Map<string, DeviceTypeView>((types.data ?? []).map((ty) => [ty.no, ty])),
    [types.data],
  );
  // The type-properties view lists one type: the picked one (defaults to the type filter).
  const shownType = view === 'type' ? (propType ?? filters.type) : undefined;
  const effective: DeviceFilters = view === 'type' ? { ...filters, type: shownType } : filters;
  // The devices the shown type's properties refer to, read by name in its columns.
  const linked = useDevicesOfTypes(
    scope,
    linkedTypesOf(shownType ? familyOf(shownType)?.fields : undefined),
    undefined,
    includeChildren,
  );
  const propText = usePropText(linked);
  const query = buildDeviceQuery(effective, { page, pageSize: size, keyword });
  if (includeChildren) query.includeChildren = true;

  const list = useQuery({
    queryKey: [...DEVICES_KEY, 'pages', paths.base, query, lang],
    queryFn: () => api.get<Page<DeviceListItem>>(paths.pages, query),
    placeholderData: (previous) => previous,
    enabled: view !== 'map' && (view !== 'type' || Boolean(shownType)),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY });

  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullScreen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullScreen]);

  const changeFilters = (next: DeviceFilters) => {
    setFilters(next);
    setPage(1);
    setSelected([]);
  };

  const remove = useMutation({
    mutationFn: (id: number) => api.delete(paths.item(id)),
    onSuccess: () => {
      message.success(t('common.deleted'));
      return refresh();
    },
  });
  const forceActive = useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1
        ? api.put(paths.active(ids[0]), { activeState: 1 })
        : api.post(paths.batchActive, { ids: ids.join(','), activeState: 1 }),
    onSuccess: () => {
      message.success(t('devices.forcedActive'));
      setSelected([]);
      return refresh();
    },
  });
  const askForce = (ids: number[], name?: string) =>
    confirm({
      title: name ? t('devices.forceActiveTitle', { name }) : t('devices.batchForceActiveTitle', { count: ids.length }),
      content: <Alert type="warning" showIcon title={t('devices.forceActiveWarning')} />,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => forceActive.mutateAsync(ids).catch(() => undefined),
    });
  const askDelete = (row: DeviceListItem) =>
    confirm({
      title: t('devices.deleteConfirm', { name: row.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  const col = (field: string, render?: (v: unknown, row: DeviceListItem) => ReactNode, width?: number) => ({
    key: field,
    dataIndex: field,
    title: t(`devices.fields.${field}`),
    width,
    render: render ?? ((v: unknown) => dash(v)),
  });
  const nameCol = col('name', (v, row) => (
    <Space size={8} style={{ whiteSpace: 'nowrap' }}>
      <TypeIcon type={typeByNo.get(row.type)} />
      <span>{String(v)}</span>
    </Space>
  ));
  const typeCol = col('typeName', (_v, row) => typeLabel(row.type, row.typeName));
  const stateCol = col('activeState', (v) => <ActiveStateTag state={Number(v)} />, 120);
  const registeredCol = col(
    'registered',
    (v) => (v ? <Tag color="blue">{t('devices.registeredYes')}</Tag> : <Tag>{t('devices.registeredNo')}</Tag>),
    120,
  );
  const locationCol = col('location', (_v, row) =>
    row.lng === null || row.lat === null ? (
      <Typography.Text type="secondary">{t('devices.noLocation')}</Typography.Text>
    ) : (
      <span style={{ whiteSpace: 'nowrap' }}>
        {row.lng.toFixed(6)}, {row.lat.toFixed(6)}
      </span>
    ),
  );
  // Numbers carry their whole type code (SMARTCLASSIFIEDDUSTBIN-000123): a long one ends in an ellipsis,
  // the whole number in its tooltip (a cell's own ellipsis does not bound a max-content table).
  const numberCol = col('no', (v) => (
    <span title={String(v ?? '')} style={NUMBER_STYLE}>
      {dash(v)}
    </span>
  ));
  const family = shownType ? familyOf(shownType) : undefined;
  /** A long text column: cut with an ellipsis, the whole value in a tooltip. */
  const clipped = <C extends object>(column: C, width: number) => ({ ...column, width, ellipsis: { showTitle: true } });

  let columns: TableColumnsType<DeviceListItem>;
  if (view === 'device') {
    columns = [
      nameCol,
      stateCol,
      col('no'),
      typeCol,
      col('equipmentId'),
      col('communicateAddress'),
      col('imei'),
      col('ip'),
      col('mac'),
      col('port'),
      col('protocolVersion'),
      col('productionNo'),
      col('lastActiveAt', (v) => (v ? formatTime(v) : dash(v))),
    ];
  } else if (view === 'type') {
    columns = [
      nameCol,
      col('no'),
      col('modelName'),
      col('projectName'),
      ...(family?.fields ?? []).map((f) => ({
        key: `props.${f.key}`,
        title: t(f.label ?? `families.${family?.type}.${f.key}`),
        render: (_v: unknown, row: DeviceListItem) => propText(f, row.props?.[f.key]),
      })),
      stateCol,
    ];
  } else {
    // States right after the name: visible without scrolling at 1366 px (issue 13).
    columns = [
      nameCol,
      stateCol,
      registeredCol,
      numberCol,
      clipped(typeCol, 130),
      col('modelName'),
      clipped(col('projectName'), 110),
      clipped(col('areaName'), 110),
      clipped(col('groupName'), 110),
      col('equipmentId'),
      col('ip'),
      locationCol,
    ];
  }
  if (writable) {
    columns.push({
      key: 'actions',
      width: 1,
      title: t('common.actions'),
      fixed: 'right',
      render: (_v, row) => (
        // Edit in sight, the rest under "More": the list keeps its columns at 1366 px.
        <RowActions
          inline={2}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              icon: <EditOutlined />,
              onClick: () => navigate(`${routes.edit}?id=${row.id}`),
            },
            {
              key: 'location',
              label: t('devices.setLocation'),
              icon: <EnvironmentOutlined />,
              onClick: () => setLocating(row),
            },
            {
              key: 'forceActive',
              label: t('devices.forceActive'),
              icon: <CheckCircleOutlined />,
              disabledReason: row.activeState === 1 ? t('devices.forceActiveNotNeeded') : undefined,
              onClick: () => askForce([row.id], row.name),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              onClick: () => askDelete(row),
            },
          ]}
        />
      ),
    });
  }

  // A project's own devices all belong to it: its list leaves the project column out, and shows the area.
  if (scope.kind === 'pjt' && !includeChildren) columns = columns.filter((c) => c.key !== 'projectName');
  const hiddenByDefault = view === 'mixed' ? [...HIDDEN_BY_DEFAULT.mixed, 'areaName'] : HIDDEN_BY_DEFAULT[view];
  const columnSettings = useColumnSettings(`${routes.list}.${view}`, columns, hiddenByDefault);
  const table = (
    <Table<DeviceListItem>
      rowKey="id"
      size="middle"
      columns={columnSettings.shown}
      dataSource={list.data?.list ?? []}
      loading={list.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} /> }}
      rowSelection={
        writable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined
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
  );

  let body: ReactNode;
  if (view === 'map') {
    const mapFilters = {
      projectId: filters.projectId ?? rootProjectId,
      type: filters.type,
      activeState: filters.activeState,
      includeChildren: includeChildren && filters.projectId === undefined,
    };
    body = fullScreen ? null : (
      <div style={{ height: 'calc(100vh - 300px)', minHeight: 420 }}>
        <Suspense fallback={<Spin />}>
          <DeviceMap filters={mapFilters} editPath={routes.edit} />
        </Suspense>
      </div>
    );
    if (fullScreen) {
      body = (
        <div
          data-testid="device-map-fullscreen"
          style={{ position: 'fixed', inset: 0, zIndex: 1100, background: '#fff', padding: 12 }}
        >
          <Button
            icon={<FullscreenExitOutlined />}
            style={{ position: 'absolute', zIndex: 1200, right: 24, top: 24 }}
            onClick={() => setFullScreen(false)}
          >
            {t('devices.exitFullScreen')}
          </Button>
          <Suspense fallback={<Spin />}>
            <DeviceMap filters={mapFilters} editPath={routes.edit} />
          </Suspense>
        </div>
      );
    }
  } else if (view === 'project') {
    const tree = subtree(projects.data, rootProjectId);
    body = (
      <Flex gap={12} align="flex-start">
        <Card size="small" title={t('devices.projectTree')} style={{ width: 240, flex: 'none' }}>
          {projects.isLoading ? (
            <Spin />
          ) : (
            <Tree
              key={tree.length}
              blockNode
              showLine
              defaultExpandAll
              treeData={toTreeItems(tree)}
              selectedKeys={filters.projectId === undefined ? [] : [filters.projectId]}
              onSelect={(keys) =>
                changeFilters({
                  ...filters,
                  projectId: keys.length ? Number(keys[0]) : undefined,
                  areaId: undefined,
                  groupId: undefined,
                })
              }
            />
          )}
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>{table}</div>
      </Flex>
    );
  } else if (view === 'type') {
    body = (
      <Flex vertical gap={12}>
        <Space>
          <Typography.Text strong>{t('devices.pickType')}</Typography.Text>
          <Select
            aria-label={t('devices.pickType')}
            data-testid="type-view-select"
            style={{ width: 220 }}
            placeholder={t('devices.pickType')}
            value={shownType}
            showSearch={{ optionFilterProp: 'label' }}
            options={(types.data ?? []).map((ty) => ({ value: ty.no, label: typeLabel(ty.no, ty.name) }))}
            onChange={(type) => {
              setPropType(type);
              setPage(1);
            }}
          />
          {family && family.fields.length === 0 && (
            <Typography.Text type="secondary">{t('devices.noTypeFields')}</Typography.Text>
          )}
        </Space>
        {shownType ? table : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.pickTypeHint')} />}
      </Flex>
    );
  } else {
    body = table;
  }

  return (
    <Card size="small" data-testid="device-list">
      <Flex vertical gap={12}>
        <Flex justify="space-between" gap={12} wrap>
          <Segmented<DeviceViewKind>
            data-testid="device-views"
            value={view}
            onChange={(next) => {
              setView(next);
              setSelected([]);
            }}
            options={VIEWS.map((v) => ({ value: v, label: t(`devices.views.${v}`) }))}
          />
          <Space wrap>
            {view === 'map' && scope.kind === 'pjt' && (
              <Button icon={<FullscreenOutlined />} onClick={() => setFullScreen(true)}>
                {t('devices.fullScreen')}
              </Button>
            )}
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              {t('common.refresh')}
            </Button>
            {writable && view !== 'map' && (
              <Tooltip title={selected.length === 0 ? t('crud.selectFirst') : undefined}>
                <Button
                  icon={<CheckCircleOutlined />}
                  disabled={selected.length === 0}
                  onClick={() => askForce(selected)}
                >
                  {t('devices.batchForceActive')}
                </Button>
              </Tooltip>
            )}
            {writable && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(routes.edit)}>
                {t('common.create')}
              </Button>
            )}
            {view !== 'map' && columnSettings.button}
          </Space>
        </Flex>
        <Flex gap={12} wrap align="center">
          {view !== 'map' && (
            <DeviceSearch
              onSearch={(words) => {
                setKeyword(words);
                setPage(1);
              }}
            />
          )}
          <FilterBar
            scope={scope}
            filters={filters}
            onChange={changeFilters}
            showProject={view !== 'project'}
            rootProjectId={rootProjectId}
          />
          <Button type="link" onClick={() => changeFilters({})}>
            {t('devices.filters.reset')}
          </Button>
        </Flex>
        {body}
      </Flex>
      {locating && (
        <LocationDialog
          title={t('devices.locationTitle', { name: locating.name })}
          initial={{ lng: locating.lng, lat: locating.lat }}
          onSave={async (location) => {
            await api.put(paths.location(locating.id), location, { silent: true });
            message.success(t('devices.locationSaved'));
            setLocating(null);
            void refresh();
          }}
          onClose={() => setLocating(null)}
        />
      )}
    </Card>
  );
}
