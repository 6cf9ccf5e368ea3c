import { DEVICE_TYPES, familyOf } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { planDevices } from './demo-plan.js';
import { seedDemo } from './seed-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('plans devices of every family, valid for their family, the same every time', () => {
    const plan = planDevices(0, 300);
    expect(new Set(plan.map((d) => d.type))).toEqual(new Set(DEVICE_TYPES));
    for (const d of plan) expect(familyOf(d.type)!.props.safeParse(d.props).success, d.type).toBe(true);
    expect(planDevices(0, 300)).toEqual(plan);
  });

  it('seeds the tree and devices, and tops it up to a larger size', async () => {
    expect(await seedDemo(t.database.db, 250)).toEqual({ added: 250, total: 250 });
    expect(await seedDemo(t.database.db, 400)).toEqual({ added: 150, total: 400 });
    const [counts] = await queryRows(
      t.database.db,
      sql`select (select count(*)::int from devices) as devices, (select count(*)::int from device_groups) as groups, (select count(*)::int from projects where no like 'DEMO%') as projects`,
    );
    expect(counts).toEqual({ devices: 400, groups: 60, projects: 4 });
    const admin = await t.token();
    const home = await t.app.inject({ method: 'GET', url: `/api/summary/home.do?token=${admin}` });
    expect(home.json()).toMatchObject({ projects: 5, devices: 400 });
  });
});
