import { peerOf, type RealtimePush } from '@sc/contract';
import { LED_ENV_COMMAND, type LedEnvReadings, type LedLayer, ledManifest } from '@sc/contract/families/led';
import type { FamilyContext } from '../family-handler.js';
import { createLedProgramRepository } from './led.programs.repository.js';

const TYPE = ledManifest.type;
/** The device type an env layer reads (the manifest's peer). */
const ENV_MONITOR = peerOf(ledManifest, 'envMonitor');
/** How long the screens' bindings to monitors are kept before they are read again, ms. */
const BINDINGS_MS = 10_000;
/**
 * A monitor missing from bindings read longer ago than this reads them again: a program acknowledged
 * through another instance (which only tells its own relay) shows at the next report, not 10 s later.
 */
const MISSING_MS = 1_000;

/** The monitors a program's env layers are bound to, each once. */
export const envMonitorsOf = (layers: unknown[]) => [
  ...new Set(
    (layers as LedLayer[]).flatMap((l) =>
      l.type === 'env' && typeof l.envDeviceId === 'number' ? [l.envDeviceId] : [],
    ),
  ),
];

/**
 * Env layers live on the screens: each report of an environment monitor (its realtime push, by the
 * instance that stored it: once in a cluster) is sent as the command `env` to every screen that
 * acknowledged a checked program with a layer bound to that monitor, without waiting for the answer (the
 * next report follows); the latest readings of each monitor are kept so that a program sent to a screen
 * carries them (`latest`). Which screens show which monitor is read from the database at most every 10 s,
 * at once after a screen acknowledged a program here (`changed`), and at a report of a monitor not bound
 * in bindings older than a second (acknowledged through another instance).
 */
export function createEnvRelay(ctx: FamilyContext) {
  const repo = ctx.repository(createLedProgramRepository);
  const latest = new Map<number, LedEnvReadings>();
  let bindings: Promise<Map<number, { projectId: number; screens: number[] }[]>> | null = null;
  let readAt = 0;

  const bound = () => {
    if (!bindings || Date.now() - readAt > BINDINGS_MS) {
      readAt = Date.now();
      bindings = repo.envBindings().then((rows) => {
        const byMonitor = new Map<number, { projectId: number; screens: number[] }[]>();
        for (const r of rows) {
          const list = byMonitor.get(r.envId) ?? [];
          const same = list.find((x) => x.projectId === r.projectId);
          if (same) same.screens.push(r.screenId);
          else list.push({ projectId: r.projectId, screens: [r.screenId] });
          byMonitor.set(r.envId, list);
        }
        return byMonitor;
      });
      bindings.catch(() => {
        bindings = null;
      });
    }
    return bindings;
  };

  async function relay(readings: LedEnvReadings) {
    const read = bound();
    let groups = (await read).get(readings.envDeviceId);
    if (!groups) {
      if (bindings === read && Date.now() - readAt > MISSING_MS) bindings = null;
      // Read again, or take the read another report began meanwhile.
      if (bindings !== read) groups = (await bound()).get(readings.envDeviceId);
    }
    for (const g of groups ?? []) {
      const { targets } = await ctx.devices.targets(g.projectId, g.screens, TYPE);
      for (const target of targets)
        void ctx.iot.bus
          .send(null, target, LED_ENV_COMMAND, readings, { log: false, push: false })
          .catch(() => undefined);
    }
  }

  const readingsOf = (push: RealtimePush): LedEnvReadings | null =>
    push.kind === 'telemetry' && push.type === ENV_MONITOR
      ? { envDeviceId: push.deviceId, at: push.at, values: push.values }
      : null;
  // Every instance keeps the latest readings (for the program commands it sends)...
  ctx.iot.hub.observe((push) => {
    const readings = readingsOf(push);
    if (readings) latest.set(readings.envDeviceId, readings);
  });
  // ...and the one that stored a report sends it to the screens: each report once however many
  // instances run (a shared subscription hands each device message to one of them; when one stops,
  // the others get its share).
  ctx.iot.hub.observePublished((push) => {
    const readings = readingsOf(push);
    if (readings) void relay(readings).catch(() => undefined);
  });

  return {
    /** The latest readings known of the monitors `ids` (those reported since the server started). */
    latest: (ids: number[]) => ids.flatMap((id) => (latest.has(id) ? [latest.get(id)!] : [])),
    /** Screens acknowledged programs: the bindings are read again at the next report. */
    changed() {
      bindings = null;
    },
  };
}
