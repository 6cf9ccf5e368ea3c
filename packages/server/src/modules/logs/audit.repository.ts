import type { Db } from '../../db/client.js';
import { manageLogs, visitLogs } from '../../db/schema/index.js';

export type VisitLogInput = typeof visitLogs.$inferInsert;
export type ManageLogInput = typeof manageLogs.$inferInsert;

export function createAuditRepository(db: Db) {
  return {
    addVisit: (entry: VisitLogInput) => db.insert(visitLogs).values(entry),
    addManage: (entry: ManageLogInput) => db.insert(manageLogs).values(entry),
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
