import { describe, expect, it } from 'vitest';
import { cellSize } from './map.service.js';
import {
  clusterSnapshot,
  everyGroup,
  type LocatedDevice,
  type MapSnapshot,
  prepareSnapshot,
  removeDevice,
  setDeviceState,
  streetSnapshot,
  toSnapshot,
  upsertDevice,
} from './map-snapshot.js';

/** The same columns in a new snapshot: its clusters are computed afresh, from nothing cached. */
const fresh = (s: MapSnapshot): MapSnapshot => ({
  ...s,
  id: s.id.slice(),
  lng: s.lng.slice(),
  lat: s.lat.slice(),
  state: s.state.slice(),
  project: s.project.slice(),
  group: s.group.slice(),
  name: [...s.name],
  type: [...s.type],
  projectPath: new Map(s.projectPath),
  index: new Map(s.index),
});

let seed = 11;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
const states = [-1, 0, 1];
const types = ['lighting', 'camera', 'led'];
const projects = [
  { id: 2, path: '/1/2/' },
  { id: 3, path: '/1/3/' },
  { id: 4, path: '/1/2/4/' },
];

/** `count` devices over (119.3-119.7, 32.0-32.3); every fifth pole of four devices within a few metres. */
function rows(count = 4000): LocatedDevice[] {
  const out: LocatedDevice[] = [];
  for (let id = 1; id <= count; id++) {
    const project = pick(projects);
    const onPole = id % 20 < 4 ? Math.floor(id / 20) + 1 : null;
    const base = onPole
      ? { lng: 119.3 + ((onPole * 7919) % 4000) / 10_000, lat: 32 + ((onPole * 104729) % 3000) / 10_000 }
      : null;
    out.push({
      id,
      name: `设备${id}`,
      type: pick(types),
      lng: base ? base.lng + id * 1e-6 : 119.3 + random() * 0.4,
      lat: base ? base.lat : 32 + random() * 0.3,
      activeState: pick(states),
      projectId: onPole ? 2 : project.id,
      projectPath: onPole ? '/1/2/' : project.path,
      groupId: onPole,
    });
  }
  return out;
}

const boxes = [
  { west: 119.3, south: 32, east: 119.7, north: 32.3 },
  { west: 119.41, south: 32.07, east: 119.53, north: 32.16 },
  { west: 119.5, south: 32.1, east: 119.52, north: 32.115 },
];
const filters = [{}, { activeState: -1 }, { activeState: 1, type: 'camera' }, { projectId: 3 }, { type: 'lighting' }];
const scopes = ['/1/', '/1/2/'];

/** Every answer of the patched snapshot is the fresh one's, exactly (same order, same sums to the bit). */
function expectSameAnswers(s: MapSnapshot) {
  const copy = fresh(s);
  for (const zoom of [9, 11, 13, 15, 16])
    for (const b of boxes)
      for (const f of filters)
        for (const scope of scopes)
          expect(clusterSnapshot(s, scope, { ...b, ...f }, cellSize(zoom))).toEqual(
            clusterSnapshot(copy, scope, { ...b, ...f }, cellSize(zoom)),
          );
  for (const scope of scopes)
    expect(streetSnapshot(s, scope, boxes[2]!)).toEqual(streetSnapshot(copy, scope, boxes[2]!));
}

/** The clusters of every zoom computed, so that the changes after it patch them. */
const warm = (s: MapSnapshot) => {
  for (const zoom of [9, 11, 13, 15, 16]) clusterSnapshot(s, '/1/', boxes[0]!, cellSize(zoom));
};

describe('clusters from the groups of the box’s cells', () => {
  it('answer what clusters from every group answer, box by box', () => {
    const s = toSnapshot(rows());
    for (let k = 0; k < 200; k++) setDeviceState(s, 1 + Math.floor(random() * 4000), pick(states));
    for (const zoom of [9, 12, 14, 15, 16])
      for (let k = 0; k < 12; k++) {
        // A 1280 x 800 px map somewhere over the devices, as the console asks.
        const w = (1280 * 360) / (256 * 2 ** zoom);
        const h = (800 * 360) / (256 * 2 ** zoom);
        const lng = 119.3 + random() * 0.4;
        const lat = 32 + random() * 0.3;
        const b = { west: lng - w / 2, east: lng + w / 2, south: lat - h / 2, north: lat + h / 2 };
        for (const f of filters)
          for (const scope of scopes)
            expect(clusterSnapshot(s, scope, { ...b, ...f }, cellSize(zoom))).toEqual(
              clusterSnapshot(s, scope, { ...b, ...f }, cellSize(zoom), everyGroup),
            );
      }
  });
});

describe('clusters patched on a state change', () => {
  it('answer what clusters computed afresh answer, after pushes, forced states and renames', () => {
    const all = rows();
    const s = toSnapshot(all);
    warm(s);
    expectSameAnswers(s);
    for (let k = 0; k < 400; k++) setDeviceState(s, 1 + Math.floor(random() * 4000), pick(states));
    // A group's lowest device leaving it, and the last device of a group leaving it.
    setDeviceState(s, 1, s.state[s.index.get(1)!] === 1 ? 0 : 1);
    for (const r of all.slice(0, 300)) upsertDevice(s, { ...r, name: `${r.name}*`, activeState: pick(states) });
    expectSameAnswers(s);
    expect(s.name[s.index.get(5)!]).toBe('设备5*');
  });

  it('answer what clusters computed afresh answer after moves, creates and deletes, then state changes', () => {
    const all = rows();
    const s = toSnapshot(all);
    warm(s);
    upsertDevice(s, { ...all[10]!, lng: 119.45, lat: 32.12 });
    upsertDevice(s, { ...all[1]!, groupId: null });
    upsertDevice(s, { ...all[20]!, id: 5001, name: '新设备' });
    removeDevice(s, 7);
    expectSameAnswers(s);
    warm(s);
    for (let k = 0; k < 200; k++) setDeviceState(s, pick([...s.index.keys()]), pick(states));
    expectSameAnswers(s);
  });

  it('moves a device between its cell’s groups as its state changes back and forth', () => {
    const s = toSnapshot([
      { id: 1, name: 'a', type: 'lighting', lng: 119.5, lat: 32.1, activeState: 1, projectId: 2, projectPath: '/1/2/' },
      {
        id: 2,
        name: 'b',
        type: 'lighting',
        lng: 119.5001,
        lat: 32.1,
        activeState: 1,
        projectId: 2,
        projectPath: '/1/2/',
      },
    ]);
    const box = { west: 119, south: 32, east: 120, north: 33 };
    expect(clusterSnapshot(s, '/1/', box, 1)[0]!.states).toEqual({ error: 0, unknown: 0, active: 2 });
    setDeviceState(s, 2, -1);
    expect(clusterSnapshot(s, '/1/', box, 1)[0]!.states).toEqual({ error: 1, unknown: 0, active: 1 });
    expect(clusterSnapshot(s, '/1/', { ...box, activeState: -1 }, 1)).toMatchObject([{ id: 2, count: 1 }]);
    setDeviceState(s, 2, 1);
    expect(clusterSnapshot(s, '/1/', { ...box, activeState: -1 }, 1)).toEqual([]);
    expect(clusterSnapshot(s, '/1/', box, 1)).toEqual(clusterSnapshot(fresh(s), '/1/', box, 1));
  });
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('poles and clusters computed a few ms at a time', () => {
  it('take in the state changes that land meanwhile', async () => {
    const s = toSnapshot(rows(10_000));
    const cell = cellSize(13);
    const prepared = prepareSnapshot(s, cell);
    expect(prepareSnapshot(s, cell)).toBe(prepared);
    for (let turn = 0; turn < 14; turn++) {
      for (let k = 0; k < 20; k++) setDeviceState(s, 1 + Math.floor(random() * 10_000), pick(states));
      await nextTurn();
    }
    await prepared;
    for (const f of filters)
      expect(clusterSnapshot(s, '/1/', { ...boxes[0]!, ...f }, cell)).toEqual(
        clusterSnapshot(fresh(s), '/1/', { ...boxes[0]!, ...f }, cell),
      );
    expectSameAnswers(s);
  });

  it('start again when a device moves, joins or leaves meanwhile', async () => {
    const all = rows(10_000);
    const s = toSnapshot(all);
    const cell = cellSize(11);
    const prepared = prepareSnapshot(s, cell);
    await nextTurn();
    upsertDevice(s, { ...all[3]!, lng: 119.61, lat: 32.2 });
    await nextTurn();
    await nextTurn();
    removeDevice(s, 9000);
    setDeviceState(s, 12, -1);
    await prepared;
    expect(clusterSnapshot(s, '/1/2/', boxes[1]!, cell)).toEqual(clusterSnapshot(fresh(s), '/1/2/', boxes[1]!, cell));
    await prepareSnapshot(s);
    expect(streetSnapshot(s, '/1/', boxes[2]!)).toEqual(streetSnapshot(fresh(s), '/1/', boxes[2]!));
  });
});
