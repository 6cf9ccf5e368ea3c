import { LAMP_STATES, type RealtimePush } from '@sc/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Select, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import { type CrudColumn, canModify, ListScreen, SearchBar, useAuthLevel, usePagedList } from '../../components/crud';
import { type FamilyRowActions, useFamilyColumns, useRegistration } from '../../components/device';
import { devicesInArea } from '../../components/map/area';
import { AreaDrawBar } from '../../components/map/area-draw-bar';
import { useAreaDraw } from '../../components/map/use-area-draw';
import { useReachProjects } from '../../components/project-switcher';
import { useIncludeChildren } from '../../session/use-current-project';
import { tableOrMapPage } from '../kit/table-or-map-page';
import { type Lamp, type LampFilters, type LampPoint, lightingApi, lightingKeys } from './api';
import { LampBatchProgress, PowerCommands, useLampBatch } from './batch';
import { LampStateTag, lampPath, RunStatusTag, useLampOptions, withUnit } from './common';
import { applyLampPushes, STATE_COLOURS } from './lamp-state';

const AreaMap = lazy(() => import('../../components/map/area-map'));

/** /pjt/pjtdevicelightinglist (spec 001 §2): the project's lamp controllers, live, in a table or on a map. */
export default tableOrMapPage(
  { menu: 'pjtdevicelightinglist', texts: 'lamps', testId: 'lamp-view' },
  LampTable,
  LampMap,
);

function LampTable({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const editable = canModify(useAuthLevel());
  const l = lightingApi(projectId);
  const options = useLampOptions(projectId);
  const batch = useLampBatch(projectId);
  const includeChildren = useIncludeChildren();
  const reach = useReachProjects(projectId);
  const list = usePagedList<Lamp, LampFilters>({
    key: [...lightingKeys.lamps(projectId), includeChildren],
    load: ({ page, pageSize, filters }) => l.lamps(page, pageSize, filters, includeChildren),
    initialFilters: {},
  });

  const resync = useResync();
  useRealtime(
    { projects: reach },
    (push: RealtimePush) =>
      client.setQueryData<{ list: Lamp[] }>(list.queryKey, (p) => {
        if (!p) return p;
        const rows = applyLampPushes(p.list, push);
        return rows === p.list ? p : { ...p, list: rows! };
      }),
    { onLive: resync(list.queryKey) },
  );
  const toggle = useRegistration(l.register, () => void list.refresh());

  // The kit's columns: titles from the family's texts, the project's column with the child projects,
  // registration for those who may change a device.
  const family = useFamilyColumns<Lamp>({ namespace: 'lamps' }, toggle);
  const columns = useMemo(() => family.columns(lampColumns(), REGISTRATION_ONLY), [family.columns]);

  const select = (name: keyof LampFilters, opts: { value: number | string; label: string }[], width = 140) => (
    <Select
      key={name}
      allowClear
      placeholder={t(`lamps.filters.${name}`)}
      aria-label={t(`lamps.filters.${name}`)}
      style={{ width }}
      options={opts}
      value={list.filters[name] as never}
      onChange={(v) => list.setFilters({ [name]: v ?? undefined })}
      data-testid={`filter-${name}`}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );

  return (
    <Flex vertical gap={12}>
      <ListScreen<Lamp, LampFilters>
        list={list}
        columns={columns}
        hiddenByDefault={['voltage', 'current', 'energyToday', 'areaName', 'gatewayName']}
        selectable={editable}
        left={
          <Flex gap={8} wrap align="center" style={{ flex: 'auto' }}>
            <SearchBar limit={list.searchWordLimit} onSearch={(keyword) => list.setFilters({ keyword })} />
            {select('areaId', options.areas)}
            {select('groupId', options.groups)}
            {select('lcuGroupId', options.lcuGroups)}
            {select('gatewayId', options.gateways)}
            {select(
              'state',
              LAMP_STATES.map((s) => ({ value: s, label: t(`lighting.states.${s}`) })),
              110,
            )}
          </Flex>
        }
        table={{
          scroll: { x: 'max-content' },
          onRow: (row) => ({ onDoubleClick: () => navigate(lampPath(row)) }),
        }}
      />
      {editable && (
        <Flex gap={12} align="center" wrap data-testid="lamp-batch-bar">
          <Typography.Text type="secondary">
            {t('lamps.batch.selected', { count: list.selected.length })}
          </Typography.Text>
          <PowerCommands
            count={list.selected.length}
            disabled={list.selected.length === 0}
            loading={batch.sending}
            send={(request) => batch.run(() => l.batch(list.selected, request)).catch(() => undefined)}
          />
        </Flex>
      )}
      <LampBatchProgress batch={batch} />
    </Flex>
  );
}

/** The lamps on the map, coloured by state; an area drawn on it takes a power command to every lamp inside. */
function LampMap({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const editable = canModify(useAuthLevel());
  const l = lightingApi(projectId);
  // The child-projects switch: the map shows their lamps, and an area drawn on it commands the same lamps.
  const includeChildren = useIncludeChildren();
  const reach = useReachProjects(projectId);
  const key = [...lightingKeys.map(projectId), includeChildren];
  const points = useQuery({ queryKey: key, queryFn: () => l.map(includeChildren) });
  const batch = useLampBatch(projectId);
  const draw = useAreaDraw();
  const resync = useResync();
  useRealtime(
    { projects: reach },
    (push: RealtimePush) => client.setQueryData<LampPoint[]>(key, (rows) => applyLampPushes(rows, push)),
    { onLive: resync(key) },
  );
  const inside = useMemo(
    () => (draw.area ? devicesInArea(points.data ?? [], draw.area) : []),
    [draw.area, points.data],
  );
  const picked = useMemo(() => new Set(inside.map((p) => p.id)), [inside]);
  const marks = useMemo(
    () => (points.data ?? []).map((p) => ({ id: p.id, lng: p.lng, lat: p.lat, tone: p.state })),
    [points.data],
  );
  const tones = useMemo(
    () =>
      Object.fromEntries(LAMP_STATES.map((s) => [s, { colour: STATE_COLOURS[s], label: t(`lighting.states.${s}`) }])),
    [t],
  );
  return (
    <Flex vertical gap={12}>
      <AreaDrawBar
        draw={draw}
        inside={inside.length}
        actions={
          editable && (
            <PowerCommands
              count={inside.length}
              disabled={inside.length === 0}
              loading={batch.sending}
              send={(request) =>
                batch.run(() => l.areaCommand(draw.area ?? [], request, includeChildren)).catch(() => undefined)
              }
            />
          )
        }
      />
      <Suspense fallback={<div style={{ height: 520 }} />}>
        <AreaMap
          marks={marks}
          tones={tones}
          draw={draw}
          picked={picked}
          pickedLabel={t('lamps.list.inArea')}
          onDevice={(id) => navigate(lampPath({ id }))}
          height={520}
        />
      </Suspense>
      <Typography.Text type="secondary" data-testid="lamp-map-count">
        {t('lamps.list.onMap', { count: marks.length })}
      </Typography.Text>
      <LampBatchProgress batch={batch} />
    </Flex>
  );
}

/** The lamps' columns (their tags translate themselves): kept, so that a push redraws only its own row. */
function lampColumns(): CrudColumn<Lamp>[] {
  return [
    // Widths that fit 1366 px with the selection and the pinned actions (issue 13: the last columns were
    // behind them): voltage, current, today's energy, area and gateway are in the column setting, hidden at first.
    { field: 'name', kind: { kind: 'link', to: lampPath }, fixed: 'left', width: 140, ellipsis: true },
    { field: 'no', width: 110, ellipsis: true },
    { field: 'state', width: 90, render: (v) => <LampStateTag state={String(v)} /> },
    { field: 'level', width: 80, align: 'right', render: (v) => withUnit(v as number | null, '%') },
    { field: 'runStatus', width: 90, render: (v) => <RunStatusTag status={v as string | null} /> },
    { field: 'voltage', width: 90, align: 'right', render: (v) => withUnit(v as number | null, 'V') },
    { field: 'current', width: 100, align: 'right', render: (v) => withUnit(v as number | null, 'mA') },
    { field: 'activePower', width: 100, align: 'right', render: (v) => withUnit(v as number | null, 'W') },
    { field: 'energyToday', width: 110, align: 'right', render: (v) => withUnit(v as number | null, 'kWh') },
    { field: 'at', kind: { kind: 'time' } },
    { field: 'areaName', width: 120, ellipsis: true },
    { field: 'gatewayName', width: 120, ellipsis: true },
    { field: 'registered', kind: { kind: 'registered' } },
  ];
}

/** The actions column holds registration alone, as wide as its button. */
const REGISTRATION_ONLY: FamilyRowActions<Lamp> = { width: { editor: 100, reader: 100 } };
