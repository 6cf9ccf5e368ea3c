// Where the project summary's time goes: builds the app on the configured database (DATABASE_URL or
// DATA_DIR, seeded by bench/summary.bench.mjs's steps), times every SQL statement of one computed
// GET /api/pjts/1/summary.do (PostgreSQL: through pg's client) and prints them slowest first; with
// --explain, EXPLAIN (ANALYZE, BUFFERS) of each statement slower than 5 ms.
// Usage: node --import tsx bench/lib/summary-profile.ts [--runs 3] [--explain]
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { type Database, openPglite, openPostgres } from '../../packages/server/src/db/client.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 3);
const explain = process.argv.includes('--explain');
const timings: { sql: string; params: unknown[]; ms: number }[] = [];
let recording = false;
const original = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: wrapping the driver's overloaded query
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  const t = performance.now();
  const cfg = args[0];
  const text = typeof cfg === 'string' ? cfg : cfg?.text;
  const values = (typeof cfg === 'object' && cfg?.values) || args[1] || [];
  const last = args.length - 1;
  if (recording && typeof args[last] === 'function') {
    const done = args[last];
    args[last] = (...r: unknown[]) => {
      timings.push({ sql: text, params: values, ms: performance.now() - t });
      done(...r);
    };
  }
  // biome-ignore lint/suspicious/noExplicitAny: the driver's overloaded query
  const result = (original as any).apply(this, args);
  if (recording && result && typeof result.then === 'function')
    result.then(() => timings.push({ sql: text, params: values, ms: performance.now() - t })).catch(() => {});
  return result;
};

const config = loadConfig({ ...process.env, WEB_DIST: '/nonexistent', LOGIN_IDENTIFY_CODE: 'off' });
const database: Database = config.databaseUrl
  ? await openPostgres(config.databaseUrl)
  : await openPglite(config.dataDir);
const app = await buildApp({ config, database, mqtt: { mode: 'off' } } as never);
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login.do',
  payload: 'account=admin&password=Admin12345&identifyCode=000000',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const token = login.json().userToken;
for (let i = 0; i < runs; i++) {
  timings.length = 0;
  recording = true;
  const t = performance.now();
  // A new cache key each run: lang does not change the answer, so wait out the cache instead.
  const res = await app.inject({ method: 'GET', url: `/api/pjts/1/summary.do?token=${token}` });
  const total = performance.now() - t;
  recording = false;
  if (res.statusCode !== 200) throw new Error(res.body);
  console.log(`run ${i + 1}: ${total.toFixed(1)} ms, ${timings.length} statements`);
  for (const s of [...timings].sort((a, b) => b.ms - a.ms).slice(0, 12))
    console.log(`  ${s.ms.toFixed(1).padStart(8)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
  if (i < runs - 1) await new Promise((r) => setTimeout(r, 31_000));
}
if (explain && config.databaseUrl) {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  for (const s of timings.filter((x) => x.ms > 5 && /^\s*select/i.test(x.sql))) {
    const plan = await original.call(client, `EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params as never);
    console.log(`\n-- ${s.sql.replace(/\s+/g, ' ')}\n-- ${JSON.stringify(s.params)}`);
    // biome-ignore lint/suspicious/noExplicitAny: plan rows
    for (const r of (plan as any).rows) console.log(r['QUERY PLAN']);
  }
  await client.end();
}
await app.close();
await database.close();
