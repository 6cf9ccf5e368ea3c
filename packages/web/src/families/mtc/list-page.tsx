import type { RealtimePush } from '@sc/contract';
import { MTC_ALARM_STATUSES, MTC_MODES, MTC_STATES } from '@sc/contract/families/mtc';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { resyncQuery } from '../../api/realtime-resync';
import { type CrudColumn, ListScreen, SearchBar, usePagedList } from '../../components/crud';
import { type FamilyRowActions, useFamilyColumns, useRegistration } from '../../components/device';
import { ToneMap } from '../../components/map/tone-map';
import { useReachProjects } from '../../components/project-switcher';
import { useIncludeChildren } from '../../session/use-current-project';
import { tableOrMapPage } from '../kit/table-or-map-page';
import { type Cabinet, type CabinetFilters, mtcApi, mtcKeys } from './api';
import { CircuitStrip } from './circuits';
import { AlarmTag, cabinetPath, circuitViews, ModeTag, OnlineTag, withUnit } from './common';
import './texts';

/** /pjt/pjtdevicemtclist (spec 001 §2): the project's cabinets, live, in a table or on a map. */
export default tableOrMapPage(
  { menu: 'pjtdevicemtclist', texts: 'cabinets', testId: 'cabinet-view' },
  CabinetTable,
  CabinetMap,
);

/**
 * Reloads what the caller shows under `key` when one of the project's cabinets reports, changes state or
 * raises an event (at most once every two seconds: a thousand cabinets report every ten), and once the
 * pushes are live.
 */
function useCabinetPushes(projectId: number, key: QueryKey) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useRealtime(
    { projects: useReachProjects(projectId) },
    (push: RealtimePush) => {
      const ours = (push.kind === 'telemetry' || push.kind === 'event') && push.type === 'mtc';
      if (!ours && push.kind !== 'state') return;
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void client.invalidateQueries({ queryKey: key });
      }, 2000);
    },
    { onLive: (reopened) => resyncQuery(client, key, reopened, false) },
  );
}

function CabinetTable({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const m = mtcApi(projectId);
  const includeChildren = useIncludeChildren();
  const list = usePagedList<Cabinet, CabinetFilters>({
    key: [...mtcKeys.cabinets(projectId), includeChildren],
    load: ({ page, pageSize, filters }) => m.cabinets(page, pageSize, filters, includeChildren),
    initialFilters: {},
  });
  useCabinetPushes(projectId, mtcKeys.cabinets(projectId));
  const toggle = useRegistration(m.register, () => void list.refresh());

  // The kit's columns: titles from the family's texts, the project's column with the child projects,
  // registration for those who may change a device.
  const family = useFamilyColumns<Cabinet>({ namespace: 'cabinets' }, toggle);
  const columns = useMemo(() => family.columns(cabinetColumns(), REGISTRATION_ONLY), [family.columns]);

  const select = (name: 'state' | 'mode' | 'alarm', values: readonly string[], labels: string) => (
    <Select
      key={name}
      allowClear
      placeholder={t(`cabinets.filters.${name}`)}
      aria-label={t(`cabinets.filters.${name}`)}
      style={{ width: 150 }}
      options={values.map((v) => ({ value: v, label: t(`${labels}.${v}`) }))}
      value={list.filters[name]}
      onChange={(v) => list.setFilters({ [name]: v ?? undefined })}
      data-testid={`filter-${name}`}
    />
  );

  return (
    <ListScreen<Cabinet, CabinetFilters>
      list={list}
      columns={columns}
      hiddenByDefault={['version', 'lastReportAt', 'areaName']}
      left={
        <Flex gap={8} wrap align="center" style={{ flex: 'auto' }}>
          <SearchBar limit={list.searchWordLimit} onSearch={(keyword) => list.setFilters({ keyword })} />
          {select('state', MTC_STATES, 'cabinets.states')}
          {select('mode', MTC_MODES, 'cabinets.modes')}
          {select('alarm', MTC_ALARM_STATUSES, 'cabinets.alarmStatus')}
        </Flex>
      }
      table={{
        scroll: { x: 'max-content' },
        onRow: (row) => ({ onDoubleClick: () => navigate(cabinetPath(row)) }),
      }}
    />
  );
}

const MAP_TEXTS = { tones: 'cabinets.tones', count: 'cabinets.list.onMap' };
const TONES = { lit: '#fadb14', dark: '#8c8c8c', alarm: '#ff4d4f', offline: '#d9d9d9' } as const;
const toneOf = (c: Cabinet): keyof typeof TONES =>
  c.state !== 'online' ? 'offline' : c.alarmStatus === 'alarm' ? 'alarm' : c.circuitsOn > 0 ? 'lit' : 'dark';

/** The cabinets on the map: lit (some circuit on), dark, in alarm, offline; a click opens the cabinet. */
function CabinetMap({ projectId }: { projectId: number }) {
  const client = useQueryClient();
  const m = mtcApi(projectId);
  const includeChildren = useIncludeChildren();
  const key = [...mtcKeys.map(projectId), includeChildren];
  const points = useQuery({ queryKey: key, queryFn: () => m.map(includeChildren) });
  useCabinetPushes(projectId, key);
  return (
    <ToneMap
      devices={points.data ?? []}
      toneOf={toneOf}
      colours={TONES}
      texts={MAP_TEXTS}
      pathOf={cabinetPath}
      testId="cabinet-map-count"
    />
  );
}

/** The cabinets' columns (their tags translate themselves): kept, so that a refreshed page redraws only the rows that changed. */
function cabinetColumns(): CrudColumn<Cabinet>[] {
  return [
    // Widths that fit 1366 px with the pinned actions (issue 13: version, last report, area and registration
    // were behind them): the version, last report and area are in the column setting, hidden at first.
    { field: 'name', kind: { kind: 'link', to: cabinetPath }, fixed: 'left', width: 140, ellipsis: true },
    { field: 'no', width: 110, ellipsis: true },
    { field: 'state', width: 80, render: (v) => <OnlineTag state={String(v)} /> },
    { field: 'mode', width: 90, render: (v) => <ModeTag mode={v as string | null} /> },
    {
      field: 'circuits',
      width: 200,
      render: (_, c) => <CircuitStrip circuits={circuitViews(c.circuits)} />,
    },
    { field: 'alarmStatus', width: 110, render: (v, c) => <AlarmTag status={String(v)} alarms={c.alarms} /> },
    { field: 'activePower', width: 100, align: 'right', render: (v) => withUnit(v as number | null, 'W') },
    { field: 'version', width: 100, ellipsis: true, render: (v) => (v as string | null) ?? '—' },
    { field: 'lastReportAt', kind: { kind: 'time' } },
    { field: 'areaName', width: 110, ellipsis: true },
    { field: 'registered', kind: { kind: 'registered' } },
  ];
}

/** The actions column holds registration alone, as wide as its button. */
const REGISTRATION_ONLY: FamilyRowActions<Cabinet> = { width: { editor: 100, reader: 100 } };
