import type { MapCluster } from '@sc/contract';
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
 * replaces: per cell the count, the mean position and the states; a cell of one device is that device.
 */
export function clusterSnapshot(s: MapSnapshot, scopePath: string, f: MapFilter, cell: number): MapCluster[] {
  const allowed = new Set<number>();
  for (const [id, path] of s.projectPath) if (path.startsWith(scopePath)) allowed.add(id);
  const wraps = f.west > f.east; // a box across the antimeridian
  const cells = new Map<number, Cell>();
  for (let i = 0; i < s.size; i++) {
    const lng = s.lng[i]!;
    const lat = s.lat[i]!;
    if (lat < f.south || lat > f.north) continue;
    if (wraps ? lng < f.west && lng > f.east : lng < f.west || lng > f.east) continue;
    const project = s.project[i]!;
    if (!allowed.has(project)) continue;
    if (f.projectId !== undefined && project !== f.projectId) continue;
    const state = s.state[i]!;
    if (f.activeState !== undefined && state !== f.activeState) continue;
    if (f.type !== undefined && s.type[i] !== f.type) continue;
    // Cells of a zoom stay below 2^26 per axis: the pair fits one exact number.
    const key = (Math.floor(lng / cell) + 2 ** 26) * 2 ** 27 + (Math.floor(lat / cell) + 2 ** 26);
    let c = cells.get(key);
    if (!c) {
      c = { n: 0, lng: 0, lat: 0, first: i, error: 0, unknown: 0, active: 0 };
      cells.set(key, c);
    }
    c.n++;
    c.lng += lng;
    c.lat += lat;
    if (s.id[i]! < s.id[c.first]!) c.first = i;
    if (state === -1) c.error++;
    else if (state === 1) c.active++;
    else c.unknown++;
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
