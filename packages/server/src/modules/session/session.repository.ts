import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, projects, roles, sessions, users } from '../../db/schema/index.js';

const sessionUserColumns = {
  user: {
    id: users.id,
    name: users.name,
    realName: users.realName,
    status: users.status,
    lastLoginAt: users.lastLoginAt,
    passwordHash: users.passwordHash,
  },
  role: { id: roles.id, name: roles.name, no: roles.no, status: roles.status, admin: roles.admin },
  project: {
    id: projects.id,
    name: projects.name,
    no: projects.no,
    status: projects.status,
    parentId: projects.parentId,
    path: projects.path,
  },
};

export type UserWithScope = Awaited<ReturnType<ReturnType<typeof createSessionRepository>['findUserByName']>>;

export function createSessionRepository(db: Db) {
  const userQuery = () =>
    db
      .select(sessionUserColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(projects, eq(projects.id, roles.projectId));

  return {
    async findUserByName(name: string) {
      const [row] = await userQuery().where(eq(users.name, name)).limit(1);
      return row ?? null;
    },

    async findUserById(id: number) {
      const [row] = await userQuery().where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async findSession(tokenHash: string) {
      const [row] = await db
        .select({
          session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt },
          ...sessionUserColumns,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(projects, eq(projects.id, roles.projectId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    async createSession(values: { tokenHash: string; userId: number; ip: string; userAgent: string }) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!.id;
    },

    touchSession: (id: number) => db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id)),

    revokeSession: (id: number) =>
      db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt))),

    /** Revokes every live session of a user, but `keepSessionId`. */
    revokeUserSessions: (userId: number, keepSessionId?: number) =>
      db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        ),

    /** Records this sign-in and answers the previous one's time. */
    async recordLogin(userId: number) {
      const [before] = await db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, userId));
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
      return before?.at ?? null;
    },

    async countRecentFailures(account: string, since: Date) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, last: sql<Date | null>`max(${loginFailures.at})` })
        .from(loginFailures)
        .where(and(eq(loginFailures.account, account), gt(loginFailures.at, since)));
      return { count: row?.count ?? 0, last: row?.last ? new Date(row.last) : null };
    },

    addFailure: (account: string, ip: string) => db.insert(loginFailures).values({ account, ip }),

    clearFailures: (account: string) => db.delete(loginFailures).where(eq(loginFailures.account, account)),

    setPassword: (userId: number, passwordHash: string) =>
      db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
