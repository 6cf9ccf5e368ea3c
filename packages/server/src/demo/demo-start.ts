import { DEMO_CITY } from '@sc/contract/demo';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { projects } from '../db/schema/index.js';
import { backfillDemo } from './demo-history.js';
import { seedDemo } from './seed-demo.js';

/** `npm start -- --demo [--devices 500]` or DEMO=true: demo data and live simulated devices. */
export function demoOptions(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env) {
  const enabled = argv.includes('--demo') || env.DEMO === 'true';
  const at = argv.indexOf('--devices');
  const devices = at > 0 ? Number(argv[at + 1]) : Number(env.DEMO_DEVICES ?? 500);
  if (enabled && (!Number.isInteger(devices) || devices < 1 || devices > 100_000))
    throw new Error('--devices takes a whole number from 1 to 100000');
  return enabled ? { devices } : null;
}

/**
 * Seeds the demo when the database has none (or fewer devices than asked: the seeder tops it up),
 * then runs the simulator in this process against the embedded broker, so a newcomer sees live
 * devices. Called once the server listens; answers how to stop the simulator.
 */
export async function startDemo(app: FastifyInstance, db: Db, options: { devices: number }) {
  const log = app.log;
  const [city] = await db.select({ id: projects.id }).from(projects).where(eq(projects.no, DEMO_CITY.no));
  if (!city) log.info(`Demo: seeding ${options.devices} devices…`);
  const { secret } = await seedDemo(db, options.devices, (line) => log.info(line));
  app.iot.directory.clear();
  const broker = app.iot.broker();
  if (!broker) {
    log.warn(
      'Demo: the simulator runs in-process only with the embedded broker; with MQTT_URL run `npm run simulate -- --url <broker> --devices N --secret S` instead (`npm run seed:demo` prints S)',
    );
    return { stop: async () => {} };
  }
  const simulator = await import('@sc/simulator');
  // A new demo gets a month of history, stored in the background.
  const history = city ? null : backfillDemo(app, simulator, options.devices, { log: (line) => log.info(line) });
  history?.done.catch((err: Error) => log.error({ err }, 'demo history not back-filled'));
  const { createFleet } = simulator;
  const fleet = createFleet({
    url: `mqtt://127.0.0.1:${broker.port}`,
    secret,
    devices: options.devices,
    rate: 1,
    offline: 0.02,
    statusEveryMs: 60_000,
    log: (line) => log.info(line),
  });
  log.info(`Demo: simulating ${fleet.devices.length} devices on ${fleet.connections.length} MQTT connections`);
  const started = fleet.start().catch((err: Error) => log.error({ err }, 'demo simulator failed'));
  return {
    fleet,
    async stop() {
      await history?.stop();
      await started;
      await fleet.stop();
    },
  };
}
