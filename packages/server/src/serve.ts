import { buildApp } from './app.js';
import type { Config } from './config.js';
import { bootstrap } from './db/bootstrap.js';
import { type Database, openPglite, openPostgres } from './db/client.js';
import type { PgliteLike } from './db/pglite-worker.js';
import { demoOptions, startDemo } from './demo/demo-start.js';
import type { MqttMode } from './iot/runtime.js';
import { applyBuiltinData } from './modules/system/sync-steps.js';

/**
 * Starts one server process: database, migrations, first-start data, HTTP, broker; stops them
 * gracefully. main.ts has taken the data directory's lock and started the embedded database's worker.
 */
export async function serve(config: Config, embedded: { worker: PgliteLike; releaseLock: () => void } | null) {
  const releaseLock = embedded?.releaseLock ?? null;
  const database: Database = embedded
    ? await openPglite(config.dataDir, { worker: embedded.worker })
    : await openPostgres(config.databaseUrl!, config.pgPoolMax);
  // The embedded database opens and migrates in its worker while this thread builds the routes.
  const migrated = database.migrate();
  migrated.catch(() => undefined); // awaited below, after the app is built

  const mqtt: MqttMode = config.mqttUrl
    ? {
        mode: 'external',
        url: config.mqttUrl,
        username: config.mqttUsername,
        password: config.mqttPassword,
        shared: config.mqttShared,
        clientId: config.mqttClientId,
        sessionExpirySeconds: config.mqttSessionExpiry,
        uplinkSilenceSeconds: config.mqttUplinkSilence,
      }
    : config.mqttPort >= 0
      ? {
          mode: 'embedded',
          port: config.mqttPort,
          host: config.host,
          maxPacketBytes: config.mqttMaxPacket,
          tls: config.mqttTls,
        }
      : { mode: 'off' };
  const app = await buildApp({ config, database, logger: { level: config.logLevel }, mqtt });
  await migrated;
  const log = app.log;
  if (!config.identifyCode)
    log.warn('LOGIN_IDENTIFY_CODE=off: the identity code is not checked at sign-in (for automated tests only)');

  const first = await bootstrap(database.db, config.adminPassword);
  await applyBuiltinData(database.db);
  if (first.created) {
    if (first.generatedPassword) {
      log.warn(
        `First start: created the administrator "admin" with the generated password ${first.generatedPassword} — it is shown only this once; change it after signing in.`,
      );
    } else {
      log.info('First start: created the administrator "admin" with the password from ADMIN_PASSWORD');
    }
  }

  await app.iot.start();

  await app.listen({ port: config.port, host: config.host });
  log.info(
    `Console and API on http://localhost:${(app.server.address() as { port: number }).port} (database: ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
  );

  const demoAsked = demoOptions();
  const demo = demoAsked ? await startDemo(app, database.db, demoAsked) : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await demo?.stop();
      await app.close(); // stops the device runtime too (onClose)
      await database.close();
    } finally {
      releaseLock?.();
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
