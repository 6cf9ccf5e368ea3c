import { describe, expect, it } from 'vitest';
import { clusterSnapshot, createMapSnapshots, type LocatedDevice, toSnapshot } from './map-snapshot.js';

const device = (id: number, lng: number, lat: number, more: Partial<LocatedDevice> = {}): LocatedDevice => ({
  id,
  name: `灯${id}`,
  type: 'lighting',
  lng,
  lat,
  activeState: 1,
  projectId: 2,
  projectPath: '/1/2/',
  ...more,
});

const box = { west: 119, south: 32, east: 120, north: 33 };

describe('clusters from the snapshot', () => {
  it('groups by cell with counts, mean position and states; a lone device answers itself', () => {
    const s = toSnapshot([
      device(3, 119.11, 32.11, { activeState: -1 }),
      device(1, 119.13, 32.13, { activeState: 0 }),
      device(2, 119.12, 32.12),
      device(9, 119.91, 32.91, { type: 'camera', name: '摄像机' }),
    ]);
    const list = clusterSnapshot(s, '/1/', box, 0.1);
    expect(list).toHaveLength(2);
    const group = list.find((c) => c.count === 3)!;
    expect(group.lng).toBeCloseTo(119.12, 10);
    expect(group.lat).toBeCloseTo(32.12, 10);
    expect(group.states).toEqual({ error: 1, unknown: 1, active: 1 });
    expect(group).not.toHaveProperty('id');
    expect(list.find((c) => c.count === 1)).toMatchObject({ id: 9, name: '摄像机', type: 'camera', lng: 119.91 });
  });

  it('keeps to the box, the caller’s subtree and the filters', () => {
    const s = toSnapshot([
      device(1, 119.5, 32.5),
      device(2, 119.5, 32.5, { projectId: 7, projectPath: '/1/7/' }),
      device(3, 119.5, 32.5, { type: 'camera', activeState: 0 }),
      device(4, 121, 32.5),
    ]);
    const total = (list: { count: number }[]) => list.reduce((n, c) => n + c.count, 0);
    expect(total(clusterSnapshot(s, '/1/', box, 1))).toBe(3);
    expect(total(clusterSnapshot(s, '/1/2/', box, 1))).toBe(2);
    expect(total(clusterSnapshot(s, '/1/', { ...box, projectId: 7 }, 1))).toBe(1);
    expect(total(clusterSnapshot(s, '/1/', { ...box, type: 'camera' }, 1))).toBe(1);
    expect(total(clusterSnapshot(s, '/1/', { ...box, activeState: 1 }, 1))).toBe(2);
  });

  it('takes a box across the antimeridian as two ranges of longitude', () => {
    const s = toSnapshot([device(1, 179.5, 0), device(2, -179.5, 0), device(3, 0, 0)]);
    const list = clusterSnapshot(s, '/1/', { west: 179, south: -1, east: -179, north: 1 }, 0.5);
    expect(list.map((c) => c.id).sort()).toEqual([1, 2]);
  });
});

describe('clusters by groups', () => {
  it('answer what counting device by device answers, for cells the box cuts too', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const states = [-1, 0, 1];
    const types = ['lighting', 'camera'];
    const rows = Array.from({ length: 3000 }, (_, i) =>
      device(i + 1, 119 + random(), 32 + random(), {
        activeState: states[i % 3]!,
        type: types[i % 2]!,
        projectId: 2 + (i % 2),
        projectPath: i % 2 ? '/1/3/' : '/1/2/',
      }),
    );
    const s = toSnapshot(rows);
    for (const cell of [0.5, 0.1, 0.013]) {
      for (let k = 0; k < 5; k++) {
        const west = 119 + random() * 0.5;
        const south = 32 + random() * 0.5;
        const f = {
          west,
          south,
          east: west + random() * 0.5,
          north: south + random() * 0.5,
          type: k % 2 ? 'camera' : undefined,
        };
        const expected = new Map<string, { count: number; active: number }>();
        for (const r of rows) {
          if (r.lng < f.west || r.lng > f.east || r.lat < f.south || r.lat > f.north) continue;
          if (f.type && r.type !== f.type) continue;
          const key = `${Math.floor(r.lng / cell)}:${Math.floor(r.lat / cell)}`;
          const e = expected.get(key) ?? { count: 0, active: 0 };
          e.count++;
          if (r.activeState === 1) e.active++;
          expected.set(key, e);
        }
        const list = clusterSnapshot(s, '/1/', f, cell);
        expect(list).toHaveLength(expected.size);
        const got = new Map(
          list.map((c) => [
            `${Math.floor(c.lng / cell)}:${Math.floor(c.lat / cell)}`,
            { count: c.count, active: c.states.active },
          ]),
        );
        expect(got).toEqual(expected);
      }
    }
  });
});

describe('the snapshot kept from the changes', () => {
  /** A table of devices the snapshot reads from, counting what it reads. */
  function table(rows: LocatedDevice[]) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const reads = { pages: 0, byIds: 0 };
    return {
      byId,
      reads,
      source: {
        async page(after: number, limit: number) {
          reads.pages++;
          return [...byId.values()]
            .filter((r) => r.id > after)
            .sort((a, b) => a.id - b.id)
            .slice(0, limit);
        },
        async byIds(ids: number[]) {
          reads.byIds++;
          return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
        },
      },
    };
  }
  const ids = (s: { size: number; id: Int32Array }) => [...s.id.slice(0, s.size)].sort((a, b) => a - b);

  it('loads in pages, then applies creates, moves, deletes and state changes without reading everything', async () => {
    const t = table(Array.from({ length: 25 }, (_, i) => device(i + 1, 119.5, 32.5)));
    const snapshots = createMapSnapshots(t.source, { pageSize: 10 });
    const s = await snapshots.get();
    expect(s.size).toBe(25);
    expect(t.reads.pages).toBe(3);
    expect(clusterSnapshot(s, '/1/', box, 1)[0]!.count).toBe(25);

    t.byId.set(26, device(26, 119.6, 32.6));
    t.byId.set(3, device(3, 119.7, 32.7, { activeState: -1 }));
    t.byId.delete(5);
    await snapshots.changed([26, 3, 5]);
    expect(await snapshots.get()).toBe(s);
    expect(ids(s)).toEqual([...Array.from({ length: 26 }, (_, i) => i + 1).filter((i) => i !== 5)]);
    expect(s.lng[s.index.get(3)!]).toBe(119.7);
    expect(s.state[s.index.get(3)!]).toBe(-1);

    snapshots.setState(7, -1);
    const list = clusterSnapshot(s, '/1/', box, 1);
    expect(list.reduce((n, c) => n + c.states.error, 0)).toBe(2);
    expect(t.reads.pages).toBe(3);
  });

  it('reloads in the background after a bulk change, answering the current snapshot meanwhile', async () => {
    const t = table([device(1, 119.5, 32.5)]);
    const snapshots = createMapSnapshots(t.source);
    const first = await snapshots.get();
    t.byId.set(2, device(2, 119.5, 32.5));
    const reload = snapshots.changed();
    expect(await snapshots.get()).toBe(first);
    await reload;
    expect((await snapshots.get()).size).toBe(2);
  });

  it('keeps a change that lands while a reload runs', async () => {
    const t = table([device(1, 119.5, 32.5), device(2, 119.5, 32.5)]);
    const snapshots = createMapSnapshots(t.source);
    await snapshots.get();
    const reload = snapshots.changed();
    snapshots.setState(2, -1);
    t.byId.set(2, device(2, 119.5, 32.5, { activeState: -1 }));
    await reload;
    await snapshots.settled();
    const s = await snapshots.get();
    expect(s.state[s.index.get(2)!]).toBe(-1);
  });
});
