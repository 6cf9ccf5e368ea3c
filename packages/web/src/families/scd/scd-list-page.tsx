import type { RealtimePush } from '@sc/contract';
import { scdFillState } from '@sc/contract/families/scd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Progress, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRealtime } from '../../api/realtime';
import { type CrudColumn, ListScreen } from '../../components/crud';
import { ActiveStateFilter, patchLiveRow, TableOrMapCard, useFamilyList } from '../../components/device';
import { formatReading } from '../../components/format';
import { ToneMap } from '../../components/map/tone-map';
import { ProjectScoped } from '../../components/project-scoped';
import {
  DEVICE_PAGE,
  FILL_COLORS,
  SCD_TYPE,
  type ScdBin,
  type ScdFilters,
  type ScdMapBin,
  type ScdPage,
  scdApi,
} from './api';

const detailPath = (b: { id: number }) => `${DEVICE_PAGE}?id=${b.id}`;
/** The fill bar in the colour of the bin's state: green, the spec's orange when full, red over-filled. */
const BAR_COLORS = { normal: '#52c41a', full: '#fa8c16', overfill: '#ff4d4f' } as const;
const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** Columns the bin's own texts name (the device's common ones are the device list's labels). */
const OWN_FIELDS = new Set(['fill', 'fillState', 'weight', 'battery', 'reportedAt']);
/** Shown on demand (column setting): the table fits 1366 px without a sideways scroll. */
const EXTRA_COLUMNS = ['no', 'battery', 'lastActiveAt'] as const;
/** The sum of the shown columns' widths, actions included. */
const TABLE_WIDTH = 1010;

/** A realtime push on one bin: a report becomes its values and fill state, a state change its tag. */
function applyScdPushToBin<B extends ScdBin>(b: B, push: RealtimePush): B {
  if ((push.kind !== 'telemetry' && push.kind !== 'state') || b.id !== push.deviceId) return b;
  if (push.kind === 'state') return patchLiveRow(b, push);
  if (push.type !== SCD_TYPE) return b;
  const report = {
    distance: numberOrNull(push.values.distance),
    fill: numberOrNull(push.values.fill),
    weight: numberOrNull(push.values.weight),
    battery: numberOrNull(push.values.battery),
  };
  return { ...b, ...report, reportedAt: push.at, fillState: scdFillState(report, b) };
}

/** A realtime push on a page of bins (the page unchanged when none of its bins is concerned). */
export function applyScdPush(page: ScdPage | undefined, push: RealtimePush): ScdPage | undefined {
  if (!page || (push.kind !== 'telemetry' && push.kind !== 'state')) return page;
  if (!page.list.some((b) => b.id === push.deviceId)) return page;
  return { ...page, list: page.list.map((b) => applyScdPushToBin(b, push)) };
}

/** /pjt/pjtdevicescdlist (spec 001 §2): the project's dustbins, how full each is, live. */
export default function ScdListPage() {
  return <ProjectScoped>{(projectId) => <ScdList projectId={projectId} />}</ProjectScoped>;
}

function ScdList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const scd = scdApi(projectId);
  const { list, includeChildren, columns } = useFamilyList<ScdBin, ScdFilters, ScdPage>({
    projectId,
    key: scd.page.key(),
    initialFilters: { keyword: '', activeState: '' },
    load: ({ page, pageSize, filters }, includeChildren) =>
      scd.page({
        query: {
          page,
          pageSize,
          keyword: filters.keyword || undefined,
          activeState: (filters.activeState || undefined) as '-1' | '0' | '1' | undefined,
          includeChildren,
        },
      }),
    applyPush: applyScdPush,
    setRegistered: scd.setRegistered,
    texts: { namespace: 'scd', own: OWN_FIELDS },
  });

  const shown = useMemo(() => columns(binColumns(t)), [columns, t]);
  return (
    <TableOrMapCard
      title={t('menu.pjtdevicescdlist')}
      labels={{ table: t('scd.views.table'), map: t('scd.views.map') }}
      testId="scd-view"
      tools={
        <ActiveStateFilter
          label={t('scd.activeFilter')}
          testId="scd-active-filter"
          value={list.filters.activeState}
          onChange={(activeState) => list.setFilters({ activeState })}
        />
      }
      table={
        <ListScreen<ScdBin, ScdFilters>
          list={list}
          columns={shown}
          filters={[{ kind: 'keyword', name: 'keyword' }]}
          hiddenByDefault={EXTRA_COLUMNS}
          table={{ scroll: { x: TABLE_WIDTH + (includeChildren ? 110 : 0) } }}
        />
      }
      map={<ScdMap projectId={projectId} includeChildren={includeChildren} />}
    />
  );
}

/** The map's tones: the fill states in their bar's colours, a bin without a report grey, offline pale. */
const MAP_COLOURS = { ...BAR_COLORS, unknown: '#8c8c8c', offline: '#d9d9d9' } as const;
const toneOf = (b: ScdBin) => (b.activeState !== 1 ? 'offline' : (b.fillState ?? 'unknown'));

/** The project's bins on the map, coloured by how full they are, live; a click opens the bin. */
function ScdMap({ projectId, includeChildren }: { projectId: number; includeChildren: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const scd = scdApi(projectId);
  const query = { includeChildren: includeChildren || undefined };
  const key = scd.map.key({ query });
  const bins = useQuery({ queryKey: key, queryFn: () => scd.map({ query }) });
  useRealtime({ projects: [projectId] }, (push) =>
    client.setQueryData<ScdMapBin[]>(key, (list) => list?.map((b) => applyScdPushToBin(b, push))),
  );
  const label = useCallback((tone: string) => t(`scd.tones.${tone}`), [t]);
  return (
    <ToneMap
      devices={bins.data ?? []}
      toneOf={toneOf}
      colours={MAP_COLOURS}
      label={label}
      countLabel={(count) => t('scd.onMap', { count })}
      onDevice={(id) => navigate(detailPath({ id }))}
      testId="scd-map-count"
    />
  );
}

/** The bins' columns, built again only for another language: a push then redraws only its own row. */
function binColumns(t: TFunction): CrudColumn<ScdBin>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 140 },
    { field: 'no', ellipsis: true, width: 110 },
    {
      field: 'fill',
      width: 155,
      render: (v, row) => {
        const fill = numberOrNull(v);
        return fill === null ? (
          ''
        ) : (
          // Named by its column (axe: a progress bar needs a name); coloured as its state's tag.
          <Progress
            aria-label={t('scd.fields.fill')}
            percent={Math.round(fill)}
            size="small"
            strokeColor={BAR_COLORS[row.fillState ?? 'normal']}
            data-testid="scd-fill"
          />
        );
      },
    },
    {
      field: 'fillState',
      width: 110,
      render: (v) =>
        v ? (
          <Tag color={FILL_COLORS[v as keyof typeof FILL_COLORS]} data-fill-state={v as string}>
            {t(`scd.fillStates.${v as string}`)}
          </Tag>
        ) : (
          <Tag>{t('scd.fillStates.unknown')}</Tag>
        ),
    },
    { field: 'weight', align: 'right', width: 110, render: (v) => formatReading(numberOrNull(v)) },
    { field: 'battery', align: 'right', width: 100, render: (v) => formatReading(numberOrNull(v)) },
    { field: 'reportedAt', kind: { kind: 'time' }, width: 170 },
    { field: 'activeState', kind: { kind: 'active' }, width: 100 },
    // "Registration" wrapped mid-word at 105 px in en-US.
    { field: 'registered', kind: { kind: 'registered' }, width: 120 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}
