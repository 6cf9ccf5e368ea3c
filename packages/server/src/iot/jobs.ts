import { ACTIVE_STATE } from '@sc/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsAffected } from '../db/client.js';
import type { SettingsService } from '../modules/system/settings.service.js';
import { markSilentDevices, type StateChange } from './activity.js';
import { heartbeatsOf } from './families/kit/policies.js';
import type { RealtimeHub } from './realtime/hub.js';
import { pruneLatest } from './telemetry/latest.js';
import { DAY_MS, maintainPartitions } from './telemetry/partitions.js';
import { type FoldReport, foldRollups, pruneDirty, rollupTarget } from './telemetry/rollups.js';
import type { TimePartitioned } from './telemetry/tables.js';

/** Advisory lock keys: with several instances only the one holding the lock runs a job. */
const LOCKS = { silence: 727_010, retention: 727_011, rollups: 727_012 } as const;

/**
 * Runs `job` inside a transaction holding `key`, or not at all when another instance holds it (with
 * `wait`: once the other instance lets it go).
 */
async function asLeader(db: Db, key: number, job: (tx: Db) => Promise<void>, wait = false): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (wait) await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
    const got = wait
      ? { rows: [{ got: true }] }
      : ((await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${key}) AS got`)) as unknown as {
          rows: { got: boolean }[];
        });
    if (!got.rows[0]?.got) return false;
    await job(tx as unknown as Db);
    return true;
  });
}

type Report = Awaited<ReturnType<typeof maintainPartitions>> & { latest: number; siteMessages: number };

export function createIotJobs(deps: {
  db: Db;
  settings: SettingsService;
  hub: RealtimeHub;
  onOffline: (changes: StateChange[]) => Promise<void>;
  /** The time-partitioned tables the retention job keeps (iot/telemetry). */
  telemetry: readonly TimePartitioned[];
  /** The clock of the partition and retention runs (moved in tests). */
  now?: () => Date;
}) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const timers: NodeJS.Timeout[] = [];

  return {
    /** Devices silent past their heartbeat become abnormal: pushed, logged as events, notified. */
    async silence(): Promise<StateChange[]> {
      let changes: StateChange[] = [];
      // Settings are read before the transaction: PGlite has one connection, a read beside an open
      // transaction would wait for it forever.
      const s = await settings.all();
      await asLeader(db, LOCKS.silence, async (tx) => {
        changes = await markSilentDevices(tx, heartbeatsOf(s));
        if (changes.length) {
          await tx.execute(sql`
            INSERT INTO device_events (device_id, project_id, type, at, code, event_type, level)
            SELECT unnest(${sql.param(changes.map((c) => c.id))}::int4[]), unnest(${sql.param(changes.map((c) => c.projectId))}::int4[]),
                   unnest(${sql.param(changes.map((c) => c.type))}::text[]), now(), 'OFFLINE', 'occur', 'alarm'`);
        }
      });
      const at = new Date().toISOString();
      for (const c of changes)
        deps.hub.publish({
          kind: 'state',
          deviceId: c.id,
          projectId: c.projectId,
          activeState: ACTIVE_STATE.error,
          at,
        });
      if (changes.length) await deps.onOffline(changes);
      return changes;
    },

    /**
     * Telemetry partitions created ahead and dropped past each table's retention (whole partitions, no
     * row is deleted), latest values past their readings' retention (one row per device at most), then
     * site messages past theirs. Settings are read at every run, so a changed
     * retention counts at the next one; with several instances only the lock holder runs it.
     *
     * One transaction per table: creating a partition locks its parent exclusively until commit, and a
     * telemetry statement adds to several tables at once (readings, rollups, the project's daily
     * totals). One transaction holding the locks of every table it had passed while waiting for the
     * next deadlocked with such a statement (PostgreSQL then aborted one of them: a "telemetry batch
     * lost" at the first run after a start, when every partition ahead is created); holding one
     * table's at a time, it only waits. The instance that gets the lock for the first table runs the
     * rest, waiting for it between tables; another one finding it taken skips the run.
     */
    async retention() {
      const s = (await settings.all()) as unknown as Record<string, number>;
      let report: Report | null = null;
      const at = now();
      for (const [index, spec] of deps.telemetry.entries()) {
        const leader = await asLeader(
          db,
          LOCKS.retention,
          async (tx) => {
            const partitions = await maintainPartitions(tx, [spec], s, at);
            report ??= { converted: [], created: [], dropped: [], strays: 0, latest: 0, siteMessages: 0 };
            report.converted.push(...partitions.converted);
            report.created.push(...partitions.created);
            report.dropped.push(...partitions.dropped);
            report.strays += partitions.strays;
          },
          index > 0,
        );
        if (!leader) return null;
      }
      await asLeader(
        db,
        LOCKS.retention,
        async (tx) => {
          const latest = await pruneLatest(tx, deps.telemetry, s, at);
          await pruneDirty(tx, deps.telemetry, s, at);
          const deleted = await tx.execute(
            sql`DELETE FROM site_messages WHERE created_at < now() - make_interval(days => ${s.siteMessageRetentionDays ?? 365}::int)`,
          );
          report ??= { converted: [], created: [], dropped: [], strays: 0, latest: 0, siteMessages: 0 };
          report.latest = latest;
          report.siteMessages = rowsAffected(deleted);
        },
        deps.telemetry.length > 0,
      );
      return report as Report | null;
    },

    /**
     * The rollups of every readings table brought up to the last closed hour (iot/telemetry/rollups.ts
     * `foldRollups`): the dirty hours recomputed from the readings, their days and project days from
     * those, the watermark moved. One transaction per table, so readers see a table's hours, days and
     * watermark change together; with several instances only the lock holder runs it (the first table
     * decides, as for retention). `at` moves the clock (tests).
     */
    async rollups(at: Date = now()): Promise<FoldReport[] | null> {
      // Read before the transactions (PGlite: one connection).
      const s = (await settings.all()) as unknown as Record<string, unknown>;
      const tz = Number(s.timezone) || 0;
      const reports: FoldReport[] = [];
      for (const [index, spec] of deps.telemetry.filter((x) => x.rollups).entries()) {
        const target = rollupTarget({ name: spec.name, readings: spec.rollups ?? [] });
        // Hours whose readings may be partly dropped already are not recomputed (their rollups stay).
        const keepSince = new Date(at.getTime() - spec.retentionDays(s) * DAY_MS);
        const leader = await asLeader(
          db,
          LOCKS.rollups,
          async (tx) => void reports.push(await foldRollups(tx, target, at, tz, keepSince)),
          index > 0,
        );
        if (!leader) return null;
      }
      return reports;
    },

    /**
     * PGlite has no autovacuum: its planner statistics are refreshed and dead rows reclaimed here
     * instead (and anything left in an index's pending list merged).
     */
    async analyze() {
      await db.execute(sql`VACUUM ANALYZE`);
    },

    start(options: {
      silenceEveryMs?: number;
      retentionEveryMs?: number;
      rollupsEveryMs?: number;
      analyzeHourly?: boolean;
      onError: (error: unknown) => void;
    }) {
      const every = (ms: number, job: () => Promise<unknown>) => {
        const run = () => void job().catch(options.onError);
        timers.push(setInterval(run, ms));
      };
      every(options.silenceEveryMs ?? 15_000, () => this.silence());
      every(options.retentionEveryMs ?? 3600_000, () => this.retention());
      every(options.rollupsEveryMs ?? 60_000, () => this.rollups());
      if (options.analyzeHourly) every(3600_000, () => this.analyze());
      setTimeout(() => void this.retention().catch(options.onError), 5000).unref();
      setTimeout(() => void this.rollups().catch(options.onError), 10_000).unref();
    },

    stop() {
      for (const t of timers) clearInterval(t);
      timers.length = 0;
    },
  };
}

export type IotJobs = ReturnType<typeof createIotJobs>;
