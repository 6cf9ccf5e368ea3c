import type { SummaryEvent, SummaryTypeCount } from '@sc/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { type ProjectReach, projectIn } from '../../../iot/families/kit/project-reach.js';
import { LATEST_TABLE } from '../../../iot/telemetry/latest.js';

const rows = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The summary's own SQL over the platform's tables (devices, device events, latest readings) of a project
 * subtree; the families' figures come through their repositories and services. Plans and timings:
 * docs/performance.md "Project summary".
 */
export function createSummaryRepository(db: Db) {
  return {
    /**
     * Devices of the subtree by type and active state: one pass over the project's rows of
     * `devices_project_state_idx` (an index-only scan; 100,000 devices in tens of milliseconds).
     */
    async deviceCounts(reach: ProjectReach): Promise<SummaryTypeCount[]> {
      const list = await rows<{ type: string; state: number; n: number }>(
        db,
        sql`SELECT type, active_state AS state, count(*)::int AS n FROM devices
          WHERE ${projectIn(sql`project_id`, reach)} GROUP BY 1, 2`,
      );
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
     * Events of the subtree since `since`, by local day (`tzHours` east of UTC) and kind: the week
     * partitions of `device_events` from `since` on (pruned by the bound), each row read once.
     */
    async eventsByDay(reach: ProjectReach, since: Date, tzHours: number) {
      const list = await rows<{ day: string; kind: string; alarm: boolean; n: number }>(
        db,
        sql`SELECT to_char(at + make_interval(hours => ${tzHours}::int), 'YYYY-MM-DD') AS day, event_type AS kind,
            level IN ('alarm', 'warning') AS alarm, count(*)::int AS n
          FROM device_events WHERE ${projectIn(sql`project_id`, reach)} AND at >= ${since.toISOString()}::timestamptz
          GROUP BY 1, 2, 3`,
      );
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
