import { z } from 'zod';
import { NOTICE_TYPES, type NoticeType } from '../enums.js';
import { FAMILY_MANIFESTS } from '../families/index.js';
import { msg } from '../validation/message.js';

/**
 * Events a notice rule can subscribe to (spec 000 §7 "System": /api/noticeevents.do), with the notice
 * types each may use. Platform events have fixed ids and are named `settings.event_<code>`; each
 * family with alarm-level events adds "alarms of <family>" (`ALARM_<SLUG>`, ids from 100 in the
 * families' list order). Rules are stored by code, so an id moving with the list loses nothing.
 */
export interface NoticeEvent {
  id: number;
  code: string;
  /** The name as an i18n reference (`msg`): translate it in the reader's language. */
  nameRef: string;
  noticeTypes: readonly NoticeType[];
  /** A device's alarm of this family (its type) raises this event; none for platform events. */
  familyType?: string;
}

const ALL: readonly NoticeType[] = ['SITEMESSAGE', 'EMAIL', 'SMS'];
const platform = (id: number, code: string, noticeTypes: readonly NoticeType[] = ALL): NoticeEvent => ({
  id,
  code,
  nameRef: `settings.event_${code}`,
  noticeTypes,
});

/** Ids 2 and 4-8 were events replaced by the families' alarm events; they are not reused. */
export const PLATFORM_NOTICE_EVENTS = [
  platform(1, 'DEVICE_OFFLINE'),
  platform(12, 'GATEWAY_OFFLINE'),
  platform(3, 'DEVICE_ALARM'),
  platform(13, 'CABLE_THEFT'),
  platform(9, 'WORK_ORDER_CREATED'),
  platform(10, 'WORK_ORDER_CHECKED', ['SITEMESSAGE', 'EMAIL']),
  platform(11, 'WORK_ORDER_DONE', ['SITEMESSAGE', 'EMAIL']),
] as const;

/** Alarm code every family that has it reports as cable theft (its own event, whatever the family). */
export const CABLE_THEFT_CODE = 'CABLE_THEFT';

export const NOTICE_EVENTS: readonly NoticeEvent[] = [
  ...PLATFORM_NOTICE_EVENTS,
  ...FAMILY_MANIFESTS.flatMap((f, i) =>
    f.events.some((e) => e.level === 'alarm')
      ? [
          {
            id: 100 + i,
            code: `ALARM_${f.slug.toUpperCase()}`,
            nameRef: msg('settings.event_familyAlarm', { familyKey: `families.types.${f.type}` }),
            noticeTypes: ALL,
            familyType: f.type,
          },
        ]
      : [],
  ),
];

export type NoticeEventCode = string;

const byCode = new Map(NOTICE_EVENTS.map((e) => [e.code, e]));
const byId = new Map(NOTICE_EVENTS.map((e) => [e.id, e]));
export const noticeEventByCode = (code: string) => byCode.get(code);
export const noticeEventById = (id: number) => byId.get(id);

/**
 * The event a device alarm raises: cable theft has its own; otherwise its family's alarm event, else
 * the platform's "device alarm" (a family without alarm-level events in its manifest).
 */
export function alarmEventOf(deviceType: string, code: string): NoticeEvent {
  if (code === CABLE_THEFT_CODE) return byCode.get('CABLE_THEFT')!;
  return NOTICE_EVENTS.find((e) => e.familyType === deviceType) ?? byCode.get('DEVICE_ALARM')!;
}

export const noticeEventView = z.object({
  id: z.number().int(),
  code: z.enum(NOTICE_EVENTS.map((e) => e.code) as [NoticeEventCode, ...NoticeEventCode[]]),
  name: z.string(),
  noticeTypes: z.array(z.enum(NOTICE_TYPES)).readonly(),
});
export type NoticeEventView = z.infer<typeof noticeEventView>;
export const noticeEventList = z.array(noticeEventView);
