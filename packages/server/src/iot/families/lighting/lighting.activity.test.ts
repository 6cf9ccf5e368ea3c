import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIotDevice, queryRows } from '../../../test/factories.js';
import { createTestApp, form, type TestApp } from '../../../test/test-app.js';
import { heartbeatsOf } from '../kit/policies.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token();
});
afterAll(() => t.close());

const setting = async (key: string, value: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/webparams.do/${key}?token=${admin}&lang=en_US`,
    ...form({ value }),
  });
  expect(res.statusCode).toBe(200);
};

/** A device of `type` last heard from `seconds` ago, active. */
const silentFor = async (type: 'lighting' | 'envmonitor', seconds: number) => {
  const d = await createIotDevice(t.database.db, {
    type,
    modelNo: type === 'lighting' ? 'lcunb' : 'envrs485',
    activeState: 1,
  });
  await t.database.db.execute(
    sql`update devices set last_active_at = now() - make_interval(secs => ${seconds}) where id = ${d.id}`,
  );
  return d.id;
};
const stateOf = async (id: number) =>
  (await queryRows(t.database.db, sql`select active_state from devices where id = ${id}`))[0]?.active_state;

describe('lamp controller heartbeat (lcuHeartbeat, minutes)', () => {
  it('is read in minutes, beside the device heartbeat in seconds', () => {
    const periods = heartbeatsOf({ deviceHeartbeat: 300, lcuHeartbeat: 3, gatewayHeartbeat: 60 });
    expect(periods.device).toBe(300);
    expect(periods.byType.get('lighting')).toBe(180);
    expect(periods.byType.get('gateway')).toBe(60);
    // A missing setting falls back to the device heartbeat rather than never (or always) timing out.
    expect(heartbeatsOf({ deviceHeartbeat: 300 }).byType.get('lighting')).toBe(300);
  });

  it('turns lamps abnormal after twice the LCU heartbeat, other devices after twice the device heartbeat', async () => {
    await setting('deviceHeartbeat', '300');
    await setting('lcuHeartbeat', '3');
    // 400 s: past twice 3 minutes (360 s) for a lamp, within twice 300 s for an environment monitor.
    const lamp = await silentFor('lighting', 400);
    const quietLamp = await silentFor('lighting', 300);
    const monitor = await silentFor('envmonitor', 400);
    const changed = (await t.app.iot.jobs.silence()).map((c) => c.id);
    expect(changed).toContain(lamp);
    expect(changed).not.toContain(quietLamp);
    expect(changed).not.toContain(monitor);
    expect(await stateOf(lamp)).toBe(-1);
    expect(await stateOf(quietLamp)).toBe(1);
    expect(await stateOf(monitor)).toBe(1);

    // A longer LCU heartbeat: a lamp silent 700 s stays active until twice 10 minutes have passed.
    await setting('lcuHeartbeat', '10');
    const patient = await silentFor('lighting', 700);
    expect((await t.app.iot.jobs.silence()).map((c) => c.id)).not.toContain(patient);
    expect(await stateOf(patient)).toBe(1);
    await t.database.db.execute(
      sql`update devices set last_active_at = now() - interval '1300 seconds' where id = ${patient}`,
    );
    expect((await t.app.iot.jobs.silence()).map((c) => c.id)).toContain(patient);
  });
});
