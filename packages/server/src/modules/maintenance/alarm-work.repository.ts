import type { HandledWork, MessageAlarm } from '@sc/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One raise of a device's alarm: the device, the code and when it occurred (ISO, to the millisecond). */
export interface AlarmRaise {
  deviceId: number;
  code: string;
  at: string;
}

const keyOf = (a: AlarmRaise) => `${a.deviceId}|${a.code}|${new Date(a.at).toISOString()}`;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * "An alarm opens work": the alarms work orders refer to. A bill's device line names the raise that
 * opened it (code and time); the raise is handled once such a line is completed (handle status 1),
 * which is what the device's events and the alarm's site message show.
 */
export function createAlarmWorkRepository(db: Db) {
  async function rows<T>(query: ReturnType<typeof sql>) {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** The completed work of each raise among `alarms` that has some, by `handledKey`. */
  async function handledOf(alarms: AlarmRaise[]): Promise<Map<string, HandledWork>> {
    const wanted = alarms.filter((a) => a.at);
    if (wanted.length === 0) return new Map();
    const values = sql.join(
      wanted.map((a) => sql`(${a.deviceId}::int, ${a.code}::text, ${new Date(a.at).toISOString()}::timestamptz)`),
      sql`, `,
    );
    const found = await rows<{
      deviceId: number;
      code: string;
      at: string | Date;
      billId: number;
      billNo: string;
      projectId: number;
      projectName: string;
    }>(sql`select distinct on (d.device_id, d.alarm_code, d.alarm_at)
        d.device_id as "deviceId", d.alarm_code as code, d.alarm_at as at,
        b.id as "billId", b.no as "billNo", b.project_id as "projectId", p.name as "projectName"
      from maintenance_details d
      join maintenance_bills b on b.id = d.bill_id
      join projects p on p.id = b.project_id
      where d.handle_status = 1 and (d.device_id, d.alarm_code, d.alarm_at) in (${values})
      order by d.device_id, d.alarm_code, d.alarm_at, d.handled_at desc`);
    return new Map(
      found.map((r) => [
        keyOf({ deviceId: r.deviceId, code: r.code, at: iso(r.at)! }),
        { billId: r.billId, billNo: r.billNo, projectId: r.projectId, projectName: r.projectName },
      ]),
    );
  }

  return {
    handledKey: keyOf,
    handledOf,

    /** Whether the device raised `code` at `at` while in the project (an event of the project). */
    async inProject(projectId: number, alarm: AlarmRaise) {
      const found = await rows<{ one: number }>(sql`select 1 as one from device_events
        where device_id = ${alarm.deviceId} and project_id = ${projectId} and code = ${alarm.code}
          and date_trunc('milliseconds', at) = ${new Date(alarm.at).toISOString()}::timestamptz
        limit 1`);
      return found.length > 0;
    },

    /**
     * The alarms site messages are about (device and code): the device with its project, the newest
     * raise of the code (an alarm or warning that occurred) and the work that handled it, with the
     * project's path (whose reader may see it). A device gone since answers nothing.
     */
    async messageAlarms(
      refs: { deviceId: number; code: string }[],
    ): Promise<(MessageAlarm & { projectPath: string })[]> {
      if (refs.length === 0) return [];
      const values = sql.join(
        refs.map((r) => sql`(${r.deviceId}::int, ${r.code}::text)`),
        sql`, `,
      );
      const found = await rows<
        Omit<MessageAlarm, 'handled' | 'at'> & { at: string | Date | null; projectPath: string }
      >(sql`select
          v.id as "deviceId", v.name as "deviceName", v.type as "deviceType",
          v.project_id as "projectId", p.name as "projectName", p.path as "projectPath", r.code, e.at
        from (values ${values}) as r(device_id, code)
        join devices v on v.id = r.device_id
        join projects p on p.id = v.project_id
        left join lateral (select ev.at from device_events ev
          where ev.device_id = v.id and ev.code = r.code and ev.event_type = 'occur'
            and ev.level in ('alarm', 'warning')
          order by ev.at desc limit 1) e on true`);
      const alarms = found.map((r) => ({ ...r, at: iso(r.at) }));
      const handled = await handledOf(
        alarms.flatMap((a) => (a.at ? [{ deviceId: a.deviceId, code: a.code, at: a.at }] : [])),
      );
      return alarms.map((a) => ({ ...a, handled: a.at ? (handled.get(keyOf({ ...a, at: a.at })) ?? null) : null }));
    },
  };
}

export type AlarmWorkRepository = ReturnType<typeof createAlarmWorkRepository>;
