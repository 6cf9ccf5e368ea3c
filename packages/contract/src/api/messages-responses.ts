import { z } from 'zod';
import { messageAlarm } from './alarm-work.js';
import { isoTimeAnswer, pageAnswer } from './paging.js';

/** Answers of the site messages (spec 000 §7 "Site messages"): always the caller's own. */

export const siteMessageView = z.object({
  id: z.number().int(),
  /** In the caller's language when the system wrote it. */
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  isDeleted: z.boolean(),
  senderName: z.string(),
  createdAt: isoTimeAnswer,
  /** A device alarm's message: the alarm it is about (work opens from it, and shows once handled). */
  alarm: messageAlarm.nullable().optional(),
});
export type SiteMessageView = z.infer<typeof siteMessageView>;
export const siteMessageList = z.array(siteMessageView);
export const siteMessagePage = pageAnswer(siteMessageView);

/** GET /api/sitemessages.do/count/unread */
export const unreadCountAnswer = z.object({
  count: z.number().int(),
  /** Unread device alarms among them, by level. */
  alarms: z.object({ alarm: z.number().int(), warning: z.number().int() }),
});
export type UnreadCount = z.infer<typeof unreadCountAnswer>;
