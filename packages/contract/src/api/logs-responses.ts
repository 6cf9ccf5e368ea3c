import { z } from 'zod';
import { isoTimeAnswer, pageAnswer } from './paging.js';

/** Answers of the three log lists (spec 000 §7 "Logs"). */

export const visitLogView = z.object({
  id: z.number().int(),
  account: z.string(),
  action: z.string(),
  detail: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  at: isoTimeAnswer,
});
export type VisitLogView = z.infer<typeof visitLogView>;

export const manageLogView = z.object({
  id: z.number().int(),
  account: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  summary: z.string(),
  /** The changed fields, `{ field: { from, to } }`, or what the action recorded; null when nothing. */
  changes: z.unknown(),
  ip: z.string(),
  at: isoTimeAnswer,
});
export type ManageLogView = z.infer<typeof manageLogView>;

export const operateLogView = z.object({
  id: z.number().int(),
  account: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  command: z.string(),
  args: z.unknown(),
  result: z.string(),
  success: z.boolean(),
  durationMs: z.number().int(),
  ip: z.string(),
  at: isoTimeAnswer,
});
export type OperateLogView = z.infer<typeof operateLogView>;

export const logPages = {
  manage: pageAnswer(manageLogView),
  operate: pageAnswer(operateLogView),
  visit: pageAnswer(visitLogView),
};
