import { z } from 'zod';
import { NOTICE_TYPES, type NoticeType } from '../enums.js';

/**
 * Events a notice rule can subscribe to (spec 000 §7 "System": /api/noticeevents.do), with the
 * notice types each may use. Names are `settings.event_<code>`; ids are stable, for stored rules.
 */
export const NOTICE_EVENTS = [
  { id: 1, code: 'DEVICE_OFFLINE', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
  { id: 2, code: 'DEVICE_ONLINE', noticeTypes: ['SITEMESSAGE', 'EMAIL'] },
  { id: 3, code: 'DEVICE_ALARM', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
  { id: 4, code: 'LAMP_FAULT', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
  { id: 5, code: 'CABINET_ALARM', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
  { id: 6, code: 'ENV_THRESHOLD', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
  { id: 7, code: 'ECE_ALARM', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
  { id: 8, code: 'SCD_FULL', noticeTypes: ['SITEMESSAGE', 'SMS'] },
  { id: 9, code: 'WORK_ORDER_CREATED', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
  { id: 10, code: 'WORK_ORDER_CHECKED', noticeTypes: ['SITEMESSAGE', 'EMAIL'] },
  { id: 11, code: 'WORK_ORDER_DONE', noticeTypes: ['SITEMESSAGE', 'EMAIL'] },
  { id: 12, code: 'GATEWAY_OFFLINE', noticeTypes: ['SITEMESSAGE', 'EMAIL', 'SMS'] },
] as const satisfies readonly { id: number; code: string; noticeTypes: readonly NoticeType[] }[];

export type NoticeEventCode = (typeof NOTICE_EVENTS)[number]['code'];

export const noticeEventView = z.object({
  id: z.number().int(),
  code: z.enum(NOTICE_EVENTS.map((e) => e.code) as [NoticeEventCode, ...NoticeEventCode[]]),
  name: z.string(),
  noticeTypes: z.array(z.enum(NOTICE_TYPES)).readonly(),
});
export type NoticeEventView = z.infer<typeof noticeEventView>;
export const noticeEventList = z.array(noticeEventView);
