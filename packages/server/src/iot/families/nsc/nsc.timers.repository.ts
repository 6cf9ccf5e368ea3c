import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { keywordWhere } from '../../../platform/paging.js';
import { type PageWindow, pageRows } from '../kit/records.repository.js';
import { nscTimerPending, nscTimers } from './nsc.timers.tables.js';

export type TimerRow = typeof nscTimers.$inferSelect;
export type TimerFields = Omit<
  typeof nscTimers.$inferInsert,
  'id' | 'projectId' | 'enabled' | 'createdBy' | 'createdAt' | 'updatedAt'
>;

/** The SQL of timer broadcasts and of the speakers still to be sent their list. */
export function createNscTimerRepository(db: Db) {
  const ofProject = (projectId: number, id: number) => and(eq(nscTimers.projectId, projectId), eq(nscTimers.id, id));
  const ordered = [asc(nscTimers.startTime), asc(nscTimers.id)];
  const returningId = { id: nscTimers.id };
  return {
    page(projectId: number, filter: { words: string[]; enabled?: boolean }, w: PageWindow) {
      const where = and(
        eq(nscTimers.projectId, projectId),
        filter.enabled === undefined ? undefined : eq(nscTimers.enabled, filter.enabled),
        keywordWhere(filter.words, [nscTimers.name]),
      );
      return pageRows(db, db.select().from(nscTimers).$dynamic(), nscTimers, where, ordered, w);
    },
    timer: async (projectId: number, id: number) =>
      (await db.select().from(nscTimers).where(ofProject(projectId, id)))[0],
    /** The project's enabled timers (at most 50), by start time. */
    enabled: (projectId: number) =>
      db
        .select()
        .from(nscTimers)
        .where(and(eq(nscTimers.projectId, projectId), eq(nscTimers.enabled, true)))
        .orderBy(...ordered),
    count: async (projectId: number) =>
      (await db.select({ n: count() }).from(nscTimers).where(eq(nscTimers.projectId, projectId)))[0]?.n ?? 0,
    create: async (projectId: number, fields: TimerFields, createdBy: string) =>
      (
        await db
          .insert(nscTimers)
          .values({ ...fields, projectId, createdBy })
          .returning(returningId)
      )[0]!.id,
    update: (projectId: number, id: number, fields: TimerFields) =>
      db
        .update(nscTimers)
        .set({ ...fields, updatedAt: new Date() })
        .where(ofProject(projectId, id)),
    remove: (projectId: number, id: number) => db.delete(nscTimers).where(ofProject(projectId, id)),
    /** Enables or disables a timer that is not already so; answers whether it did. */
    setEnabled: async (projectId: number, id: number, enabled: boolean) =>
      (
        await db
          .update(nscTimers)
          .set({ enabled, updatedAt: new Date() })
          .where(and(ofProject(projectId, id), eq(nscTimers.enabled, !enabled)))
          .returning(returningId)
      ).length > 0,

    // ── Speakers still to be sent their list
    async pend(projectId: number, deviceIds: number[]) {
      if (deviceIds.length)
        await db
          .insert(nscTimerPending)
          .values(deviceIds.map((deviceId) => ({ deviceId, projectId })))
          .onConflictDoUpdate({ target: nscTimerPending.deviceId, set: { at: new Date() } });
    },
    async unpend(deviceIds: number[]) {
      if (deviceIds.length) await db.delete(nscTimerPending).where(inArray(nscTimerPending.deviceId, deviceIds));
    },
    pending: async (deviceId: number) =>
      (await db.select().from(nscTimerPending).where(eq(nscTimerPending.deviceId, deviceId))).length > 0,
  };
}
