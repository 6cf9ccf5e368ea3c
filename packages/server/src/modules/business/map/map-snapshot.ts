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
  /** Its device group (a pole, when the group's devices stand together): only a group of its own project. */
  groupId?: number | null;
}

/**
 * Every located device in columns: 100,000 devices take a few MB. Kept up to date in place from the
 * changes (upsert, remove, setState); `size` columns are in use, the rest is room to grow.
 */
export interface MapSnapshot {
  size: number;
  id: Int32Array;
  lng: Float64Array;
  lat: Float64Array;
  state: Int8Array;
  project: Int32Array;
  /** Device group id, 0 for none. */
  group: Int32Array;
  name: string[];
  type: string[];
  projectPath: Map<number, string>;
  /** Device id → its column index. */
  index: Map<number, number>;
}

function emptySnapshot(capacity: number): MapSnapshot {
  return {
    size: 0,
    id: new Int32Array(capacity),
    lng: new Float64Array(capacity),
    lat: new Float64Array(capacity),
    state: new Int8Array(capacity),
    project: new Int32Array(capacity),
    group: new Int32Array(capacity),
    name: [],
    type: [],
    projectPath: new Map(),
    index: new Map(),
  };
}

function grow(s: MapSnapshot) {
  const capacity = Math.max(1024, s.id.length * 2);
  const copy = <T extends Int32Array | Float64Array | Int8Array>(a: T, make: (n: number) => T) => {
    const b = make(capacity);
    b.set(a);
    return b;
  };
  s.id = copy(s.id, (n) => new Int32Array(n));
  s.lng = copy(s.lng, (n) => new Float64Array(n));
  s.lat = copy(s.lat, (n) => new Float64Array(n));
  s.state = copy(s.state, (n) => new Int8Array(n));
  s.project = copy(s.project, (n) => new Int32Array(n));
  s.group = copy(s.group, (n) => new Int32Array(n));
}

/** The clusters and poles computed from a snapshot are stale after a device moves, joins or leaves. */
const changedSnapshot = (s: MapSnapshot) => {
  groupings.delete(s);
  poleIndexes.delete(s);
  for (const b of builds.get(s) ?? []) b.stale = true;
};

/** Adds a device or updates it in place. */
export function upsertDevice(s: MapSnapshot, r: LocatedDevice) {
  let i = s.index.get(r.id);
  if (
    i !== undefined &&
    s.lng[i] === r.lng &&
    s.lat[i] === r.lat &&
    s.group[i] === (r.groupId ?? 0) &&
    s.project[i] === r.projectId &&
    s.type[i] === r.type
  ) {
    // Only its state or name (a forced state re-read, a rename): the clusters are patched, not rebuilt.
    s.name[i] = r.name;
    s.projectPath.set(r.projectId, r.projectPath);
    setDeviceState(s, r.id, r.activeState);
    return;
  }
  if (i === undefined) {
    if (s.size === s.id.length) grow(s);
    i = s.size++;
    s.index.set(r.id, i);
  }
  s.id[i] = r.id;
  s.lng[i] = r.lng;
  s.lat[i] = r.lat;
  s.state[i] = r.activeState;
  s.project[i] = r.projectId;
  s.group[i] = r.groupId ?? 0;
  s.name[i] = r.name;
  s.type[i] = r.type;
  s.projectPath.set(r.projectId, r.projectPath);
  changedSnapshot(s);
}

/** Removes a device (deleted, or without coordinates now): the last one takes its columns. */
export function removeDevice(s: MapSnapshot, id: number) {
  const i = s.index.get(id);
  if (i === undefined) return;
  const last = s.size - 1;
  if (i !== last) {
    s.id[i] = s.id[last]!;
    s.lng[i] = s.lng[last]!;
    s.lat[i] = s.lat[last]!;
    s.state[i] = s.state[last]!;
    s.project[i] = s.project[last]!;
    s.group[i] = s.group[last]!;
    s.name[i] = s.name[last]!;
    s.type[i] = s.type[last]!;
    s.index.set(s.id[i]!, i);
  }
  s.name.length = last;
  s.type.length = last;
  s.index.delete(id);
  s.size = last;
  changedSnapshot(s);
}

/** A device's new active state (a realtime state push): answers whether the snapshot holds it. */
export function setDeviceState(s: MapSnapshot, id: number, state: number): boolean {
  const i = s.index.get(id);
  if (i === undefined) return false;
  if (s.state[i] !== state) {
    s.state[i] = state;
    for (const b of builds.get(s) ?? []) b.changed.push(i);
    const bySize = groupings.get(s);
    if (bySize) for (const grouping of bySize.values()) regroup(s, grouping, i);
  }
  return true;
}

export function toSnapshot(rows: LocatedDevice[]): MapSnapshot {
  const s = emptySnapshot(rows.length);
  for (const r of rows) upsertDevice(s, r);
  return s;
}

/**
 * A pole on the map: a device group whose located devices (at least two, of the group's own project)
 * all stand within POLE_RADIUS_M of their centre, so within twice that of each other, as the lamp,
 * camera, screen and sensors of one smart pole do. Its devices are drawn as one marker at that centre
 * and cluster there at wider zooms; a group spread wider (a street, a district) stays its devices.
 */
export const POLE_RADIUS_M = 15;
const METRES_PER_DEGREE = 111_320;

/** The snapshot's poles, computed on first use and kept until a device moves, joins or leaves. */
export interface PoleIndex {
  /** Per device (column index): its pole's group id, 0 when it stands on no pole. */
  pole: Int32Array;
  /** Where each device is placed: its own place, or its pole's centre. */
  lng: Float64Array;
  lat: Float64Array;
}

const poleIndexes = new WeakMap<MapSnapshot, PoleIndex>();

/** The snapshot's poles in two passes over the devices: one per group sum, then the radius test. */
export function polesOf(s: MapSnapshot): PoleIndex {
  const known = poleIndexes.get(s);
  if (known) return known;
  const index = finish(poleSteps(s));
  poleIndexes.set(s, index);
  return index;
}

/** Devices per step of a computation over the snapshot: a few ms each, between which others run. */
const STEP = 2048;

/** Runs a computation's steps to the end at once. */
function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

function* poleSteps(s: MapSnapshot): Generator<void, PoleIndex> {
  const groups = new Map<number, { n: number; lng: number; lat: number; pole: boolean }>();
  for (let i = 0; i < s.size; i++) {
    const g = s.group[i]!;
    if (!g) continue;
    let a = groups.get(g);
    if (!a) {
      a = { n: 0, lng: 0, lat: 0, pole: true };
      groups.set(g, a);
    }
    a.n++;
    a.lng += s.lng[i]!;
    a.lat += s.lat[i]!;
    if (i % STEP === STEP - 1) yield;
  }
  for (const a of groups.values()) {
    a.lng /= a.n;
    a.lat /= a.n;
    a.pole = a.n >= 2;
  }
  const r2 = (POLE_RADIUS_M / METRES_PER_DEGREE) ** 2;
  for (let i = 0; i < s.size; i++) {
    const g = s.group[i]!;
    const a = g ? groups.get(g) : undefined;
    if (!a?.pole) continue;
    const dy = s.lat[i]! - a.lat;
    const dx = (s.lng[i]! - a.lng) * Math.cos((a.lat * Math.PI) / 180);
    if (dx * dx + dy * dy > r2) a.pole = false;
    if (i % STEP === STEP - 1) yield;
  }
  const index: PoleIndex = {
    pole: new Int32Array(s.size),
    lng: s.lng.slice(0, s.size),
    lat: s.lat.slice(0, s.size),
  };
  for (let i = 0; i < s.size; i++) {
    const g = s.group[i]!;
    const a = g ? groups.get(g) : undefined;
    if (!a?.pole) continue;
    index.pole[i] = g;
    index.lng[i] = a.lng;
    index.lat[i] = a.lat;
  }
  return index;
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
  /** The pole every device of the group stands on, else 0. */
  pole: number;
  /** The group's devices are order[start, end), or `members` once the group was patched. */
  start: number;
  end: number;
  /** The group's devices (column indexes, ascending) after a patch. */
  members?: number[];
}

interface Grouping {
  cell: number;
  /** By their lowest column index, as a fresh grouping makes them. */
  groups: Group[];
  order: Int32Array;
  /** Cell key → its groups. */
  index: Map<number, Group[]>;
  /** Column index → its group. */
  groupOf: Group[];
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
  const grouping = finish(groupingSteps(s, cell));
  bySize.set(cell, grouping);
  return grouping;
}

function* groupingSteps(s: MapSnapshot, cell: number): Generator<void, Grouping> {
  // Groups by cell, then by project, type and state among the few of each cell; a pole's devices
  // stand at its centre, so that they always share a cell.
  const poles = polesOf(s);
  const index = new Map<number, Group[]>();
  const groupOf: Group[] = new Array(s.size);
  const groups: Group[] = [];
  for (let i = 0; i < s.size; i++) {
    const lng = poles.lng[i]!;
    const lat = poles.lat[i]!;
    const pole = poles.pole[i]!;
    const gx = Math.floor(lng / cell);
    const gy = Math.floor(lat / cell);
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
      g = { key, gx, gy, project, type, state, n: 0, lng: 0, lat: 0, first: i, pole, start: 0, end: 0 };
      inCell.push(g);
      groups.push(g);
    } else if (g.pole !== pole) g.pole = 0;
    g.n++;
    g.lng += lng;
    g.lat += lat;
    if (s.id[i]! < s.id[g.first]!) g.first = i;
    groupOf[i] = g;
    if (i % STEP === STEP - 1) yield;
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
  return { cell, groups, order, index, groupOf };
}

/** Computations in progress over a snapshot, in steps: what happened to it meanwhile. */
interface Build {
  /** Devices whose state changed meanwhile. */
  changed: number[];
  /** A device moved, joined or left: the computation starts again. */
  stale: boolean;
}
const builds = new WeakMap<MapSnapshot, Set<Build>>();
const preparing = new WeakMap<MapSnapshot, Map<number, Promise<void>>>();
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `steps` a few ms at a time; answers null when the snapshot changed under it (start again). */
async function stepped<T>(s: MapSnapshot, steps: Generator<void, T>): Promise<{ value: T; changed: number[] } | null> {
  const build: Build = { changed: [], stale: false };
  let set = builds.get(s);
  if (!set) {
    set = new Set();
    builds.set(s, set);
  }
  set.add(build);
  try {
    for (;;) {
      const r = steps.next();
      if (r.done) return { value: r.value, changed: build.changed };
      await nextTurn();
      if (build.stale) return null;
    }
  } finally {
    set.delete(build);
  }
}

/**
 * Computes the snapshot's poles and, with `cell`, its grouping for that cell size, a few ms at a time
 * (100,000 devices take 100-600 ms at once, which would hold every other request), so that the
 * clusters then answer from them at once. A device moving meanwhile starts it again (after a few
 * tries, it is computed at once); state changes meanwhile are patched in at the end.
 */
export function prepareSnapshot(s: MapSnapshot, cell?: number): Promise<void> {
  if (poleIndexes.has(s) && (cell === undefined || groupings.get(s)?.has(cell))) return Promise.resolve();
  let inFlight = preparing.get(s);
  if (!inFlight) {
    inFlight = new Map();
    preparing.set(s, inFlight);
  }
  const key = cell ?? -1;
  const known = inFlight.get(key);
  if (known) return known;
  const run = (async () => {
    for (let attempt = 0; ; attempt++) {
      if (attempt === 6) {
        if (cell === undefined) polesOf(s);
        else groupingOf(s, cell);
        return;
      }
      if (!poleIndexes.has(s)) {
        const done = await stepped(s, poleSteps(s));
        if (done && !poleIndexes.has(s)) poleIndexes.set(s, done.value);
        continue;
      }
      if (cell === undefined || groupings.get(s)?.has(cell)) return;
      const done = await stepped(s, groupingSteps(s, cell));
      if (!done || groupings.get(s)?.has(cell)) continue;
      let bySize = groupings.get(s);
      if (!bySize) {
        bySize = new Map();
        groupings.set(s, bySize);
      }
      bySize.set(cell, done.value);
      for (const i of done.changed) regroup(s, done.value, i);
    }
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run;
}

const membersOf = (g: Group, order: Int32Array): number[] => g.members ?? Array.from(order.subarray(g.start, g.end));
const lowestOf = (g: Group, order: Int32Array) => (g.members ? g.members[0]! : order[g.start]!);

/** Sums a group again from its devices in column order: the same numbers a fresh grouping adds up. */
function resum(s: MapSnapshot, poles: PoleIndex, g: Group) {
  const members = g.members!;
  g.n = members.length;
  g.lng = 0;
  g.lat = 0;
  g.first = members[0]!;
  g.pole = poles.pole[members[0]!]!;
  for (const i of members) {
    g.lng += poles.lng[i]!;
    g.lat += poles.lat[i]!;
    if (s.id[i]! < s.id[g.first]!) g.first = i;
    if (g.pole !== poles.pole[i]!) g.pole = 0;
  }
}

/** The position in `groups` for a group whose lowest column index is `lowest`. */
function positionOf(groups: Group[], order: Int32Array, lowest: number) {
  let lo = 0;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lowestOf(groups[mid]!, order) < lowest) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Device `i` changed state (its place, project and type did not): it leaves its group for the group of
 * its new state in the same cell. Both are summed again from their devices and kept in the order a
 * fresh grouping has, so that the clusters are the same to the last bit, at the cost of two groups
 * instead of every device.
 */
function regroup(s: MapSnapshot, grouping: Grouping, i: number) {
  const { groups, order, index, groupOf } = grouping;
  const poles = polesOf(s);
  const from = groupOf[i]!;
  const state = s.state[i]!;
  if (from.state === state) return;
  const inCell = index.get(from.key)!;
  // Out of its group.
  const fromLowest = lowestOf(from, order);
  const fromAt = positionOf(groups, order, fromLowest);
  const rest = membersOf(from, order).filter((k) => k !== i);
  groups.splice(fromAt, 1);
  if (rest.length === 0) inCell.splice(inCell.indexOf(from), 1);
  else {
    from.members = rest;
    resum(s, poles, from);
    groups.splice(positionOf(groups, order, rest[0]!), 0, from);
  }
  // Into the group of its new state.
  let to = inCell.find((x) => x.project === from.project && x.state === state && x.type === from.type);
  if (to) {
    const members = membersOf(to, order);
    groups.splice(positionOf(groups, order, lowestOf(to, order)), 1);
    let at = members.length;
    while (at > 0 && members[at - 1]! > i) at--;
    members.splice(at, 0, i);
    to.members = members;
  } else {
    to = { ...from, state, members: [i], start: 0, end: 0 };
    inCell.push(to);
  }
  resum(s, poles, to);
  groups.splice(positionOf(groups, order, to.members![0]!), 0, to);
  groupOf[i] = to;
}

/**
 * The groups whose cell the box covers or cuts, in the grouping's order: a map's box spans a few
 * hundred cells whatever its zoom, far fewer than the groups of a whole city at street-near zooms.
 * A box of more cells than a quarter of the groups (or across the antimeridian) takes every group.
 */
function groupsInBox(grouping: Grouping, f: MapFilter): Group[] {
  const { cell, groups, index, order } = grouping;
  if (f.west > f.east) return groups;
  const x0 = Math.floor(f.west / cell);
  const x1 = Math.floor(f.east / cell);
  const y0 = Math.floor(f.south / cell);
  const y1 = Math.floor(f.north / cell);
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > groups.length / 4) return groups;
  const found: Group[] = [];
  for (let gx = x0; gx <= x1; gx++)
    for (let gy = y0; gy <= y1; gy++) {
      const inCell = index.get(cellKey(gx, gy));
      if (inCell) for (const g of inCell) found.push(g);
    }
  return found.sort((a, b) => lowestOf(a, order) - lowestOf(b, order));
}

/** Every group of the grouping, box or not (what groupsInBox narrows; the tests compare the two). */
export const everyGroup = (grouping: Grouping): Group[] => grouping.groups;

interface Cell {
  n: number;
  lng: number;
  lat: number;
  first: number;
  error: number;
  unknown: number;
  active: number;
  /** The pole every device of the cell stands on, else 0. */
  pole: number;
}

/** A cluster of the snapshot; `pole` when all its devices stand on that pole (view.do draws it as the pole). */
export type SnapshotCluster = MapCluster & { pole?: number };

/**
 * Grid clusters of `cell` degrees over the snapshot, with the same answer as the SQL grouping it
 * replaced: per cell the count, the mean position and the states; a cell of one device is that device.
 * Whole groups are added when their cell lies inside the box; the devices of a cell the box's edge
 * cuts are tested one by one.
 */
export function clusterSnapshot(
  s: MapSnapshot,
  scopePath: string,
  f: MapFilter,
  cell: number,
  candidates: (grouping: Grouping, f: MapFilter) => Group[] = groupsInBox,
): SnapshotCluster[] {
  const allowed = new Set<number>();
  for (const [id, path] of s.projectPath) if (path.startsWith(scopePath)) allowed.add(id);
  const wraps = f.west > f.east; // a box across the antimeridian
  const inBox = (lng: number, lat: number) =>
    lat >= f.south && lat <= f.north && (wraps ? lng >= f.west || lng <= f.east : lng >= f.west && lng <= f.east);
  const cells = new Map<number, Cell>();
  const add = (key: number, n: number, lng: number, lat: number, first: number, state: number, pole: number) => {
    let c = cells.get(key);
    if (!c) {
      c = { n: 0, lng: 0, lat: 0, first, error: 0, unknown: 0, active: 0, pole };
      cells.set(key, c);
    } else if (c.pole !== pole) c.pole = 0;
    c.n += n;
    c.lng += lng;
    c.lat += lat;
    if (s.id[first]! < s.id[c.first]!) c.first = first;
    if (state === -1) c.error += n;
    else if (state === 1) c.active += n;
    else c.unknown += n;
  };

  const grouping = groupingOf(s, cell);
  const { order } = grouping;
  const poles = polesOf(s);
  for (const g of candidates(grouping, f)) {
    if (!allowed.has(g.project)) continue;
    if (f.projectId !== undefined && g.project !== f.projectId) continue;
    if (f.activeState !== undefined && g.state !== f.activeState) continue;
    if (f.type !== undefined && g.type !== f.type) continue;
    const west = g.gx * cell;
    const south = g.gy * cell;
    const inside = !wraps && west >= f.west && west + cell <= f.east && south >= f.south && south + cell <= f.north;
    if (inside) {
      add(g.key, g.n, g.lng, g.lat, g.first, g.state, g.pole);
      continue;
    }
    const members = g.members ?? order.subarray(g.start, g.end);
    for (let k = 0; k < members.length; k++) {
      const i = members[k]!;
      const lng = poles.lng[i]!;
      const lat = poles.lat[i]!;
      if (inBox(lng, lat)) add(g.key, 1, lng, lat, i, g.state, poles.pole[i]!);
    }
  }

  const out: SnapshotCluster[] = [];
  for (const c of cells.values()) {
    const base = {
      lng: c.lng / c.n,
      lat: c.lat / c.n,
      count: c.n,
      states: { error: c.error, unknown: c.unknown, active: c.active },
    };
    if (c.pole) out.push({ ...base, pole: c.pole });
    else out.push(c.n === 1 ? { ...base, id: s.id[c.first]!, name: s.name[c.first]!, type: s.type[c.first]! } : base);
  }
  return out;
}

/** Every device of the snapshot in the box, scope and filters: [id, lat, lng, type, active state]. */
export function pointsSnapshot(
  s: MapSnapshot,
  scopePath: string,
  f: MapFilter,
): [number, number, number, string, number][] {
  const allowed = new Set<number>();
  for (const [id, path] of s.projectPath) if (path.startsWith(scopePath)) allowed.add(id);
  const wraps = f.west > f.east;
  const out: [number, number, number, string, number][] = [];
  for (let i = 0; i < s.size; i++) {
    const lat = s.lat[i]!;
    if (lat < f.south || lat > f.north) continue;
    const lng = s.lng[i]!;
    if (wraps ? lng < f.west && lng > f.east : lng < f.west || lng > f.east) continue;
    const project = s.project[i]!;
    if (!allowed.has(project)) continue;
    if (f.projectId !== undefined && project !== f.projectId) continue;
    if (f.activeState !== undefined && s.state[i] !== f.activeState) continue;
    if (f.type !== undefined && s.type[i] !== f.type) continue;
    out.push([s.id[i]!, lat, lng, s.type[i]!, s.state[i]!]);
  }
  return out;
}

/** A pole as view.do draws it at street level: its devices in the box, scope and filters, by state. */
export interface StreetPole {
  lat: number;
  lng: number;
  n: number;
  error: number;
  unknown: number;
  active: number;
}

/**
 * Street level: every device of the snapshot in the box, scope and filters, the devices standing on a
 * pole counted on it (at its centre: a pole is in the box or not, whole) and the others as points.
 */
export function streetSnapshot(
  s: MapSnapshot,
  scopePath: string,
  f: MapFilter,
): { points: [number, number, number, string, number][]; poles: Map<number, StreetPole> } {
  const allowed = new Set<number>();
  for (const [id, path] of s.projectPath) if (path.startsWith(scopePath)) allowed.add(id);
  const { pole: poleOf, lng: lngs, lat: lats } = polesOf(s);
  const wraps = f.west > f.east;
  const points: [number, number, number, string, number][] = [];
  const poles = new Map<number, StreetPole>();
  for (let i = 0; i < s.size; i++) {
    const lat = lats[i]!;
    if (lat < f.south || lat > f.north) continue;
    const lng = lngs[i]!;
    if (wraps ? lng < f.west && lng > f.east : lng < f.west || lng > f.east) continue;
    const project = s.project[i]!;
    if (!allowed.has(project)) continue;
    if (f.projectId !== undefined && project !== f.projectId) continue;
    const state = s.state[i]!;
    if (f.activeState !== undefined && state !== f.activeState) continue;
    if (f.type !== undefined && s.type[i] !== f.type) continue;
    const g = poleOf[i]!;
    if (!g) {
      points.push([s.id[i]!, lat, lng, s.type[i]!, state]);
      continue;
    }
    let p = poles.get(g);
    if (!p) {
      p = { lat, lng, n: 0, error: 0, unknown: 0, active: 0 };
      poles.set(g, p);
    }
    p.n++;
    if (state === -1) p.error++;
    else if (state === 1) p.active++;
    else p.unknown++;
  }
  return { points, poles };
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

/** Where the snapshot reads the devices from (map.repository.ts). */
export interface MapSource {
  /** Located devices with an id above `afterId`, by id, at most `limit`. */
  page(afterId: number, limit: number): Promise<LocatedDevice[]>;
  /** The located devices among `ids`: one missing was deleted or lost its coordinates. */
  byIds(ids: number[]): Promise<LocatedDevice[]>;
}

/**
 * The snapshot the map clusters from (grouping every device of a city in SQL took 50-90 ms and a
 * sequential scan per request; in memory a few ms). Loaded once, in pages of `pageSize` devices so
 * that no single answer holds the server's thread for long, then kept up to date from the changes:
 * `changed(ids)` after this instance writes devices re-reads those devices, `setState` applies a
 * state push (every instance receives them), `changed()` without ids (a bulk write) reloads in the
 * background while the current snapshot answers. On several instances another instance's device
 * edits arrive with the periodic reload (`reloadMs`), also paged and in the background.
 */
export function createMapSnapshots(source: MapSource, options: { reloadMs?: number; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 5000;
  let current: MapSnapshot | null = null;
  let loading: Promise<MapSnapshot> | null = null;
  let reloadAgain = false;
  /** Devices changed while a reload runs: read again once it is in place. */
  let during: Set<number> | null = null;
  let refreshing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | null = null;

  const loadAll = async () => {
    const s = emptySnapshot(pageSize);
    let after = 0;
    for (;;) {
      const rows = await source.page(after, pageSize);
      for (const r of rows) upsertDevice(s, r);
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1]!.id;
    }
    return s;
  };

  const refresh = (ids: number[]) => {
    if (during) for (const id of ids) during.add(id);
    const s = current;
    if (!s || ids.length === 0) return refreshing;
    refreshing = refreshing
      .then(async () => {
        const rows = await source.byIds(ids);
        const target = current ?? s;
        const found = new Set<number>();
        for (const r of rows) {
          found.add(r.id);
          upsertDevice(target, r);
        }
        for (const id of ids) if (!found.has(id)) removeDevice(target, id);
      })
      .catch(() => undefined);
    return refreshing;
  };

  const reload = (): Promise<MapSnapshot> => {
    if (loading) {
      reloadAgain = true;
      return loading;
    }
    during = new Set();
    const pending = loadAll()
      .then(async (fresh) => {
        current = fresh;
        const again = [...(during ?? [])];
        during = null;
        if (again.length) await refresh(again);
        return fresh;
      })
      .finally(() => {
        during = null;
        loading = null;
        if (reloadAgain) {
          reloadAgain = false;
          reload().catch(() => undefined);
        }
      });
    loading = pending;
    return pending;
  };

  return {
    /** The snapshot: at once once loaded (after pending re-reads); the first call waits for the first load. */
    async get(): Promise<MapSnapshot> {
      if (current) {
        // Read-your-writes: a device this instance just wrote is re-read by id (a few rows) before
        // the next view answers, so the operator sees the move they made.
        await refreshing;
        return current;
      }
      return reload();
    },
    /** Starts the first load (at server start: the first map view does not wait) and the periodic reload. */
    start() {
      if (!current) reload().catch(() => undefined);
      if (options.reloadMs && !timer) {
        timer = setInterval(() => reload().catch(() => undefined), options.reloadMs);
        timer.unref();
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** After this instance wrote devices: those `ids` are read again; without ids, everything is. */
    changed(ids?: readonly number[]): Promise<unknown> {
      if (!current && !loading) return Promise.resolve();
      if (ids) return refresh([...ids]);
      return reload();
    },
    /** A state push: applied in place; a device the snapshot does not hold yet is read. */
    setState(id: number, state: number) {
      if (during) during.add(id);
      if (current && !setDeviceState(current, id, state)) void refresh([id]);
    },
    /** Settles when the pending refreshes have been applied (tests). */
    settled: () => Promise.all([refreshing, loading]).then(() => undefined),
  };
}

export type MapSnapshots = ReturnType<typeof createMapSnapshots>;
