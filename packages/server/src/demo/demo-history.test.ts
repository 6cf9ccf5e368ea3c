import * as simulator from '@sc/simulator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { backfillDemo, historyTimes } from './demo-history.js';
import { seedDemo } from './seed-demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 12, 20);

describe('demo history', () => {
  it('has a reading an hour over the last week and every 3 hours before, the last hour before now last', () => {
    const times = historyTimes(NOW, 30, 7);
    expect(times.at(-1)).toBe(Date.UTC(2026, 10, 27, 12));
    expect(times[0]).toBe(Date.UTC(2026, 10, 27, 12) - 30 * 24 * HOUR + 3 * HOUR);
    expect(times.filter((x) => x > NOW - 7 * 24 * HOUR)).toHaveLength(7 * 24);
    expect(times).toHaveLength(7 * 24 + 23 * 8);
  });

  it('stores the readings the devices would have sent through the writer, rolled up, registers ending where the live ones begin', async () => {
    await seedDemo(t.database.db, 150);
    const now = Date.now();
    const history = backfillDemo(t.app, simulator, 150, { now, days: 3 });
    const result = await history.done;
    const times = historyTimes(now, 3);
    expect(result.complete).toBe(true);

    // Every environment monitor of the demo: one reading per time.
    const env = await queryRows<{ device_id: number; n: number }>(
      t.database.db,
      sql`select device_id, count(*)::int as n from env_readings group by device_id`,
    );
    expect(env.length).toBeGreaterThan(0);
    for (const row of env) expect(row.n).toBe(times.length);

    // A meter's register only grows and ends where the live device's first reading begins.
    const [meter] = simulator.simDevices(150).filter((d) => d.type === 'watthourmeter');
    const live = simulator.familySim('watthourmeter').telemetry!(meter!, new Date(now))!;
    const readings = await queryRows<{ reading: number }>(
      t.database.db,
      sql`select r.reading from whm_readings r join devices d on d.id = r.device_id
          where d.equipment_id = ${meter!.equipmentId} order by r.at`,
    );
    expect(readings).toHaveLength(times.length);
    for (let i = 1; i < readings.length; i++)
      expect(readings[i]!.reading).toBeGreaterThanOrEqual(readings[i - 1]!.reading);
    expect(readings.at(-1)!.reading).toBeLessThanOrEqual(Number(live.reading));
    expect(readings.at(-1)!.reading).toBeGreaterThan(readings[0]!.reading);

    // Folded into the hourly rollups at once: the 30-day chart has them.
    const [hourly] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from env_readings_hourly`,
    );
    expect(hourly!.n).toBeGreaterThan(0);
  });
});
