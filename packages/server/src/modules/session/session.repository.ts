import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, projects, roles, sessions, users } from '../../db/schema/index.js';
import type { AuthCache } from '../access/auth-cache.js';

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

// Every API call resolves its token: a named statement is planned once per connection, not per call.
const sessionByTokenStatement = (db: Db) =>
  db
    .select({
      session: { id: sessions.id, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt },
      ...sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(projects, eq(projects.id, roles.projectId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');

/** A token's session with its user, role and project. */
export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionByTokenStatement>['execute']>>[number];

/** `auth` keeps resolved sessions for a few seconds; every revocation here clears it. */
export function createSessionRepository(db: Db, auth: AuthCache) {
  const userQuery = () =>
    db
      .select(sessionUserColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(projects, eq(projects.id, roles.projectId));

  const sessionByToken = sessionByTokenStatement(db);

  return {
    async findUserByName(name: string) {
      const [row] = await userQuery().where(eq(users.name, name)).limit(1);
      return row ?? null;
    },

    async findUserById(id: number) {
      const [row] = await userQuery().where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    findSession: (tokenHash: string) =>
      auth.sessions.get(tokenHash, async () => (await sessionByToken.execute({ tokenHash }))[0] ?? null),

    async createSession(values: { tokenHash: string; userId: number; ip: string; userAgent: string }) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!.id;
    },

    touchSession: (id: number) => db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id)),

    async revokeSession(id: number) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
      auth.changed();
    },

    /** Revokes every live session of a user, but `keepSessionId`. */
    async revokeUserSessions(userId: number, keepSessionId?: number) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        );
      auth.changed();
    },

    /** Records this sign-in and answers the previous one's time. */
    async recordLogin(userId: number) {
      const [before] = await db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, userId));
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
      return before?.at ?? null;
    },

    /** Failed sign-ins of an account from one address since a time. */
    async countRecentFailures(account: string, ip: string, since: Date) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, last: sql<Date | null>`max(${loginFailures.at})` })
        .from(loginFailures)
        .where(and(eq(loginFailures.account, account), eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
      return { count: row?.count ?? 0, last: row?.last ? new Date(row.last) : null };
    },

    addFailure: (account: string, ip: string) => db.insert(loginFailures).values({ account, ip }),

    clearFailures: (account: string) => db.delete(loginFailures).where(eq(loginFailures.account, account)),

    setPassword: (userId: number, passwordHash: string) =>
      db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId)),
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
