import { and, asc, count, desc, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects, roles, siteMessages, users } from '../../db/schema/index.js';
import { keywordWhere } from '../../platform/paging.js';

export type MessageStatus = 'unread' | 'read' | 'recycle' | 'all';

const m = siteMessages;
const STATUS: Record<MessageStatus, SQL> = {
  unread: and(eq(m.isRead, false), eq(m.isDeleted, false))!,
  read: and(eq(m.isRead, true), eq(m.isDeleted, false))!,
  recycle: eq(m.isDeleted, true),
  all: eq(m.isDeleted, false),
};

const columns = {
  id: m.id,
  title: m.title,
  titleRef: m.titleRef,
  content: m.content,
  isRead: m.isRead,
  isDeleted: m.isDeleted,
  createdAt: m.createdAt,
  repeatCount: m.repeatCount,
  foldKey: m.foldKey,
  senderAccount: users.name,
  senderRealName: users.realName,
};
export interface MessageRow {
  id: number;
  title: string;
  titleRef: string | null;
  content: string;
  isRead: boolean;
  isDeleted: boolean;
  createdAt: Date;
  repeatCount: number;
  foldKey: string | null;
  senderAccount: string | null;
  senderRealName: string | null;
}

export function createSiteMessagesRepository(db: Db) {
  const own = (recipientId: number, ids?: number[]) =>
    and(eq(m.recipientId, recipientId), ids ? inArray(m.id, ids) : undefined);
  const select = () => db.select(columns).from(m).leftJoin(users, eq(users.id, m.senderId));

  return {
    async countUnread(recipientId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(m)
        .where(and(own(recipientId), STATUS.unread));
      return row?.n ?? 0;
    },

    /** Unread device alarms by level: { alarm, warning }. */
    async unreadBySeverity(recipientId: number) {
      const rows = await db
        .select({ severity: m.severity, n: count() })
        .from(m)
        .where(and(own(recipientId), STATUS.unread, inArray(m.severity, ['alarm', 'warning'])))
        .groupBy(m.severity);
      const by = new Map(rows.map((r) => [r.severity, r.n]));
      return { alarm: by.get('alarm') ?? 0, warning: by.get('warning') ?? 0 };
    },

    /**
     * A repeat of `foldKey` for `recipientIds`: each one's unread message with that key counts it once
     * more and moves to the top (newest). Answers the recipients whose message took it.
     */
    async fold(recipientIds: number[], foldKey: string) {
      if (recipientIds.length === 0) return [];
      const rows = await db
        .update(m)
        .set({ repeatCount: sql`${m.repeatCount} + 1`, createdAt: sql`now()` })
        .where(and(inArray(m.recipientId, recipientIds), eq(m.foldKey, foldKey), STATUS.unread))
        .returning({ recipientId: m.recipientId });
      return rows.map((r) => r.recipientId);
    },

    async page(recipientId: number, status: MessageStatus, words: string[], window: { limit: number; offset: number }) {
      const where = and(own(recipientId), STATUS[status], keywordWhere(words, [m.title, m.content]));
      const [rows, [total]] = await Promise.all([
        select().where(where).orderBy(desc(m.createdAt), desc(m.id)).limit(window.limit).offset(window.offset),
        db.select({ n: count() }).from(m).where(where),
      ]);
      return { list: rows as MessageRow[], total: total?.n ?? 0 };
    },

    async view(recipientId: number, id: number) {
      const [row] = await select().where(own(recipientId, [id]));
      return (row as MessageRow | undefined) ?? null;
    },

    /** Marks the caller's messages among `ids` read; answers how many of them are the caller's. */
    async markRead(recipientId: number, ids: number[]) {
      const rows = await db
        .update(m)
        .set({ isRead: true, readAt: sql`coalesce(${m.readAt}, now())` })
        .where(own(recipientId, ids))
        .returning({ id: m.id });
      return rows.length;
    },

    /** Moves the caller's messages among `ids` into (true) or out of (false) the recycle bin. */
    async setDeleted(recipientId: number, ids: number[], deleted: boolean) {
      const rows = await db.update(m).set({ isDeleted: deleted }).where(own(recipientId, ids)).returning({ id: m.id });
      return rows.length;
    },

    /** Deletes the caller's recycled messages for good. */
    async purge(recipientId: number) {
      const rows = await db
        .delete(m)
        .where(and(own(recipientId), STATUS.recycle))
        .returning({ id: m.id });
      return rows.length;
    },

    insertMany: async (rows: (typeof m.$inferInsert)[]) => {
      if (rows.length === 0) return 0;
      return (await db.insert(m).values(rows).returning({ id: m.id })).length;
    },

    /** Active users whose role belongs to the project (or its subtree). */
    async usersOfProject(projectId: number, includeDescendants: boolean) {
      const [project] = await db.select({ path: projects.path }).from(projects).where(eq(projects.id, projectId));
      if (!project) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(projects, eq(projects.id, roles.projectId))
        .where(
          and(
            eq(users.status, 1),
            includeDescendants ? like(projects.path, `${project.path}%`) : eq(projects.id, projectId),
          ),
        );
      return rows.map((r) => r.id);
    },

    /**
     * Who hears of a device in the project until notice rules exist (issue 13): the active users whose
     * role belongs to the project, and the active administrators whose role's project is the project or
     * one of its ancestors (they see its subtree). With the project's name; null: no such project.
     */
    async audienceOf(projectId: number) {
      const [project] = await db
        .select({ name: projects.name, path: projects.path })
        .from(projects)
        .where(eq(projects.id, projectId));
      if (!project) return null;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(projects, eq(projects.id, roles.projectId))
        .where(
          and(
            eq(users.status, 1),
            or(
              eq(projects.id, projectId),
              and(eq(roles.admin, true), sql`starts_with(${project.path}, ${projects.path})`),
            ),
          ),
        );
      return { name: project.name, userIds: rows.map((r) => r.id) };
    },

    /** Whether the user exists and holds an administrator role. */
    async isAdmin(userId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.id, userId), eq(roles.admin, true)));
      return Boolean(row);
    },

    /** The built-in administrator: the oldest user whose role is an administrator role. */
    async oldestAdmin() {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(roles.admin, true))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(1);
      return row?.id ?? null;
    },
  };
}

export type SiteMessagesRepository = ReturnType<typeof createSiteMessagesRepository>;
