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

/**
 * Events of a device, and optionally of the devices behind it (a gateway's page tells what happened behind
 * it); the work orders that handled alarm raises, for the lists that show them.
 */
export function createEventsRepository(db: Db, work: HandledWorkLookup) {
  /** Each raise with the work order that completed it (null while none did). */
  async function withHandled<T extends AlarmRaise>(raises: T[]): Promise<(T & { handled: HandledWork | null })[]> {
    const handled = await work.handledOf(raises);
    return raises.map((r) => ({ ...r, handled: handled.get(work.handledKey(r)) ?? null }));
  }

  return {
    withHandled,

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
      const raises = new Map((await withHandled(events.filter((e) => e.eventType === 'occur'))).map((e) => [e.id, e]));
      return {
        rows: events.map((e) => ({ ...e, handled: raises.get(e.id)?.handled ?? null })),
        total: total?.n ?? 0,
      };
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
