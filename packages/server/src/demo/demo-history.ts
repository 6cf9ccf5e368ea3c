import type { TelemetryMessage } from '@sc/contract';
import type { FastifyInstance } from 'fastify';

/** One simulated device as the back-fill needs it (the simulator's `SimDevice`). */
interface Simulated {
  equipmentId: string;
  type: string;
}
type Step = { device: Simulated; at: Date; values: Record<string, unknown> }[];

/** What the back-fill takes of the simulator (`@sc/simulator`). */
export interface HistorySimulator {
  simDevices(count: number): Simulated[];
  backfill(devices: never, times: readonly number[]): Iterable<Step>;
}

const HOUR = 3_600_000;
/** Rows waiting in the writer beyond which the back-fill waits: it never crowds out live traffic. */
const HIGH_WATER = 10_000;

/**
 * When the history has a reading: hourly over the last week (the 7-day charts draw raw readings),
 * every 3 hours before (the 30-day charts draw hourly averages, the energy trends daily sums), the
 * last whole hour before `now` last (the live readings that follow are newer).
 */
export function historyTimes(now: number, days = 30, recentDays = 7): number[] {
  const last = Math.floor((now - 1) / HOUR) * HOUR;
  const recent = last - recentDays * 24 * HOUR;
  const times: number[] = [];
  for (let t = last - days * 24 * HOUR + 3 * HOUR; t <= last; t += t >= recent ? HOUR : 3 * HOUR) times.push(t);
  return times;
}

/**
 * A register (a meter's kWh, a lamp's hours) only grows: the history's are moved down so that each
 * ends where the live device begins (its first reading, the devices starting from the same state).
 */
function endRegistersAtStart(steps: readonly Step[], registers: (type: string) => readonly string[]) {
  const first = new Map<Simulated, Record<string, number>>();
  const last = new Map<Simulated, Record<string, number>>();
  for (const step of steps)
    for (const { device, values } of step)
      for (const key of registers(device.type)) {
        const v = values[key];
        if (typeof v !== 'number') continue;
        if (!(key in (first.get(device) ?? {}))) first.set(device, { ...first.get(device), [key]: v });
        last.set(device, { ...last.get(device), [key]: v });
      }
  for (const step of steps)
    for (const { device, values } of step)
      for (const key of registers(device.type)) {
        const v = values[key];
        const shift = (last.get(device)?.[key] ?? 0) - (first.get(device)?.[key] ?? 0);
        if (typeof v === 'number' && shift > 0) values[key] = Math.max(0, Math.round((v - shift) * 100) / 100);
      }
}

/**
 * A demo's history on its first start, in the background (the server and the live devices do not
 * wait): the readings the simulated devices would have sent over the last month, stored through the
 * families' telemetry handlers and the batch writer the devices' messages go through, then folded
 * into the hourly and daily rollups, so the 7- and 30-day charts and the energy trends show a month.
 * `stop` ends it between steps.
 */
export function backfillDemo(
  app: FastifyInstance,
  sim: HistorySimulator,
  count: number,
  options: { now?: number; days?: number; log?: (line: string) => void } = {},
) {
  const started = Date.now();
  const now = options.now ?? Date.now();
  const { writer, directory, families, jobs } = app.iot;
  const familyOf = (type: string) => families.get(type as Parameters<typeof families.get>[0]);
  const registers = (type: string) =>
    familyOf(type)
      ?.manifest.readings.filter((r) => r.register)
      .map((r) => r.key) ?? [];
  let stopped = false;
  const pause = () => new Promise((resolve) => setImmediate(resolve));
  const done = (async () => {
    const devices = sim.simDevices(count).filter((d) => familyOf(d.type)?.telemetry);
    // Worked out a few steps at a time, so the server answers meanwhile.
    const steps: Step[] = [];
    for (const step of sim.backfill(devices as never, historyTimes(now, options.days))) {
      if (stopped) return { rows: 0, complete: false };
      steps.push(step);
      if (steps.length % 4 === 0) await pause();
    }
    endRegistersAtStart(steps, registers);
    const entries = new Map<string, Awaited<ReturnType<typeof directory.get>>>();
    for (const d of devices) entries.set(d.equipmentId, await directory.get(d.equipmentId));
    let rows = 0;
    for (const step of steps) {
      if (stopped) return { rows, complete: false };
      for (const { device, at, values } of step) {
        const entry = entries.get(device.equipmentId);
        if (!entry) continue;
        familyOf(device.type)!.telemetry!(entry, { values } as TelemetryMessage, at, writer);
        rows++;
      }
      await writer.whenBelow(HIGH_WATER);
    }
    await writer.settled();
    await jobs.rollups();
    options.log?.(
      `Demo: ${options.days ?? 30} days of history back-filled, ${rows} readings of ${entries.size} devices in ${((Date.now() - started) / 1000).toFixed(1)} s (in the background)`,
    );
    return { rows, complete: true };
  })();
  return {
    done,
    async stop() {
      stopped = true;
      await done.catch(() => undefined);
    },
  };
}
