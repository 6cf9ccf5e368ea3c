import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { keywordWhere } from '../../../platform/paging.js';
import { type PageWindow, pageRows } from '../kit/records.repository.js';
import { nscVodSpeakers, nscVods } from './nsc.vod.tables.js';

export type VodRow = typeof nscVods.$inferSelect;
export type VodFields = Pick<
  typeof nscVods.$inferInsert,
  'name' | 'deviceIds' | 'groupIds' | 'mediaIds' | 'volume' | 'repeat'
>;
export type VodSpeakerState = 'playing' | 'paused' | 'finished' | 'missed';

/** A speaker's part that is still going (what pause, resume, stop and volume reach). */
const GOING = ['playing', 'paused'];

/** The SQL of on-demand tasks and of each speaker's part of their last play. */
export function createNscVodRepository(db: Db) {
  const ofProject = (projectId: number, id: number) => and(eq(nscVods.projectId, projectId), eq(nscVods.id, id));
  const returningId = { id: nscVods.id };
  return {
    page(projectId: number, filter: { words: string[]; state?: string }, w: PageWindow) {
      const where = and(
        eq(nscVods.projectId, projectId),
        filter.state ? eq(nscVods.state, filter.state) : undefined,
        keywordWhere(filter.words, [nscVods.name]),
      );
      return pageRows(db, db.select().from(nscVods).$dynamic(), nscVods, where, [desc(nscVods.id)], w);
    },
    vod: async (projectId: number, id: number) => (await db.select().from(nscVods).where(ofProject(projectId, id)))[0],
    create: async (projectId: number, fields: VodFields, createdBy: string) =>
      (
        await db
          .insert(nscVods)
          .values({ ...fields, projectId, createdBy })
          .returning(returningId)
      )[0]!.id,
    /** Changes a task that is ready or finished (ready again, its last play forgotten); answers whether it did. */
    async update(projectId: number, id: number, fields: VodFields) {
      const done = await db
        .update(nscVods)
        .set({ ...fields, state: 'ready', startedAt: null, finishedAt: null, updatedAt: new Date() })
        .where(and(ofProject(projectId, id), inArray(nscVods.state, ['ready', 'finished'])))
        .returning(returningId);
      if (done.length) await db.delete(nscVodSpeakers).where(eq(nscVodSpeakers.vodId, id));
      return done.length > 0;
    },
    /** Deletes a task that is not playing or paused (its speakers' parts go with it). */
    remove: async (projectId: number, id: number) =>
      (
        await db
          .delete(nscVods)
          .where(and(ofProject(projectId, id), inArray(nscVods.state, ['ready', 'finished'])))
          .returning(returningId)
      ).length > 0,
    /** Moves a task from one of `from` to `to` (stamping a start or an end); answers whether it did. */
    move: async (projectId: number, id: number, from: string[], to: string) =>
      (
        await db
          .update(nscVods)
          .set({
            state: to,
            updatedAt: new Date(),
            ...(to === 'playing' && from.includes('ready') ? { startedAt: new Date(), finishedAt: null } : {}),
            ...(to === 'finished' ? { finishedAt: new Date() } : {}),
          })
          .where(and(ofProject(projectId, id), inArray(nscVods.state, from)))
          .returning(returningId)
      ).length > 0,
    /** Puts a task back as it was before a play that reached no speaker. */
    restore: (row: VodRow) =>
      db
        .update(nscVods)
        .set({ state: row.state, startedAt: row.startedAt, finishedAt: row.finishedAt })
        .where(eq(nscVods.id, row.id)),
    setVolume: (id: number, volume: number) =>
      db.update(nscVods).set({ volume, updatedAt: new Date() }).where(eq(nscVods.id, id)),

    // ── Each speaker's part
    /** A new play: the speakers' parts, replacing the last play's. */
    async play(vodId: number, projectId: number, parts: { deviceId: number; state: VodSpeakerState }[]) {
      await db.delete(nscVodSpeakers).where(eq(nscVodSpeakers.vodId, vodId));
      if (parts.length) await db.insert(nscVodSpeakers).values(parts.map((p) => ({ ...p, vodId, projectId })));
    },
    parts: (vodIds: number[]) =>
      db
        .select()
        .from(nscVodSpeakers)
        .where(inArray(nscVodSpeakers.vodId, vodIds.length ? vodIds : [0])),
    /** Sets the parts of some speakers (those still going only). */
    async setParts(vodId: number, deviceIds: number[], state: VodSpeakerState) {
      if (!deviceIds.length) return;
      await db
        .update(nscVodSpeakers)
        .set({ state })
        .where(
          and(
            eq(nscVodSpeakers.vodId, vodId),
            inArray(nscVodSpeakers.deviceId, deviceIds),
            inArray(nscVodSpeakers.state, GOING),
          ),
        );
    },
    /**
     * A speaker reported task `vodId` in `state` at `at`: its part of that task follows, and (when it plays
     * or pauses that one) its part of any other task still going is finished: it plays one on-demand task
     * at a time. A report made before a part began (a late one) leaves that part alone. Answers the tasks
     * whose parts changed.
     */
    async reported(deviceId: number, vodId: number, state: VodSpeakerState, at: Date) {
      const part = nscVodSpeakers;
      const changed = await db
        .update(part)
        .set({ state: sql`CASE WHEN ${part.vodId} = ${vodId} THEN ${state} ELSE 'finished' END` })
        .where(
          and(
            eq(part.deviceId, deviceId),
            inArray(part.state, GOING),
            lte(part.since, at),
            state === 'finished' ? eq(part.vodId, vodId) : undefined,
            sql`NOT (${part.vodId} = ${vodId} AND ${part.state} = ${state})`,
          ),
        )
        .returning({ vodId: part.vodId });
      return [...new Set(changed.map((c) => c.vodId))];
    },
    /** A speaker went away: its parts still going are over. Answers the tasks whose parts changed. */
    async gone(deviceId: number) {
      const changed = await db
        .update(nscVodSpeakers)
        .set({ state: 'finished' })
        .where(and(eq(nscVodSpeakers.deviceId, deviceId), inArray(nscVodSpeakers.state, GOING)))
        .returning({ vodId: nscVodSpeakers.vodId });
      return [...new Set(changed.map((c) => c.vodId))];
    },
    /** How many parts of a task are still going. */
    going: async (vodId: number) =>
      (
        await db
          .select({ n: count() })
          .from(nscVodSpeakers)
          .where(and(eq(nscVodSpeakers.vodId, vodId), inArray(nscVodSpeakers.state, GOING)))
      )[0]?.n ?? 0,
    /** Finishes a task playing or paused whose speakers are all done; answers it when it did. */
    finishIfDone: async (vodId: number) =>
      (
        await db
          .update(nscVods)
          .set({ state: 'finished', finishedAt: new Date(), updatedAt: new Date() })
          .where(
            and(
              eq(nscVods.id, vodId),
              inArray(nscVods.state, GOING),
              sql`NOT EXISTS (SELECT 1 FROM ${nscVodSpeakers} WHERE ${nscVodSpeakers.vodId} = ${vodId} AND ${inArray(nscVodSpeakers.state, GOING)})`,
            ),
          )
          .returning()
      )[0],
    byId: async (id: number) => (await db.select().from(nscVods).where(eq(nscVods.id, id)))[0],
  };
}
