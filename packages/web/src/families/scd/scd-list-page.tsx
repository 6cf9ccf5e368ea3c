import { scdFillState } from '@sc/contract/families/scd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Progress, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useRealtime } from '../../api/realtime';
import { useResync } from '../../api/realtime-resync';
import type { CrudColumn } from '../../components/crud';
import { ActiveStateFilter, familyListPage, liveRowPatch, pagedBy, type RowReport } from '../../components/device';
import { formatReading } from '../../components/format';
import { ToneMap } from '../../components/map/tone-map';
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
/** A report on a bin: its values and the fill state they give against its thresholds. */
const binReport: RowReport<ScdBin> = (values, b, at) => {
  const report = {
    distance: numberOrNull(values.distance),
    fill: numberOrNull(values.fill),
    weight: numberOrNull(values.weight),
    battery: numberOrNull(values.battery),
  };
  return { ...report, reportedAt: at, fillState: scdFillState(report, b) };
};
/** A realtime push on one bin of the map: a report becomes its values and fill state, a state change its tag. */
const patchBin = liveRowPatch(SCD_TYPE, binReport);

/** /pjt/pjtdevicescdlist (spec 001 §2): the project's dustbins, how full each is, live. */
export default familyListPage<ScdBin, ScdFilters, ScdPage>({
  source: (projectId) => pagedBy(scdApi(projectId)),
  initialFilters: { keyword: '', activeState: '' },
  tools: (list) => <ActiveStateFilter namespace="scd" list={list} />,
  report: binReport,
  // Columns the bin's own texts name (the device's common ones are the device list's labels).
  texts: { namespace: 'scd', own: new Set(['fill', 'fillState', 'weight', 'battery', 'reportedAt']) },
  columns: binColumns,
  hidden: ['no', 'battery', 'lastActiveAt'],
  width: 1010,
  map: {
    labels: { table: 'scd.views.table', map: 'scd.views.map' },
    testId: 'scd-view',
    render: (projectId, includeChildren) => <ScdMap projectId={projectId} includeChildren={includeChildren} />,
  },
});

/** The map's tones: the fill states in their bar's colours, a bin without a report grey, offline pale. */
const MAP_COLOURS = { ...BAR_COLORS, unknown: '#8c8c8c', offline: '#d9d9d9' } as const;
const toneOf = (b: ScdBin) => (b.activeState !== 1 ? 'offline' : (b.fillState ?? 'unknown'));

/** The project's bins on the map, coloured by how full they are, live; a click opens the bin. */
function ScdMap({ projectId, includeChildren }: { projectId: number; includeChildren: boolean }) {
  const client = useQueryClient();
  const scd = scdApi(projectId);
  const query = { includeChildren: includeChildren || undefined };
  const key = scd.map.key({ query });
  const bins = useQuery({ queryKey: key, queryFn: () => scd.map({ query }) });
  const resync = useResync();
  useRealtime(
    { projects: [projectId] },
    (push) => client.setQueryData<ScdMapBin[]>(key, (list) => list?.map((b) => patchBin(b, push))),
    { onLive: resync(key) },
  );
  return (
    <ToneMap
      devices={bins.data ?? []}
      toneOf={toneOf}
      colours={MAP_COLOURS}
      texts={{ tones: 'scd.tones', count: 'scd.onMap' }}
      pathOf={detailPath}
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
