import { ACTIVE_STATE } from '@sc/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { RealtimeHub } from './realtime/hub.js';

export interface StateChange {
  id: number;
  projectId: number;
  name: string;
  type: string;
}

/**
 * Traffic drives the active state: every device heard from is marked active (one UPDATE a second for
 * all of them), and a device that was not active before is pushed to the consoles as a change.
 * `onOnline` hears those changes and also the devices heard for the first time since this tracker
 * started (still active from before a restart: the families resend them their state once).
 */
export function createActivityTracker(deps: {
  db: Db;
  hub: RealtimeHub;
  intervalMs?: number;
  onOnline?: (changes: StateChange[]) => void;
}) {
  const seen = new Set<number>();
  /** Devices heard since this process started. */
  const heard = new Set<number>();
  let timer: NodeJS.Timeout | null = null;

  async function flush() {
    if (seen.size === 0) return;
    const ids = [...seen];
    seen.clear();
    const result = (await deps.db.execute(sql`
      UPDATE devices d SET last_active_at = now(), active_state = ${ACTIVE_STATE.active}
      FROM (SELECT id, active_state AS before FROM devices WHERE id = ANY(${sql.param(ids)}::int4[]) FOR UPDATE) old
      WHERE d.id = old.id
      RETURNING d.id, d.project_id AS "projectId", d.name, d.type, old.before`)) as unknown as {
      rows: (StateChange & { before: number })[];
    };
    const changed = result.rows.filter((r) => r.before !== ACTIVE_STATE.active);
    const at = new Date().toISOString();
    for (const c of changed)
      deps.hub.publish({ kind: 'state', deviceId: c.id, projectId: c.projectId, activeState: ACTIVE_STATE.active, at });
    const back = result.rows.filter((r) => r.before !== ACTIVE_STATE.active || !heard.has(r.id));
    for (const r of result.rows) heard.add(r.id);
    if (back.length) deps.onOnline?.(back.map(({ id, projectId, name, type }) => ({ id, projectId, name, type })));
  }

  return {
    mark: (deviceId: number) => {
      seen.add(deviceId);
    },
    flush,
    start() {
      timer = setInterval(() => void flush().catch(() => {}), deps.intervalMs ?? 1000);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}

export type ActivityTracker = ReturnType<typeof createActivityTracker>;

/**
 * Devices silent for longer than twice their heartbeat period become abnormal: families with a
 * heartbeat setting of their own (gateways) by it, the rest by the device heartbeat (system settings).
 * Forced-active devices are judged the same way once they fall silent. Answers the devices that changed.
 */
export async function markSilentDevices(
  db: Db,
  heartbeats: { device: number; byType: ReadonlyMap<string, number> },
): Promise<StateChange[]> {
  const fallback = sql`${heartbeats.device * 2}::float8`;
  const period = heartbeats.byType.size
    ? sql`CASE ${sql.join(
        [...heartbeats.byType].map(([type, seconds]) => sql`WHEN type = ${type} THEN ${seconds * 2}::float8`),
        sql` `,
      )} ELSE ${fallback} END`
    : fallback;
  const result = (await db.execute(sql`
    UPDATE devices SET active_state = ${ACTIVE_STATE.error}
    WHERE active_state = ${ACTIVE_STATE.active}
      AND last_active_at IS NOT NULL
      AND last_active_at < now() - make_interval(secs => ${period})
    RETURNING id, project_id AS "projectId", name, type`)) as unknown as { rows: StateChange[] };
  return result.rows;
}
