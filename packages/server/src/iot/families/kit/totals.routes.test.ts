import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signInWith } from '../../../test/caller.js';
import { createProject } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * GET /api/pjts/:projectId/iot/<slug>/totals (the kit's route, here the meters'): a project's energy
 * per day, month or year from readings_project_daily, in the system timezone (default UTC+8), within
 * the caller's projects.
 */
let t: TestApp;
let admin: string;
let other: { id: number };
const call = apiCaller(
  () => t,
  () => admin,
);
const base = '/api/pjts/1/iot/whm/totals';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Local midnight (UTC+8) of a date: the bucket the writer gives that day. */
const midnight = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 8 * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
  other = await createProject(t.database.db, 1, ['whm']);
  // Project 1: 10 kWh on 2026-05-30, 20 on 05-31, 30 on 06-01, 5 more on 06-01 from another family's
  // reading; project `other`: 1,000 on 06-01 (never in project 1's answer).
  const rows: [number, string, string, Date, number][] = [
    [1, 'whm_readings', 'energy', midnight('2026-05-30'), 10],
    [1, 'whm_readings', 'energy', midnight('2026-05-31'), 20],
    [1, 'whm_readings', 'energy', midnight('2026-06-01'), 30],
    [1, 'other_readings', 'energy', midnight('2026-06-01'), 5],
    [other.id, 'whm_readings', 'energy', midnight('2026-06-01'), 1000],
  ];
  for (const [project, source, reading, bucket, sum] of rows)
    await t.database.db.execute(
      sql`INSERT INTO readings_project_daily (project_id, source, reading, bucket, sum, n)
          VALUES (${project}, ${source}, ${reading}, ${bucket.toISOString()}::timestamptz, ${sum}, 96)`,
    );
});
afterAll(() => t.close());

const period = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

describe('project totals', () => {
  it('answers a point per local day with the period total', async () => {
    const res = await call('GET', `${base}?unit=day&${period('2026-05-29T16:00:00Z', '2026-06-10T00:00:00Z')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      unit: 'day',
      from: '2026-05-29T16:00:00.000Z',
      to: '2026-06-10T00:00:00.000Z',
      points: [
        { at: '2026-05-29T16:00:00.000Z', energy: 10 },
        { at: '2026-05-30T16:00:00.000Z', energy: 20 },
        { at: '2026-05-31T16:00:00.000Z', energy: 30 },
      ],
      total: { energy: 60 },
    });
  });

  it('adds the days up by local month and year', async () => {
    const months = (
      await call('GET', `${base}?unit=month&${period('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')}`)
    ).json();
    // May's two days, June's one: months begin at local midnight of the 1st.
    expect(months.points).toEqual([
      { at: '2026-04-30T16:00:00.000Z', energy: 30 },
      { at: '2026-05-31T16:00:00.000Z', energy: 30 },
    ]);
    const years = (
      await call('GET', `${base}?unit=year&${period('2024-01-01T00:00:00Z', '2026-12-31T00:00:00Z')}`)
    ).json();
    expect(years.points).toEqual([{ at: '2025-12-31T16:00:00.000Z', energy: 60 }]);
    expect(years.total).toEqual({ energy: 60 });
  });

  it('defaults to the last 30 days and refuses a bad unit or period', async () => {
    const recent = await call('GET', base);
    expect(recent.statusCode, recent.body).toBe(200);
    const body = recent.json();
    expect(body.unit).toBe('day');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(30 * DAY);
    expect(body.points).toEqual([]);
    expect(body.total).toEqual({ energy: 0 });
    expect((await call('GET', `${base}?unit=week`)).statusCode).toBe(400);
    expect((await call('GET', `${base}?${period('2026-06-02T00:00:00Z', '2026-06-01T00:00:00Z')}`)).statusCode).toBe(
      400,
    );
    // Days over more than 400 days: months are the unit for that.
    const long = await call(
      'GET',
      `${base}?unit=day&${period('2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z')}`,
      undefined,
      admin,
      'zh_CN',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBeTruthy();
    expect(
      (await call('GET', `${base}?unit=month&${period('2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z')}`)).statusCode,
    ).toBe(200);
  });

  it('keeps to the caller’s projects and needs the meter list', async () => {
    const outsider = await signInWith(t, other.id, { pjtdevicewhmlist: 1 });
    const q = period('2026-05-01T00:00:00Z', '2026-06-30T00:00:00Z');
    expect((await call('GET', `${base}?${q}`, undefined, outsider)).statusCode).toBe(404);
    const own = (await call('GET', `/api/pjts/${other.id}/iot/whm/totals?${q}`, undefined, outsider)).json();
    expect(own.total).toEqual({ energy: 1000 });
    const none = await signInWith(t, 1, {});
    expect((await call('GET', `${base}?${q}`, undefined, none)).statusCode).toBe(403);
    const viewer = await signInWith(t, 1, { pjtdevicewhmlist: 1 });
    expect((await call('GET', `${base}?${q}`, undefined, viewer)).json().total).toEqual({ energy: 60 });
  });
});
