import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice, createProject, queryRows } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { eventually } from '../../test-device.js';

// The overview and the power figures read what the platform keeps (each lamp's last state, the
// policy-set key of `lighting_lamps`, the project's daily totals), not the readings: rows are written
// directly here, in a project of its own.
let t: TestApp;
let admin: string;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  projectId = (await createProject(t.database.db, 1, ['lighting'])).id;
  await t.database.db.execute(
    sql`insert into web_params (key, value) values ('timezone', '8') on conflict (key) do update set value = excluded.value`,
  );
});
afterAll(() => t.close());

const base = () => `/api/pjts/${projectId}/iot/lighting`;
const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}token=${admin}&lang=en_US`,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const settled = () => (t.app as unknown as { lighting: { settled(): Promise<unknown> } }).lighting.settled();

/** A lamp of the project, active, at a place (or none), with its last state. */
async function lamp(place: [number, number] | null, state: { on: number; level: number; runStatus?: number } | null) {
  const d = await createIotDevice(t.database.db, { type: 'lighting', modelNo: 'lcunb', projectId, activeState: 1 });
  if (place)
    await t.database.db.execute(sql`update devices set lng = ${place[0]}, lat = ${place[1]} where id = ${d.id}`);
  if (state)
    await t.database.db.execute(
      sql`insert into lighting_state (device_id, project_id, at, "on", level, run_status)
        values (${d.id}, ${projectId}, now(), ${state.on}, ${state.level}, ${state.runStatus ?? 0})`,
    );
  return d.id;
}
const keyOf = async (id: number) =>
  (
    await queryRows<{ policy_set: string | null }>(
      t.database.db,
      sql`select policy_set from lighting_lamps where device_id = ${id}`,
    )
  )[0]?.policy_set ?? null;

describe('lighting overview', () => {
  it('keeps each lamp’s policy-set key as policies are used, removed and cleared', async () => {
    const a = await lamp([120, 30], null);
    const b = await lamp([120, 30], null);
    const policy = async (no: string) =>
      (
        await call('POST', `${base()}/policies`, {
          name: no,
          no,
          units: [{ type: 'on', start: { kind: 'clock', time: '00:00' } }],
          cycle: { mode: 'everyday' },
        })
      ).id as number;
    const p1 = await policy('K1');
    const p2 = await policy('K2');
    await call('POST', `${base()}/policies/${p2}/use`, { lampIds: [b] });
    await call('POST', `${base()}/policies/${p1}/use`, { lampIds: [a, b] });
    expect(await keyOf(a)).toBe(String(p1));
    expect(await keyOf(b)).toBe(`${p1},${p2}`);
    await call('POST', `${base()}/policies/${p1}/remove`, { lampIds: [b] });
    expect(await keyOf(b)).toBe(String(p2));
    await call('POST', `${base()}/policies/clear`, { lampIds: [a, b] });
    expect(await keyOf(a)).toBeNull();
    expect(await keyOf(b)).toBeNull();
    await settled();
  });

  it('counts states, the lighting rate by policy set and place, and energy from the daily totals', async () => {
    projectId = (await createProject(t.database.db, 1, ['lighting'])).id;
    const always = (
      await call('POST', `${base()}/policies`, {
        name: 'Always',
        no: 'AL',
        units: [{ type: 'on', start: { kind: 'clock', time: '00:00' } }],
        cycle: { mode: 'everyday' },
      })
    ).id as number;
    const never = (
      await call('POST', `${base()}/policies`, {
        name: 'Never',
        no: 'NV',
        units: [{ type: 'off', start: { kind: 'clock', time: '00:00' } }],
        cycle: { mode: 'everyday' },
      })
    ).id as number;
    const lit = await lamp([116.4, 39.9], { on: 1, level: 100 });
    const dimmed = await lamp([116.4, 39.9], { on: 1, level: 40 });
    const dark = await lamp([121.5, 31.2], { on: 0, level: 0 });
    const faultOn = await lamp([121.5, 31.2], { on: 1, level: 100, runStatus: 2 });
    const unplaced = await lamp(null, { on: 0, level: 0 });
    const silent = await lamp([116.4, 39.9], null);
    const offPolicy = await lamp([116.4, 39.9], { on: 0, level: 0 });
    // Online but never reported: off, and dark where its policy says lit.
    const neverReported = await lamp([116.4, 39.9], null);
    await t.database.db.execute(sql`update devices set active_state = -1 where id = ${silent}`);
    await call('POST', `${base()}/policies/${always}/use`, {
      lampIds: [lit, dimmed, dark, faultOn, unplaced, silent, neverReported],
    });
    await call('POST', `${base()}/policies/${never}/use`, { lampIds: [offPolicy] });
    await settled();

    const overview = await call('GET', `${base()}/summary`);
    expect(overview.byState).toEqual({ on: 1, dimmed: 1, off: 4, fault: 1, offline: 1 });
    expect(overview.total).toBe(8);
    // Should be lit: the placed lamps of "Always" (lit, dimmed, dark, faultOn, silent, neverReported);
    // lit of them: lit, dimmed and the faulty lamp that is on. The unplaced lamp has no sun time;
    // "Never" says off.
    expect(overview.shouldBeLit).toBe(6);
    expect(overview.litOfShould).toBe(3);
    expect(overview.lightingRate).toBe(0.5);

    // Counts a moment old are answered while new ones are computed: the change shows on a later call.
    await t.database.db.execute(sql`update lighting_state set "on" = 0, level = 0 where device_id = ${lit}`);
    const later = await eventually(
      () => call('GET', `${base()}/summary`),
      (o) => o.byState.on === 0,
    );
    expect(later).toMatchObject({ byState: { on: 0, off: 5 }, litOfShould: 2 });

    // Energy: the project's totals per day (readings_project_daily), today and the day before.
    const [{ today, yesterday }] = await queryRows<{ today: string; yesterday: string }>(
      t.database.db,
      sql`select (date_bin('1 day', now(), timestamptz '1999-12-31T16:00:00Z'))::text as today,
        (date_bin('1 day', now(), timestamptz '1999-12-31T16:00:00Z') - interval '1 day')::text as yesterday`,
    );
    await t.database.db.execute(
      sql`insert into readings_project_daily (project_id, source, reading, bucket, sum, n) values
        (${projectId}, 'lighting_readings', 'energy', ${today}::timestamptz, 12.5, 10),
        (${projectId}, 'lighting_readings', 'energySaved', ${today}::timestamptz, 2.5, 10),
        (${projectId}, 'lighting_readings', 'energy', ${yesterday}::timestamptz, 30, 10)`,
    );
    (t.app as unknown as { lighting: { forgetEnergy(): void } }).lighting.forgetEnergy();
    const energy = await call('GET', `${base()}/summary`);
    expect(energy).toMatchObject({ energyToday: 12.5, savedToday: 2.5 });
    expect(energy.byDay.map((d: { energy: number }) => d.energy)).toEqual([30, 12.5]);
    const power = await call(
      'GET',
      `${base()}/power/summary?scope=project&from=${encodeURIComponent(yesterday)}&to=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`,
    );
    expect(power).toMatchObject({ lamps: 8, energy: 42.5 });
  });
});
