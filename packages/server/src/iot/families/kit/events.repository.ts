import type { HandledWork } from '@sc/contract';
import { and, count, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { deviceEvents, devices } from '../../../db/schema/index.js';

/** One raise of a device's alarm (ISO time to the millisecond), as work orders refer to it. */
export interface AlarmRaise {
  deviceId: number;
  code: string;
  at: string;
}

/**
 * The work orders that handled alarm raises, by `handledKey`: given by the composition root (work
 * orders are a module the kit does not import).
 */
export interface HandledWorkLookup {
  handledKey(raise: AlarmRaise): string;
  handledOf(raises: AlarmRaise[]): Promise<Map<string, HandledWork>>;
}

/** Events of a device, and optionally of the devices behind it (a gateway's page tells what happened behind it). */
export function createEventsRepository(db: Db, work: HandledWorkLookup) {
  return {
    async page(
      deviceId: number,
      options: { withChildren: boolean; from?: Date; to?: Date; limit: number; offset: number },
    ) {
      const children = db.select({ id: devices.id }).from(devices).where(eq(devices.parentId, deviceId));
      const where = and(
        options.withChildren
          ? or(eq(deviceEvents.deviceId, deviceId), inArray(deviceEvents.deviceId, children))
          : eq(deviceEvents.deviceId, deviceId),
        options.from ? gte(deviceEvents.at, options.from) : undefined,
        options.to ? lte(deviceEvents.at, options.to) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: deviceEvents.id,
            deviceId: deviceEvents.deviceId,
            deviceName: devices.name,
            at: deviceEvents.at,
            code: deviceEvents.code,
            eventType: deviceEvents.eventType,
            level: deviceEvents.level,
            detail: deviceEvents.detail,
          })
          .from(deviceEvents)
          .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
          .where(where)
          .orderBy(desc(deviceEvents.at))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ n: count() }).from(deviceEvents).where(where),
      ]);
      const events = rows.map((e) => ({ ...e, at: e.at.toISOString() }));
      // A raise a work order completed shows it as handled.
      const raises = events.filter((e) => e.eventType === 'occur');
      const handled = await work.handledOf(raises);
      return {
        rows: events.map((e) => ({ ...e, handled: handled.get(work.handledKey(e)) ?? null })),
        total: total?.n ?? 0,
      };
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
