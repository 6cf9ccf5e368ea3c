import type { MapCluster, MapExtent } from '@sc/contract';
import type { MapFilter } from './map.repository.js';

/** One located device as the snapshot loads it. */
export interface LocatedDevice {
  id: number;
  name: string;
  type: string;
  lng: number;
  lat: number;
  activeState: number;
  projectId: number;
  projectPath: string;
}

/** Every located device in columns: 100,000 devices take a few MB. */
export interface MapSnapshot {
  size: number;
  id: Int32Array;
  lng: Float64Array;
  lat: Float64Array;
  state: Int8Array;
  project: Int32Array;
  name: string[];
  type: string[];
  projectPath: Map<number, string>;
}

export function toSnapshot(rows: LocatedDevice[]): MapSnapshot {
  const size = rows.length;
  const s: MapSnapshot = {
    size,
    id: new Int32Array(size),
    lng: new Float64Array(size),
    lat: new Float64Array(size),
    state: new Int8Array(size),
    project: new Int32Array(size),
    name: new Array(size),
    type: new Array(size),
    projectPath: new Map(),
  };
  rows.forEach((r, i) => {
    s.id[i] = r.id;
    s.lng[i] = r.lng;
    s.lat[i] = r.lat;
    s.state[i] = r.activeState;
    s.project[i] = r.projectId;
    s.name[i] = r.name;
    s.type[i] = r.type;
    s.projectPath.set(r.projectId, r.projectPath);
  });
  return s;
}

/** Devices of one grid cell that share project, type and state, summed once per snapshot and cell size. */
interface Group {
  key: number;
  gx: number;
  gy: number;
  project: number;
  type: string;
  state: number;
  n: number;
  lng: number;
  lat: number;
  /** Index of the device with the lowest id. */
  first: number;
  /** The group's devices are order[start, end). */
  start: number;
  end: number;
}

interface Grouping {
  groups: Group[];
  order: Int32Array;
}

/**
 * Clusters stop below zoom 17 (SINGLES_ZOOM), where a cell is 90/2^16 degrees: a cell index stays
 * within ±2^18, and the pair fits one number exactly (well below 2^53).
 */
const cellKey = (gx: number, gy: number) => (gx + 2 ** 22) * 2 ** 23 + (gy + 2 ** 22);

const groupings = new WeakMap<MapSnapshot, Map<number, Grouping>>();

/** The snapshot's devices grouped for a cell size: computed on first use, kept with the snapshot. */
function groupingOf(s: MapSnapshot, cell: number): Grouping {
  let bySize = groupings.get(s);
  if (!bySize) {
    bySize = new Map();
    groupings.set(s, bySize);
  }
  const known = bySize.get(cell);
  if (known) return known;
  // Groups by cell, then by project, type and state among the few of each cell.
  const index = new Map<number, Group[]>();
  const groupOf: Group[] = new Array(s.size);
  const groups: Group[] = [];
  for (let i = 0; i < s.size; i++) {
    const gx = Math.floor(s.lng[i]! / cell);
    const gy = Math.floor(s.lat[i]! / cell);
    const key = cellKey(gx, gy);
    const project = s.project[i]!;
    const type = s.type[i]!;
    const state = s.state[i]!;
    let inCell = index.get(key);
    if (!inCell) {
      inCell = [];
      index.set(key, inCell);
    }
    let g = inCell.find((x) => x.project === project && x.state === state && x.type === type);
    if (!g) {
      g = { key, gx, gy, project, type, state, n: 0, lng: 0, lat: 0, first: i, start: 0, end: 0 };
      inCell.push(g);
      groups.push(g);
    }
    g.n++;
    g.lng += s.lng[i]!;
    g.lat += s.lat[i]!;
    if (s.id[i]! < s.id[g.first]!) g.first = i;
    groupOf[i] = g;
  }
  // Lay the devices out group after group.
  let offset = 0;
  for (const g of groups) {
    g.start = offset;
    g.end = offset;
    offset += g.n;
  }
  const order = new Int32Array(s.size);
  for (let i = 0; i < s.size; i++) order[groupOf[i]!.end++] = i;
  const grouping = { groups, order };
  bySize.set(cell, grouping);
  return grouping;
}

interface Cell {
  n: number;
  lng: number;
  lat: number;
  first: number;
  error: number;
  unknown: number;
  active: number;
}

/**
 * Grid clusters of `cell` degrees over the snapshot, with the same answer as the SQL grouping it
 * replaced: per cell the count, the mean position and the states; a cell of one device is that device.
 * Whole groups are added when their cell lies inside the box; the devices of a cell the box's edge
 * cuts are tested one by one.
 */
export function clusterSnapshot(s: MapSnapshot, scopePath: string, f: MapFilter, cell: number): MapCluster[] {
  const allowed = new Set<number>();
  for (const [id, path] of s.projectPath) if (path.startsWith(scopePath)) allowed.add(id);
  const wraps = f.west > f.east; // a box across the antimeridian
  const inBox = (lng: number, lat: number) =>
    lat >= f.south && lat <= f.north && (wraps ? lng >= f.west || lng <= f.east : lng >= f.west && lng <= f.east);
  const cells = new Map<number, Cell>();
  const add = (key: number, n: number, lng: number, lat: number, first: number, state: number) => {
    let c = cells.get(key);
    if (!c) {
      c = { n: 0, lng: 0, lat: 0, first, error: 0, unknown: 0, active: 0 };
      cells.set(key, c);
    }
    c.n += n;
    c.lng += lng;
    c.lat += lat;
    if (s.id[first]! < s.id[c.first]!) c.first = first;
    if (state === -1) c.error += n;
    else if (state === 1) c.active += n;
    else c.unknown += n;
  };

  const { groups, order } = groupingOf(s, cell);
  for (const g of groups) {
    if (!allowed.has(g.project)) continue;
    if (f.projectId !== undefined && g.project !== f.projectId) continue;
    if (f.activeState !== undefined && g.state !== f.activeState) continue;
    if (f.type !== undefined && g.type !== f.type) continue;
    const west = g.gx * cell;
    const south = g.gy * cell;
    const inside = !wraps && west >= f.west && west + cell <= f.east && south >= f.south && south + cell <= f.north;
    if (inside) {
      add(g.key, g.n, g.lng, g.lat, g.first, g.state);
      continue;
    }
    for (let k = g.start; k < g.end; k++) {
      const i = order[k]!;
      if (inBox(s.lng[i]!, s.lat[i]!)) add(g.key, 1, s.lng[i]!, s.lat[i]!, i, g.state);
    }
  }

  const out: MapCluster[] = [];
  for (const c of cells.values()) {
    const base = {
      lng: c.lng / c.n,
      lat: c.lat / c.n,
      count: c.n,
      states: { error: c.error, unknown: c.unknown, active: c.active },
    };
    out.push(c.n === 1 ? { ...base, id: s.id[c.first]!, name: s.name[c.first]!, type: s.type[c.first]! } : base);
  }
  return out;
}

/** The box of the snapshot's devices in scope and filters. */
export function snapshotExtent(
  s: MapSnapshot,
  scopePath: string,
  f: Pick<MapFilter, 'projectId' | 'type' | 'activeState'>,
): MapExtent {
  const allowed = new Set<number>();
  for (const [id, path] of s.projectPath) if (path.startsWith(scopePath)) allowed.add(id);
  let count = 0;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < s.size; i++) {
    const project = s.project[i]!;
    if (!allowed.has(project)) continue;
    if (f.projectId !== undefined && project !== f.projectId) continue;
    if (f.activeState !== undefined && s.state[i] !== f.activeState) continue;
    if (f.type !== undefined && s.type[i] !== f.type) continue;
    count++;
    const lng = s.lng[i]!;
    const lat = s.lat[i]!;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return count === 0 ? { count: 0 } : { count, west, south, east, north };
}

/**
 * The snapshot that coarse map zooms cluster from. Grouping every device of a city in SQL took
 * 50-90 ms and a sequential scan per request (docs/performance.md); in memory it takes a few ms.
 * It is reloaded when older than `ttlMs` (the stale one answers meanwhile) and at once after this
 * instance changes devices (`invalidate`); another instance's changes and state changes from the field
 * show within `ttlMs`. Street-level and small boxes are answered live from the database.
 */
export function createMapSnapshots(load: () => Promise<LocatedDevice[]>, ttlMs = 5000) {
  let current: { at: number; snapshot: MapSnapshot } | null = null;
  let loading: Promise<MapSnapshot> | null = null;
  let generation = 0;

  const reload = () => {
    if (loading) return loading;
    const started = generation;
    const at = Date.now();
    const pending: Promise<MapSnapshot> = load()
      .then((rows) => {
        const snapshot = toSnapshot(rows);
        if (started === generation) current = { at, snapshot };
        return snapshot;
      })
      .finally(() => {
        if (loading === pending) loading = null;
      });
    loading = pending;
    return pending;
  };

  return {
    async get(): Promise<MapSnapshot> {
      if (!current) return reload();
      if (Date.now() - current.at >= ttlMs) reload().catch(() => undefined);
      return current.snapshot;
    },
    /** After a change: the next call loads afresh, not from a load that started before it. */
    invalidate() {
      generation++;
      current = null;
      loading = null;
    },
  };
}

export type MapSnapshots = ReturnType<typeof createMapSnapshots>;
