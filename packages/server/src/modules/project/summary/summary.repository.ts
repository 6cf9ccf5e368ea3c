import type { SummaryEvent, SummaryTypeCount } from '@sc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { type ProjectReach, projectIn } from '../../../iot/families/kit/project-reach.js';
import { LATEST_TABLE } from '../../../iot/telemetry/latest.js';

const FOLDS = {
  device_counts: sql`WITH gone AS (DELETE FROM device_counts RETURNING project_id, type, active_state, n)
    INSERT INTO device_counts (project_id, type, active_state, n)
    SELECT project_id, type, active_state, sum(n)::int FROM gone GROUP BY 1, 2, 3 HAVING sum(n) <> 0`,
  device_event_hours: sql`WITH gone AS (DELETE FROM device_event_hours RETURNING hour, project_id, event_type, alarm, n)
    INSERT INTO device_event_hours (hour, project_id, event_type, alarm, n)
    SELECT hour, project_id, event_type, alarm, sum(n)::int FROM gone WHERE hour >= now() - interval '8 days'
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0`,
};

const rows = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The summary's own SQL over the platform's tables (the device and event counts, device events, latest
 * readings) of a project subtree; the families' figures come through their repositories and services. Plans and timings:
 * docs/performance.md "Project summary".
 */
export function createSummaryRepository(db: Db) {
  const folding = new Set<string>();
  /**
   * Folds a ledger's rows into one per key (summing them; the events' hours older than 8 days dropped)
   * once a read summed more than about two rows per key: in one statement, so rows added meanwhile (not
   * in its snapshot) stay, and a fold on another instance waits for this one's deleted rows and skips
   * them. Not awaited: the answer does not wait for it.
   */
  const foldWhenPiled = (ledger: keyof typeof FOLDS, groups: { rows: number; keys: number }[]) => {
    const summed = groups.reduce((s, g) => s + Number(g.rows), 0);
    const keys = groups.reduce((s, g) => s + Number(g.keys), 0);
    if (summed <= 2 * keys + 64 || folding.has(ledger)) return;
    folding.add(ledger);
    db.execute(FOLDS[ledger])
      .catch((error: Error) => console.warn(`${ledger}: folding failed: ${error.message}`))
      .finally(() => folding.delete(ledger));
  };
  return {
    /**
     * Devices of the subtree by type and active state, from `device_counts` (kept by triggers on
     * `devices`): a few rows per project and type whatever the number of devices.
     */
    async deviceCounts(reach: ProjectReach): Promise<SummaryTypeCount[]> {
      const list = await rows<{ type: string; state: number; n: number; rows: number; keys: number }>(
        db,
        sql`SELECT type, active_state AS state, sum(n)::int AS n, count(*)::int AS rows,
            count(DISTINCT project_id)::int AS keys FROM device_counts
          WHERE ${projectIn(sql`project_id`, reach)} GROUP BY 1, 2 HAVING sum(n) <> 0`,
      );
      foldWhenPiled('device_counts', list);
      const byType = new Map<string, SummaryTypeCount>();
      for (const r of list) {
        const c = byType.get(r.type) ?? { type: r.type, total: 0, active: 0, unknown: 0, error: 0 };
        const n = Number(r.n);
        c.total += n;
        if (Number(r.state) === 1) c.active += n;
        else if (Number(r.state) === -1) c.error += n;
        else c.unknown += n;
        byType.set(r.type, c);
      }
      return [...byType.values()].sort((a, b) => b.total - a.total || a.type.localeCompare(b.type));
    },

    /**
     * Events of the subtree since `since` (a local midnight), by local day (`tzHours` east of UTC), kind
     * and whether an alarm, from `device_event_hours` (kept by triggers on `device_events`): at most
     * 168 hours of a few rows per project.
     */
    async eventsByDay(reach: ProjectReach, since: Date, tzHours: number) {
      const list = await rows<{ day: string; kind: string; alarm: boolean; n: number; rows: number; keys: number }>(
        db,
        sql`SELECT to_char(hour + make_interval(hours => ${tzHours}::int), 'YYYY-MM-DD') AS day, event_type AS kind,
            alarm, sum(n)::int AS n, count(*)::int AS rows, count(DISTINCT (hour, project_id))::int AS keys
          FROM device_event_hours WHERE ${projectIn(sql`project_id`, reach)} AND hour >= ${since.toISOString()}::timestamptz
          GROUP BY 1, 2, 3 HAVING sum(n) <> 0`,
      );
      foldWhenPiled('device_event_hours', list);
      return list.map((r) => ({ day: String(r.day), kind: String(r.kind), alarm: Boolean(r.alarm), n: Number(r.n) }));
    },

    /** The newest events of the subtree (at most a week back), with their device's name. */
    async recentEvents(reach: ProjectReach, since: Date, limit: number): Promise<SummaryEvent[]> {
      const list = await rows<Record<string, unknown>>(
        db,
        sql`SELECT e.id, e.device_id, d.name AS device_name, e.type, e.code, e.event_type, e.level, e.at
          FROM (SELECT * FROM device_events WHERE ${projectIn(sql`project_id`, reach)}
            AND at >= ${since.toISOString()}::timestamptz ORDER BY at DESC LIMIT ${limit}) e
          JOIN devices d ON d.id = e.device_id ORDER BY e.at DESC`,
      );
      return list.map((r) => ({
        id: Number(r.id),
        deviceId: Number(r.device_id),
        deviceName: String(r.device_name),
        type: String(r.type),
        code: String(r.code),
        eventType: String(r.event_type),
        level: String(r.level),
        at: new Date(r.at as string).toISOString(),
      }));
    },

    /**
     * A device of the subtree that reported in the newest hour to a readings table (`readings_latest`,
     * whose row moves once an hour): the one whose row moved last.
     */
    async newestReporter(reach: ProjectReach, source: string) {
      const [row] = await rows<{ id: number; name: string; type: string; active_state: number }>(
        db,
        sql`SELECT d.id, d.name, d.type, d.active_state FROM ${sql.raw(LATEST_TABLE)} l JOIN devices d ON d.id = l.device_id
          WHERE l.source = ${source} AND ${projectIn(sql`l.project_id`, reach)}
          ORDER BY l.at DESC, l.device_id DESC LIMIT 1`,
      );
      return row
        ? { id: Number(row.id), name: String(row.name), type: String(row.type), activeState: Number(row.active_state) }
        : null;
    },
  };
}

export type SummaryRepository = ReturnType<typeof createSummaryRepository>;
