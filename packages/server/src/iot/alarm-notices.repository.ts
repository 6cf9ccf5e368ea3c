import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deviceAlarmNotices } from '../db/schema/index.js';

/**
 * Which device alarms are open and when each was last announced (`device_alarm_notices`), shared by
 * every instance and kept across restarts. Each call is one statement: two instances handling the
 * same alarm at once agree on which of them announces it (the primary key, then the row lock).
 */
export function createAlarmNoticesRepository(db: Db) {
  return {
    /**
     * Records an alarm raised at `at`; true when it is to be announced: not open already, and not
     * announced within `intervalSeconds` (a flapping contact). A repeated raise while open changes nothing.
     */
    async raised(deviceId: number, code: string, at: Date, intervalSeconds: number): Promise<boolean> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const due = sql`${deviceAlarmNotices.notifiedAt} <= ${now} - make_interval(secs => ${intervalSeconds})`;
      const rows = await db
        .insert(deviceAlarmNotices)
        .values({ deviceId, code, open: true, notifiedAt: at, announced: true })
        .onConflictDoUpdate({
          target: [deviceAlarmNotices.deviceId, deviceAlarmNotices.code],
          set: {
            open: true,
            announced: due,
            notifiedAt: sql`CASE WHEN ${due} THEN ${now} ELSE ${deviceAlarmNotices.notifiedAt} END`,
          },
          setWhere: sql`NOT ${deviceAlarmNotices.open}`,
        })
        .returning({ announced: deviceAlarmNotices.announced });
      return rows[0]?.announced === true;
    },

    /** The device restored the alarm: the next raise may be announced. */
    async restored(deviceId: number, code: string): Promise<void> {
      await db
        .update(deviceAlarmNotices)
        .set({ open: false })
        .where(and(eq(deviceAlarmNotices.deviceId, deviceId), eq(deviceAlarmNotices.code, code)));
    },
  };
}

export type AlarmNoticesRepository = ReturnType<typeof createAlarmNoticesRepository>;
