import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../db/bootstrap.js';
import type { Database } from '../db/client.js';
import { devices } from '../db/schema/index.js';
import { applyBuiltinData } from '../modules/system/sync-steps.js';
import { createIotDevice } from '../test/factories.js';
import { openTestDatabase } from '../test/test-database.js';
import { createDeviceDirectory } from './device-directory.js';
import { createDeviceDirectoryRepository } from './device-directory.repository.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  // The first project and the device models, as a server's first start makes them.
  await bootstrap(database.db, 'Admin12345');
  await applyBuiltinData(database.db);
});
afterAll(() => database.close());

/** The real statements, counted; `fail` makes the next ones throw as a database away would. */
function countedRepository() {
  const real = createDeviceDirectoryRepository(database.db);
  const calls: string[][] = [];
  let fail = false;
  return {
    calls,
    failNext: (value: boolean) => {
      fail = value;
    },
    repository: {
      ...real,
      byEquipmentIds: async (ids: readonly string[]) => {
        calls.push([...ids]);
        if (fail) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return real.byEquipmentIds(ids);
      },
    },
  };
}

const device = () => createIotDevice(database.db, { type: 'envmonitor', modelNo: 'envrs485' });

describe('device directory', () => {
  it('answers concurrent lookups of the same and of different devices with one batched statement', async () => {
    const [a, b, c] = [await device(), await device(), await device()];
    const counted = countedRepository();
    const directory = createDeviceDirectory(counted.repository);
    const asked = [a, b, c, a, a, b].map((d) => d.equipmentId).concat(['NOSUCH', 'NOSUCH']);
    const answers = await Promise.all(asked.map((id) => directory.get(id)));

    expect(counted.calls).toHaveLength(1);
    expect([...counted.calls[0]!].sort()).toEqual([a.equipmentId, b.equipmentId, c.equipmentId, 'NOSUCH'].sort());
    expect(answers.map((e) => e?.equipmentId ?? null)).toEqual(asked.map((id) => (id === 'NOSUCH' ? null : id)));
    expect(answers[0]).toMatchObject({ id: a.id, key1: a.key1, registered: true, type: 'envmonitor' });
    expect(answers[0]).toBe(answers[3]);

    // Cached now, the unknown id too: no statement.
    await Promise.all(asked.map((id) => directory.get(id)));
    expect(counted.calls).toHaveLength(1);
  });

  it('batches lookups asked while a statement runs into the next one', async () => {
    const list = await Promise.all(Array.from({ length: 6 }, device));
    const counted = countedRepository();
    const directory = createDeviceDirectory(counted.repository);
    const first = directory.get(list[0]!.equipmentId);
    // Asked after the first statement went out, before it answered.
    await new Promise((r) => setImmediate(r));
    const rest = list.slice(1).map((d) => directory.get(d.equipmentId));
    const again = directory.get(list[0]!.equipmentId);
    const entries = await Promise.all([first, ...rest, again]);
    expect(entries.map((e) => e?.id)).toEqual([...list.map((d) => d.id), list[0]!.id]);
    expect(counted.calls).toHaveLength(2);
    expect(counted.calls[1]).toHaveLength(5);
  });

  it('refreshes an entry ahead of its expiry, serving the cached one meanwhile', async () => {
    const d = await device();
    let clock = 1_000_000;
    const counted = countedRepository();
    const directory = createDeviceDirectory(counted.repository, { ttlMs: 30_000, now: () => clock });
    const before = await directory.get(d.equipmentId);
    expect(counted.calls).toHaveLength(1);
    await database.db.update(devices).set({ name: 'renamed' }).where(eq(devices.id, d.id));

    clock += 10_000; // young: served as cached, not looked up
    expect(await directory.get(d.equipmentId)).toBe(before);
    expect(counted.calls).toHaveLength(1);

    clock += 14_000; // past the refresh point, before expiry: still served at once, refreshed behind
    const during = await Promise.all([directory.get(d.equipmentId), directory.get(d.equipmentId)]);
    expect(during).toEqual([before, before]);
    // One refresh for every caller of the window; the refreshed entry serves once it is in.
    await eventually(async () => (await directory.get(d.equipmentId))?.name === 'renamed');
    expect(counted.calls).toHaveLength(2);
    expect(directory.stats.refreshes).toBe(1);

    // Not used until past expiry: looked up again before answering.
    await database.db.update(devices).set({ name: 'renamed again' }).where(eq(devices.id, d.id));
    clock += 31_000;
    expect((await directory.get(d.equipmentId))?.name).toBe('renamed again');
    expect(counted.calls).toHaveLength(3);
  });

  it('keeps the cached entry when its refresh fails, and shares a failed lookup among its callers', async () => {
    const d = await device();
    let clock = 0;
    const counted = countedRepository();
    const directory = createDeviceDirectory(counted.repository, { ttlMs: 1000, now: () => clock });
    const entry = await directory.get(d.equipmentId);
    counted.failNext(true);
    clock = 800;
    expect(await directory.get(d.equipmentId)).toBe(entry);
    await eventually(async () => counted.calls.length === 2);
    await new Promise((r) => setTimeout(r, 0)); // the failure is handled

    clock = 5000;
    const failed = await Promise.allSettled([directory.get(d.equipmentId), directory.get(d.equipmentId)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // The refresh ahead, then the expired lookup (one statement for both callers).
    expect(counted.calls).toHaveLength(3);
    counted.failNext(false);
    expect((await directory.get(d.equipmentId))?.id).toBe(d.id);
  });

  it('does not keep what a lookup running during `forget` read', async () => {
    const d = await device();
    const counted = countedRepository();
    const directory = createDeviceDirectory(counted.repository);
    await directory.get(d.equipmentId); // known by id from now on
    directory.forget(d.id);
    const running = directory.get(d.equipmentId);
    await new Promise((r) => setImmediate(r)); // the statement is out
    await database.db.update(devices).set({ registered: false }).where(eq(devices.id, d.id));
    directory.forget(d.id);
    await running; // read before or after the change (PostgreSQL runs them on two connections)
    expect((await directory.get(d.equipmentId))?.registered).toBe(false);
    expect(counted.calls).toHaveLength(3);
  });
});

/** Waits (without a time limit of its own: the test's applies) until `ok` holds. */
async function eventually(ok: () => Promise<boolean>) {
  while (!(await ok())) await new Promise((r) => setTimeout(r, 5));
}
