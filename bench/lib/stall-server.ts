// The server of the console benchmark's stall section (console-stall.mjs): the real app on the given
// database, with the event-loop delay measured inside the process (perf_hooks.monitorEventLoopDelay)
// and three routes for the benchmark only: /bench/trivial, /bench/loop (delay since the last call)
// and /bench/reload (a full map snapshot reload, waited for).
// Env: DATA_DIR (PGlite) or DATABASE_URL, PGLITE_THREAD=worker|main, PORT.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { bootstrap } from '../../packages/server/src/db/bootstrap.js';
import { type Database, openPglite, openPostgres } from '../../packages/server/src/db/client.js';

const config = loadConfig();
const database: Database = config.databaseUrl
  ? await openPostgres(config.databaseUrl)
  : await openPglite(config.dataDir, { thread: process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker' });
await database.migrate();
await bootstrap(database.db, config.adminPassword);
const app = await buildApp({ config, database, logger: { level: 'warn' }, mqtt: { mode: 'off' } });
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
app.get('/bench/trivial', async () => ({ ok: true }));
app.get('/bench/loop', async () => {
  const out = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
  delay.reset();
  return out;
});
app.post('/bench/reload', async () => {
  const started = performance.now();
  const snapshots = (app as unknown as { mapSnapshots: { get(): Promise<unknown>; changed(): Promise<unknown> } })
    .mapSnapshots;
  await snapshots.get();
  await snapshots.changed();
  return { ms: Math.round(performance.now() - started) };
});
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log(`stall server on ${config.port}`);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
