import { DEVICE_TYPES, familyOf } from '@sc/contract';
import { DEMO_CARRIERS, DEMO_CHILD_TYPES, planDevices } from '@sc/contract/demo';
import { demoKey } from '@sc/contract/demo-key';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoDeviceSecret } from './demo-secret.js';
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
    expect(planDevices(120, 130)).toEqual(plan.slice(120, 130));
  });

  it('hangs lamps, sensors and meters under an earlier gateway of their district; a small demo has them all', () => {
    const plan = planDevices(0, 1000);
    const byId = new Map(plan.map((d) => [d.equipmentId, d]));
    for (const [i, d] of plan.entries()) {
      if (!DEMO_CHILD_TYPES.has(d.type)) {
        expect(d.parentEquipmentId).toBeNull();
        continue;
      }
      const parent = byId.get(d.parentEquipmentId!)!;
      // Power-line lamp controllers under a power-line gateway (the pgw manifest's demo.carries), the rest under gateways.
      expect(parent.type).toBe(d.modelNo === 'lcuplc' ? 'pgw' : 'gateway');
      expect(parent.district).toBe(d.district);
      expect(plan.indexOf(parent)).toBeLessThan(i);
    }
    expect(plan.filter((d) => d.modelNo === 'lcuplc').length).toBeGreaterThan(50);
    expect(DEMO_CARRIERS.get('lcuplc')).toBe('pgw');
    const small = new Set(planDevices(0, 20).map((d) => d.type));
    for (const type of ['gateway', 'envmonitor', 'lighting', 'illumination', 'watthourmeter'])
      expect(small).toContain(type);
    expect(demoKey('s', 'DEMO000001')).toMatch(/^[0-9a-f]{32}$/);
    expect(demoKey('s', 'DEMO000001')).toBe(demoKey('s', 'DEMO000001'));
    expect(demoKey('s', 'DEMO000002')).not.toBe(demoKey('s', 'DEMO000001'));
    expect(demoKey('another installation', 'DEMO000001')).not.toBe(demoKey('s', 'DEMO000001'));
  });

  it('seeds the tree and devices, and tops it up to a larger size', async () => {
    expect(await seedDemo(t.database.db, 250)).toMatchObject({ added: 250, total: 250 });
    expect(await seedDemo(t.database.db, 400)).toMatchObject({ added: 150, total: 400 });
    const [counts] = await queryRows(
      t.database.db,
      sql`select (select count(*)::int from devices) as devices, (select count(*)::int from device_groups) as groups, (select count(*)::int from projects where no like 'DEMO%') as projects`,
    );
    expect(counts).toEqual({ devices: 400, groups: 60, projects: 4 });
    const admin = await t.token();
    const home = await t.app.inject({ method: 'GET', url: `/api/summary/home.do?token=${admin}` });
    expect(home.json()).toMatchObject({ projects: 5, devices: 400 });
  });

  it('puts every lamp of a district on its night policy: on at sunset, half at midnight, off at sunrise', async () => {
    await seedDemo(t.database.db, 400);
    const policies = await queryRows<{ project_id: number; body: { units: { type: string; start: unknown }[] } }>(
      t.database.db,
      sql`select project_id, body from lighting_policies where no = 'DEMONIGHT'`,
    );
    expect(policies).toHaveLength(3);
    expect(policies[0]!.body.units.map((u) => [u.type, u.start])).toEqual([
      ['on', { kind: 'sunset', offset: 0 }],
      ['eco', { kind: 'clock', time: '00:00' }],
      ['off', { kind: 'sunrise', offset: 0 }],
    ]);
    const [lamps] = await queryRows<{ lamps: number; onPolicy: number }>(
      t.database.db,
      sql`select (select count(*)::int from devices where type = 'lighting') as lamps,
        (select count(*)::int from lighting_lamps where policy_set is not null) as "onPolicy"`,
    );
    expect(lamps!.lamps).toBeGreaterThan(100);
    expect(lamps!.onPolicy).toBe(lamps!.lamps);
  });

  it('gives every demo device with a model an occupied production item keyed by demoKey, and gateways children', async () => {
    const [items] = await queryRows(
      t.database.db,
      sql`select count(*)::int as n, count(*) filter (where p.status = 1 and p.occupied_project_id = d.project_id and p.occupied_at is not null and p.model_id = d.model_id and p.no = d.equipment_id)::int as ok
          from devices d join production_items p on p.occupied_device_id = d.id`,
    );
    const [withModel] = await queryRows(
      t.database.db,
      sql`select count(*)::int as n from devices where model_id is not null`,
    );
    expect(items).toEqual({ n: withModel!.n, ok: withModel!.n });
    const [one] = await queryRows(t.database.db, sql`select key1 from production_items where no = 'DEMO000004'`);
    const { secret } = await demoDeviceSecret(t.database.db);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(one!.key1).toBe(demoKey(secret, 'DEMO000004'));
    const [parented] = await queryRows(
      t.database.db,
      sql`select count(*)::int as n, count(*) filter (where g.type = (case when m.no = 'lcuplc' then 'pgw' else 'gateway' end) and g.project_id = d.project_id)::int as ok,
                 count(*) filter (where g.type = 'pgw')::int as "underPgw"
          from devices d join devices g on g.id = d.parent_id left join device_models m on m.id = d.model_id`,
    );
    const [children] = await queryRows(
      t.database.db,
      sql`select count(*)::int as n from devices where type in ('lighting', 'envmonitor', 'illumination', 'watthourmeter')`,
    );
    expect(parented).toMatchObject({ n: children!.n, ok: children!.n });
    expect(parented!.underPgw).toBeGreaterThan(0);
  });

  it('keys demo devices by a secret of this installation: a demo seeded before it had one is keyed again', async () => {
    const { secret } = await demoDeviceSecret(t.database.db);
    const publicHash = 'a'.repeat(32);
    await t.database.db.execute(sql`update production_items set key1 = ${publicHash} where no like 'DEMO%'`);
    await t.database.db.execute(sql`delete from web_params where key = 'demoDeviceSecret'`);
    const again = await seedDemo(t.database.db, 400);
    expect(again.secret).not.toBe(secret);
    const [stale] = await queryRows(
      t.database.db,
      sql`select count(*)::int as n from production_items where no like 'DEMO%' and key1 = ${publicHash}`,
    );
    expect(stale!.n).toBe(0);
    const [one] = await queryRows(t.database.db, sql`select key1 from production_items where no = 'DEMO000007'`);
    expect(one!.key1).toBe(demoKey(again.secret, 'DEMO000007'));
    // Not a setting: the settings answer never carries it.
    const admin = await t.token();
    const settings = await t.app.inject({ method: 'GET', url: `/api/webparams.do?token=${admin}` });
    expect(settings.body).not.toContain(again.secret);
  });
});
