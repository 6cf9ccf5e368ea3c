// Gives the demo tree a week of activity for the summary benchmark: EVENTS device events over the last
// 7 days (a third of them alarms, half restored), and one reading with its latest-values row for every
// environment monitor and lamp controller, as the telemetry writer leaves them. Runs on the configured
// database (DATA_DIR or DATABASE_URL), the server stopped on PGlite.
// Usage: node --import tsx bench/lib/summary-activity.ts [--events 50000]
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../packages/server/src/config.js';
import { type Database, openPglite, openPostgres } from '../../packages/server/src/db/client.js';

const arg = process.argv.indexOf('--events');
const events = arg > 0 ? Number(process.argv[arg + 1]) : 50_000;
const config = loadConfig();
const database: Database = config.databaseUrl
  ? await openPostgres(config.databaseUrl)
  : await openPglite(config.dataDir);
const db = database.db;
const started = Date.now();
try {
  await db.execute(sql`
    INSERT INTO device_events (device_id, project_id, type, at, code, event_type, level)
    SELECT d.id, d.project_id, d.type, now() - (random() * interval '7 days'),
      CASE WHEN g % 3 = 0 THEN '19' ELSE 'OFFLINE' END,
      CASE WHEN g % 2 = 0 THEN 'occur' ELSE 'restore' END,
      CASE WHEN g % 3 = 0 THEN 'alarm' ELSE 'info' END
    FROM generate_series(1, ${events}) g
    JOIN (SELECT row_number() OVER (ORDER BY id) AS rn, id, project_id, type FROM devices) d
      ON d.rn = 1 + (g * 7919) % (SELECT count(*) FROM devices)`);
  await db.execute(sql`
    INSERT INTO env_readings (device_id, project_id, at, temperature, humidity, pm25, pm10, noise)
    SELECT id, project_id, now() - (random() * interval '50 minutes'), 15 + random() * 10, 40 + random() * 30,
      10 + random() * 60, 20 + random() * 80, 40 + random() * 30
    FROM devices WHERE type = 'envmonitor'`);
  await db.execute(sql`
    INSERT INTO lighting_readings (device_id, project_id, at, "on", level, voltage, current, active_power)
    SELECT id, project_id, now() - (random() * interval '50 minutes'), 1, 80, 220 + random() * 5, 400, 90
    FROM devices WHERE type = 'lighting'`);
  for (const source of ['env_readings', 'lighting_readings'])
    await db.execute(sql`
      INSERT INTO readings_latest (device_id, source, project_id, at, "values")
      SELECT DISTINCT ON (device_id) device_id, ${source}, project_id, at, '{}'::json
      FROM ${sql.identifier(source)} ORDER BY device_id, at DESC
      ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE`);
  console.log(`summary activity: ${events} events and latest readings in ${(Date.now() - started) / 1000} s`);
} finally {
  await database.close();
}
