import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { noticeDeliveries, noticeRules, projects, roles, users } from '../../../db/schema/index.js';

export type NoticeRuleRow = typeof noticeRules.$inferSelect;
export type DeliveryRow = typeof noticeDeliveries.$inferSelect;
export type NewDelivery = Pick<
  typeof noticeDeliveries.$inferInsert,
  'projectId' | 'eventCode' | 'channel' | 'recipient' | 'subject' | 'body'
>;

/** A rule with the project it belongs to, which may be an ancestor of the one asked about. */
export type EffectiveRule = NoticeRuleRow & { sourceName: string; sourcePath: string };

/** Notice rules and the deliveries outbox (the only SQL of notices). */
export function createNoticesRepository(db: Db) {
  const ruleColumns = {
    projectId: noticeRules.projectId,
    eventCode: noticeRules.eventCode,
    types: noticeRules.types,
    emails: noticeRules.emails,
    mobiles: noticeRules.mobiles,
    userIds: noticeRules.userIds,
    lang: noticeRules.lang,
    intervalSeconds: noticeRules.intervalSeconds,
    updatedAt: noticeRules.updatedAt,
    sourceName: projects.name,
    sourcePath: projects.path,
  };

  return {
    /** Every rule of the project and its ancestors; the nearest per event applies. */
    async rulesAlong(projectPath: string, eventCode?: string): Promise<EffectiveRule[]> {
      return db
        .select(ruleColumns)
        .from(noticeRules)
        .innerJoin(projects, eq(projects.id, noticeRules.projectId))
        .where(
          and(
            sql`starts_with(${projectPath}, ${projects.path})`,
            eventCode ? eq(noticeRules.eventCode, eventCode) : undefined,
          ),
        )
        .orderBy(desc(sql`length(${projects.path})`));
    },

    async projectPath(projectId: number): Promise<{ name: string; path: string } | undefined> {
      const [row] = await db
        .select({ name: projects.name, path: projects.path })
        .from(projects)
        .where(eq(projects.id, projectId));
      return row;
    },

    async upsertRule(row: Omit<NoticeRuleRow, 'updatedAt'>) {
      const values = { ...row, updatedAt: new Date() };
      await db
        .insert(noticeRules)
        .values(values)
        .onConflictDoUpdate({ target: [noticeRules.projectId, noticeRules.eventCode], set: values });
    },

    async deleteRule(projectId: number, eventCode: string) {
      const rows = await db
        .delete(noticeRules)
        .where(and(eq(noticeRules.projectId, projectId), eq(noticeRules.eventCode, eventCode)))
        .returning({ projectId: noticeRules.projectId });
      return rows.length;
    },

    /** Active users of the project's subtree with a phone number (SMS receivers to pick from). */
    async usersWithPhone(projectPath: string) {
      return db
        .select({ id: users.id, name: users.name, realName: users.realName, phoneNo: users.phoneNo })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(projects, eq(projects.id, roles.projectId))
        .where(and(eq(users.status, 1), ne(users.phoneNo, ''), sql`starts_with(${projects.path}, ${projectPath})`))
        .orderBy(users.name)
        .limit(1000);
    },

    /** Phone numbers of those of `ids` that are active users of the subtree. */
    async phonesOf(projectPath: string, ids: number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ phoneNo: users.phoneNo })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(projects, eq(projects.id, roles.projectId))
        .where(
          and(
            inArray(users.id, ids),
            eq(users.status, 1),
            ne(users.phoneNo, ''),
            sql`starts_with(${projects.path}, ${projectPath})`,
          ),
        );
      return rows.map((r) => r.phoneNo);
    },

    async enqueue(rows: NewDelivery[], at: Date) {
      if (rows.length === 0) return;
      await db.insert(noticeDeliveries).values(rows.map((r) => ({ ...r, nextAt: at, createdAt: at })));
    },

    /** A delivery already tried (a test message): kept in the history, never queued. */
    async record(row: NewDelivery, outcome: Pick<DeliveryRow, 'status' | 'attempts' | 'sentAt' | 'lastError'>) {
      await db.insert(noticeDeliveries).values({ ...row, ...outcome });
    },

    /**
     * Takes up to `limit` pending deliveries due at `at`, leasing them until `leaseUntil` (an instance
     * that dies while sending leaves them due again then); another instance skips the rows taken.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<DeliveryRow[]> {
      const due = db
        .select({ id: noticeDeliveries.id })
        .from(noticeDeliveries)
        .where(and(eq(noticeDeliveries.status, 'pending'), sql`${noticeDeliveries.nextAt} <= ${at.toISOString()}`))
        .orderBy(noticeDeliveries.nextAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(noticeDeliveries)
        .set({ nextAt: leaseUntil })
        .where(inArray(noticeDeliveries.id, due))
        .returning();
    },

    async settle(
      id: number,
      change: Partial<Pick<DeliveryRow, 'status' | 'attempts' | 'nextAt' | 'lastError' | 'sentAt'>>,
    ) {
      await db.update(noticeDeliveries).set(change).where(eq(noticeDeliveries.id, id));
    },

    async page(projectPath: string, channel: string | undefined, window: { limit: number; offset: number }) {
      const where = and(
        sql`${noticeDeliveries.projectId} in (select id from projects where starts_with(path, ${projectPath}))`,
        channel ? eq(noticeDeliveries.channel, channel) : undefined,
      );
      const [list, [count]] = await Promise.all([
        db
          .select()
          .from(noticeDeliveries)
          .where(where)
          .orderBy(desc(noticeDeliveries.createdAt), desc(noticeDeliveries.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(noticeDeliveries).where(where),
      ]);
      return { list, total: count?.n ?? 0 };
    },

    /** Deliveries past the SMS history setting, except what still waits to be sent. */
    async purge(before: Date) {
      const rows = await db
        .delete(noticeDeliveries)
        .where(
          and(ne(noticeDeliveries.status, 'pending'), sql`${noticeDeliveries.createdAt} < ${before.toISOString()}`),
        )
        .returning({ id: noticeDeliveries.id });
      return rows.length;
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
