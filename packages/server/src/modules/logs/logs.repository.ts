import type { ManageLogView, OperateLogView, VisitLogView } from '@sc/contract';
import { and, count, desc, eq, gte, inArray, like, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { devices, manageLogs, operateLogs, projects, visitLogs } from '../../db/schema/index.js';
import { keywordWhere } from '../../platform/paging.js';

export type LogKind = 'manage' | 'operate' | 'visit';

/** Whose log rows a caller may see: the root project sees every row, others their subtree's. */
export interface LogScope {
  path: string;
  root: boolean;
}

export interface LogFilter {
  words: string[];
  from?: Date;
  to?: Date;
  account?: string;
}

const iso = <T extends { at: Date }>(row: T) => ({ ...row, at: row.at.toISOString() });

/** Per family: its table, the columns searched by keyword and the view it answers. */
const FAMILIES = {
  manage: {
    table: manageLogs,
    words: [manageLogs.account, manageLogs.action, manageLogs.entity, manageLogs.entityId, manageLogs.summary],
    view: {
      id: manageLogs.id,
      account: manageLogs.account,
      action: manageLogs.action,
      entity: manageLogs.entity,
      entityId: manageLogs.entityId,
      summary: manageLogs.summary,
      changes: manageLogs.changes,
      ip: manageLogs.ip,
      at: manageLogs.at,
    },
  },
  operate: {
    table: operateLogs,
    words: [operateLogs.account, operateLogs.deviceName, operateLogs.command, operateLogs.result],
    view: {
      id: operateLogs.id,
      account: operateLogs.account,
      deviceId: operateLogs.deviceId,
      deviceName: operateLogs.deviceName,
      command: operateLogs.command,
      args: operateLogs.args,
      result: operateLogs.result,
      success: operateLogs.success,
      durationMs: operateLogs.durationMs,
      ip: operateLogs.ip,
      at: operateLogs.at,
    },
  },
  visit: {
    table: visitLogs,
    words: [visitLogs.account, visitLogs.action, visitLogs.detail, visitLogs.ip],
    view: {
      id: visitLogs.id,
      account: visitLogs.account,
      action: visitLogs.action,
      detail: visitLogs.detail,
      ip: visitLogs.ip,
      userAgent: visitLogs.userAgent,
      at: visitLogs.at,
    },
  },
} as const;

export interface LogViews {
  manage: ManageLogView;
  operate: OperateLogView;
  visit: VisitLogView;
}

export type OperateLogInput = typeof operateLogs.$inferInsert;

export function createLogsRepository(db: Db) {
  /** Rows of projects in the scope; null project rows (e.g. failed sign-ins of unknown accounts) only for the root. */
  function scopeWhere(projectId: PgColumn, scope: LogScope): SQL | undefined {
    if (scope.root) return undefined;
    return inArray(
      projectId,
      db
        .select({ id: projects.id })
        .from(projects)
        .where(like(projects.path, `${scope.path}%`)),
    );
  }

  return {
    async page<K extends LogKind>(
      kind: K,
      scope: LogScope,
      filter: LogFilter,
      window: { limit: number; offset: number },
    ) {
      const f = FAMILIES[kind];
      const t = f.table;
      const where = and(
        scopeWhere(t.projectId, scope),
        keywordWhere(filter.words, [...f.words]),
        filter.from ? gte(t.at, filter.from) : undefined,
        filter.to ? lte(t.at, filter.to) : undefined,
        filter.account ? eq(t.account, filter.account) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(f.view)
          .from(t)
          .where(where)
          .orderBy(desc(t.at), desc(t.id))
          .limit(window.limit)
          .offset(window.offset),
        db.select({ n: count() }).from(t).where(where),
      ]);
      return { list: rows.map(iso) as unknown as LogViews[K][], total: total?.n ?? 0 };
    },

    /** Deletes the rows among `ids` that are in scope; answers how many. */
    async delete(kind: LogKind, scope: LogScope, ids: number[]) {
      const t = FAMILIES[kind].table;
      const rows = await db
        .delete(t)
        .where(and(inArray(t.id, ids), scopeWhere(t.projectId, scope)))
        .returning({ id: t.id });
      return rows.length;
    },

    addOperate: (entry: OperateLogInput) => db.insert(operateLogs).values(entry).returning({ id: operateLogs.id }),

    /** The project a device belongs to, so its commands land in that project's log. */
    async deviceProject(deviceId: number): Promise<number | null> {
      const [row] = await db.select({ projectId: devices.projectId }).from(devices).where(eq(devices.id, deviceId));
      return row?.projectId ?? null;
    },
  };
}

export type LogsRepository = ReturnType<typeof createLogsRepository>;
