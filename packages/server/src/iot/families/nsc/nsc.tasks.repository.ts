import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { type PageWindow, pageRows, takenInProject } from '../kit/records.repository.js';
import { nscTaskSpeakers, nscTasks } from './nsc.tables.js';

export type TaskRow = typeof nscTasks.$inferSelect;
/** What a task is made of (the contract's fields, its selections as kept). */
export type TaskFields = Omit<
  typeof nscTasks.$inferInsert,
  'id' | 'projectId' | 'state' | 'running' | 'creator' | 'checkedBy' | 'checkedAt' | 'createdAt' | 'updatedAt'
>;

/** The SQL of timed tasks and of what their speakers are to be told. */
export function createNscTaskRepository(db: Db) {
  const ofProject = (projectId: number, id: number) => and(eq(nscTasks.projectId, projectId), eq(nscTasks.id, id));
  const ordered = [asc(nscTasks.startTime), asc(nscTasks.id)];
  return {
    page(projectId: number, w: PageWindow) {
      const where = eq(nscTasks.projectId, projectId);
      return pageRows(db, db.select().from(nscTasks).$dynamic(), nscTasks, where, ordered, w);
    },
    /** Every task of the project (at most 10), by start time. */
    all: (projectId: number) =>
      db
        .select()
        .from(nscTasks)
        .where(eq(nscTasks.projectId, projectId))
        .orderBy(...ordered),
    task: async (projectId: number, id: number) =>
      (await db.select().from(nscTasks).where(ofProject(projectId, id)))[0],
    count: async (projectId: number) =>
      (await db.select({ n: count() }).from(nscTasks).where(eq(nscTasks.projectId, projectId)))[0]?.n ?? 0,
    noTaken: (projectId: number, no: string, exceptId?: number) =>
      takenInProject(db, nscTasks, nscTasks.no, no, projectId, exceptId),
    create: async (projectId: number, fields: TaskFields, creator: string) =>
      (
        await db
          .insert(nscTasks)
          .values({ ...fields, projectId, creator })
          .returning({ id: nscTasks.id })
      )[0]!.id,
    /** Changes a task in the edit state; answers whether it did. */
    update: async (projectId: number, id: number, fields: TaskFields) =>
      (
        await db
          .update(nscTasks)
          .set({ ...fields, updatedAt: new Date() })
          .where(and(ofProject(projectId, id), eq(nscTasks.state, 'edit')))
          .returning({ id: nscTasks.id })
      ).length > 0,
    remove: async (projectId: number, id: number) =>
      (
        await db
          .delete(nscTasks)
          .where(and(ofProject(projectId, id), eq(nscTasks.state, 'edit')))
          .returning({ id: nscTasks.id })
      ).length > 0,
    /** Moves a task from state `from` to `to` (not while started); answers whether it did. */
    setState: async (projectId: number, id: number, from: string, to: string, checkedBy: string | null) =>
      (
        await db
          .update(nscTasks)
          .set({ state: to, checkedBy, checkedAt: checkedBy ? new Date() : null, updatedAt: new Date() })
          .where(and(ofProject(projectId, id), eq(nscTasks.state, from), eq(nscTasks.running, false)))
          .returning({ id: nscTasks.id })
      ).length > 0,
    /** Starts (a checked task not started) or stops (a started one); answers whether it did. */
    setRunning: async (projectId: number, id: number, running: boolean) =>
      (
        await db
          .update(nscTasks)
          .set({ running, updatedAt: new Date() })
          .where(
            and(
              ofProject(projectId, id),
              eq(nscTasks.running, !running),
              running ? eq(nscTasks.state, 'checked') : undefined,
            ),
          )
          .returning({ id: nscTasks.id })
      ).length > 0,

    // ── What the speakers are to be told
    /** The speakers of a task are to be told `command` (replacing what they were to be told before). */
    async tell(projectId: number, taskId: number, deviceIds: number[], command: string) {
      await db.delete(nscTaskSpeakers).where(eq(nscTaskSpeakers.taskId, taskId));
      if (deviceIds.length)
        await db
          .insert(nscTaskSpeakers)
          .values(deviceIds.map((deviceId) => ({ taskId, deviceId, projectId, command })));
    },
    /** The speakers that answered (an answered untask is forgotten). */
    async told(taskId: number, deviceIds: number[], command: string) {
      if (!deviceIds.length) return;
      const where = and(eq(nscTaskSpeakers.taskId, taskId), inArray(nscTaskSpeakers.deviceId, deviceIds));
      if (command === 'untask') await db.delete(nscTaskSpeakers).where(where);
      else await db.update(nscTaskSpeakers).set({ delivered: true, at: new Date() }).where(where);
    },
    /** What a speaker that comes back was to be told, with its task (null: deleted since). */
    forSpeaker: (deviceId: number) =>
      db
        .select({ taskId: nscTaskSpeakers.taskId, command: nscTaskSpeakers.command, task: nscTasks })
        .from(nscTaskSpeakers)
        .leftJoin(nscTasks, eq(nscTasks.id, nscTaskSpeakers.taskId))
        .where(eq(nscTaskSpeakers.deviceId, deviceId))
        .orderBy(asc(nscTaskSpeakers.taskId)),
    /** A speaker was sent the list of its started tasks: its untasks are done, its tasks delivered. */
    async synced(deviceId: number) {
      const mine = eq(nscTaskSpeakers.deviceId, deviceId);
      await db.delete(nscTaskSpeakers).where(and(mine, eq(nscTaskSpeakers.command, 'untask')));
      await db.update(nscTaskSpeakers).set({ delivered: true, at: new Date() }).where(mine);
    },
  };
}
