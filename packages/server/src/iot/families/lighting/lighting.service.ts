import { randomUUID } from 'node:crypto';
import {
  addDays,
  LAMP_STATES,
  type LampState,
  levelAt,
  localClock,
  localMidnight,
  type ScheduledPolicy,
} from '@sc/contract';
import type { Actor } from '../../../modules/logs/audit.service.js';
import { AppError } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';
import type { LampTarget, LightingRepository, PowerScope, StoredPolicy } from './lighting.repository.js';

/** Commands in flight at once for one batch: enough to keep 100 gateways busy, bounded for the bus. */
export const BATCH_CONCURRENCY = 400;
/** Progress pushes at most this often while a batch runs (and once at the end). */
const PUSH_EVERY_MS = 250;
/** The batch row is saved this often while it runs (other instances read progress from it). */
const SAVE_EVERY_MS = 1000;

export interface LampResult {
  deviceId: number;
  name: string;
  ok: boolean | null;
  error: string | null;
  durationMs: number | null;
}

/** What the server adds to a command's arguments before sending it. */
export function deviceArgs(command: string, args: Record<string, unknown>): Record<string, unknown> {
  if (command === 'correcttime') return { ...args, time: new Date().toISOString() };
  return args;
}

const errorOf = (error: unknown) => {
  if (error instanceof AppError)
    return error.code === 'DEVICE_OFFLINE' ? 'offline' : error.code === 'DEVICE_TIMEOUT' ? 'timeout' : error.code;
  return error instanceof Error ? error.message : String(error);
};

/** The lighting family's rules: batches with progress, policies sent to lamps, the overview. */
export function createLightingService(ctx: FamilyContext, repo: LightingRepository) {
  const overviewCache = new Map<string, { at: number; value: unknown }>();

  /** The policies of a lamp as it runs them (in use only), with the place and timezone. */
  const policyDefinition = (
    policies: StoredPolicy[],
    timezone: number,
    lamp: { lng: number | null; lat: number | null },
  ) => ({
    timezone,
    lng: lamp.lng,
    lat: lamp.lat,
    policies: policies
      .filter((p) => p.inUse)
      .map((p) => ({
        id: p.id,
        no: p.no,
        units: p.units,
        range: p.range,
        channelControl: p.channelControl,
        channels: p.channels,
        cycle: p.cycle,
        inUse: true,
      })),
  });

  /**
   * Sends one command to many lamps through the command bus, `BATCH_CONCURRENCY` at a time, pushing
   * progress (`batch`) to the project's consoles while it runs; writes one operation-log entry with each
   * lamp's result at the end. Answers at once with the batch id; the run goes on in the background.
   */
  async function startBatch(input: {
    actor: Actor | null;
    projectId: number;
    command: string;
    /** The device command sent to each lamp (defaults to `command`). */
    deviceCommand?: string;
    targets: LampTarget[];
    args: (lamp: LampTarget) => Record<string, unknown>;
    /** After a lamp acknowledged (e.g. store its run mode). */
    onAck?: (lamp: LampTarget) => Promise<unknown>;
  }) {
    const id = randomUUID();
    const { projectId, command, targets } = input;
    const total = targets.length;
    await repo.createBatch({ id, projectId, command, total });
    const results: LampResult[] = targets.map((t) => ({
      deviceId: t.id,
      name: t.name,
      ok: null,
      error: null,
      durationMs: null,
    }));
    let acknowledged = 0;
    let failed = 0;
    let lastPush = 0;
    let lastSave = Date.now();
    const push = (done: boolean) => {
      lastPush = Date.now();
      ctx.iot.hub.publish({
        kind: 'batch',
        batchId: id,
        projectId,
        command,
        total,
        acknowledged,
        failed,
        pending: total - acknowledged - failed,
        done,
        at: new Date().toISOString(),
      });
    };
    const started = Date.now();
    const run = async () => {
      let next = 0;
      const worker = async () => {
        while (next < targets.length) {
          const i = next++;
          const lamp = targets[i]!;
          const t0 = Date.now();
          try {
            const outcome = await ctx.iot.bus.send(
              input.actor,
              lamp,
              input.deviceCommand ?? command,
              input.args(lamp),
              {
                log: false,
                push: false,
              },
            );
            results[i] = {
              ...results[i]!,
              ok: outcome.ok,
              error: outcome.ok ? null : (outcome.error ?? 'error'),
              durationMs: outcome.durationMs,
            };
            if (outcome.ok) {
              acknowledged++;
              await input.onAck?.(lamp);
            } else failed++;
          } catch (error) {
            results[i] = { ...results[i]!, ok: false, error: errorOf(error), durationMs: Date.now() - t0 };
            failed++;
          }
          if (Date.now() - lastPush >= PUSH_EVERY_MS) push(false);
          if (Date.now() - lastSave >= SAVE_EVERY_MS) {
            lastSave = Date.now();
            void repo.saveBatch({ id, acknowledged, failed, done: false }).catch(() => {});
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, targets.length) }, worker));
      await repo.saveBatch({ id, acknowledged, failed, done: true, results });
      push(true);
      await ctx.iot.recordOperation({
        actor: input.actor,
        deviceId: targets.length === 1 ? targets[0]!.id : null,
        deviceName: targets.length === 1 ? targets[0]!.name : `${total} lamps`,
        command: `batch:${command}`,
        args: { batchId: id, args: targets.length ? input.args(targets[0]!) : {}, results },
        result: `${acknowledged}/${total} acknowledged, ${failed} failed`,
        success: failed === 0,
        durationMs: Date.now() - started,
      });
    };
    push(total === 0);
    const running = run().catch((error) => {
      console.error('lighting batch failed', error);
    });
    batches.set(id, running);
    void running.finally(() => batches.delete(id));
    return { batchId: id, command, total };
  }
  const batches = new Map<string, Promise<void>>();

  return {
    startBatch,
    policyDefinition,
    /** Waits for the batches this instance runs (tests, shutdown). */
    settled: () => Promise.all([...batches.values()]),

    async batchStatus(projectId: number, id: string) {
      const row = await repo.batch(projectId, id);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.batchMissing');
      const total = Number(row.total);
      const acknowledged = Number(row.acknowledged);
      const failed = Number(row.failed);
      return {
        batchId: String(row.id),
        command: String(row.command),
        total,
        acknowledged,
        failed,
        pending: total - acknowledged - failed,
        done: Boolean(row.done),
        startedAt: new Date(row.started_at as string).toISOString(),
        finishedAt: row.finished_at ? new Date(row.finished_at as string).toISOString() : null,
        results: row.results as LampResult[],
      };
    },

    /** Lamps by id and group, every one a lamp of the project (404 otherwise). */
    async targets(projectId: number, lampIds: number[], groupIds: number[]) {
      const found = await repo.targets(projectId, lampIds, groupIds);
      if (found.missingGroups.length) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.groupMissing');
      if (found.missingLamps.length) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
      return found.targets;
    },

    /** Sends each lamp its policies (policydef) as a batch. */
    async pushPolicies(actor: Actor | null, projectId: number, targets: LampTarget[], command = 'policydef') {
      const timezone = await ctx.settings.get('timezone');
      const byLamp = await repo.policiesOf(targets.map((t) => t.id));
      return startBatch({
        actor,
        projectId,
        command,
        deviceCommand: 'policydef',
        targets,
        args: (lamp) => policyDefinition(byLamp.get(lamp.id) ?? [], timezone, lamp),
      });
    },

    /** Energy by day and by month of a scope over a period (default: this month so far). */
    async powerSummary(projectId: number, scope: PowerScope, id: number | undefined, from?: Date, to?: Date) {
      const tz = await ctx.settings.get('timezone');
      const today = localClock(new Date(), tz).date;
      const start = from ?? localMidnight(`${today.slice(0, 7)}-01`, tz);
      const end = to ?? localMidnight(addDays(today, 1), tz);
      const { lamps, days } = await repo.energyByDay(projectId, scope, id, start, end);
      const byMonth = new Map<string, number>();
      const byDay = days.map((d) => {
        const date = localClock(d.bucket, tz).date;
        byMonth.set(date.slice(0, 7), (byMonth.get(date.slice(0, 7)) ?? 0) + d.energy);
        return { date, energy: round(d.energy) };
      });
      return {
        scope,
        id: id ?? null,
        from: start.toISOString(),
        to: end.toISOString(),
        lamps,
        energy: round(days.reduce((s, d) => s + d.energy, 0)),
        byDay,
        byMonth: [...byMonth.entries()].map(([month, energy]) => ({ month, energy: round(energy) })),
      };
    },

    /**
     * The lighting overview: lamps by state, the lighting rate (lit out of those the policies in use
     * say should be lit now, at each lamp's coordinates), faults today by code, energy today and this
     * month with the last 31 days and 12 months, and energy saved by dimming. The energy part is kept
     * for a minute per project (it reads the daily rollups).
     */
    async overview(projectId: number) {
      const tz = await ctx.settings.get('timezone');
      const now = new Date();
      const today = localClock(now, tz).date;
      const [states, sets, policies, faults] = await Promise.all([
        repo.countsByState(projectId),
        repo.litByPolicySet(projectId),
        repo.policiesOfProject(projectId),
        repo.faultsByCode(projectId, localMidnight(today, tz)),
      ]);
      const byState = Object.fromEntries(LAMP_STATES.map((s) => [s, 0])) as Record<LampState, number>;
      for (const s of states) byState[s.state] = s.n;
      const byId = new Map(policies.map((p) => [p.id, p as ScheduledPolicy]));
      let shouldBeLit = 0;
      let litOfShould = 0;
      const levels = new Map<string, number>();
      for (const set of sets) {
        const key = set.policyIds.join(',');
        const list = set.policyIds.map((id) => byId.get(id)).filter((p): p is ScheduledPolicy => Boolean(p));
        const cacheKey = `${key}@${set.lng},${set.lat}`;
        let level = levels.get(cacheKey);
        if (level === undefined) {
          level = levelAt(list, now, { lng: set.lng, lat: set.lat }, tz);
          levels.set(cacheKey, level);
        }
        if (level > 0) {
          shouldBeLit += set.total;
          litOfShould += set.lit;
        }
      }

      const energyKey = `${projectId}:${today}`;
      let energy = overviewCache.get(energyKey);
      if (!energy || Date.now() - energy.at > 60_000) {
        const yearAgo = localMidnight(`${addDays(`${today.slice(0, 7)}-01`, -335).slice(0, 7)}-01`, tz);
        const { days } = await repo.energyByDay(
          projectId,
          'project',
          undefined,
          yearAgo,
          localMidnight(addDays(today, 1), tz),
        );
        const dated = days.map((d) => ({ ...d, date: localClock(d.bucket, tz).date }));
        const month = today.slice(0, 7);
        const byMonth = new Map<string, number>();
        for (const d of dated) byMonth.set(d.date.slice(0, 7), (byMonth.get(d.date.slice(0, 7)) ?? 0) + d.energy);
        const monthStart = addDays(today, -30);
        const sum = (list: typeof dated, key: 'energy' | 'saved') => round(list.reduce((s, d) => s + d[key], 0));
        const ofToday = dated.filter((d) => d.date === today);
        const ofMonth = dated.filter((d) => d.date.startsWith(month));
        energy = {
          at: Date.now(),
          value: {
            energyToday: sum(ofToday, 'energy'),
            energyMonth: sum(ofMonth, 'energy'),
            savedToday: sum(ofToday, 'saved'),
            savedMonth: sum(ofMonth, 'saved'),
            byDay: dated.filter((d) => d.date >= monthStart).map((d) => ({ date: d.date, energy: round(d.energy) })),
            byMonth: [...byMonth.entries()].map(([m, e]) => ({ month: m, energy: round(e) })),
          },
        };
        overviewCache.set(energyKey, energy);
      }
      const total = Object.values(byState).reduce((s, n) => s + n, 0);
      return {
        total,
        byState,
        shouldBeLit,
        litOfShould,
        lightingRate: shouldBeLit ? Math.round((litOfShould / shouldBeLit) * 10000) / 10000 : null,
        faultsByCode: faults,
        ...(energy.value as {
          energyToday: number;
          energyMonth: number;
          savedToday: number;
          savedMonth: number;
          byDay: { date: string; energy: number }[];
          byMonth: { month: string; energy: number }[];
        }),
        at: now.toISOString(),
      };
    },

    /** Forgets the cached energy of a project (after tests write readings). */
    forgetEnergy: () => overviewCache.clear(),
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export type LightingService = ReturnType<typeof createLightingService>;
