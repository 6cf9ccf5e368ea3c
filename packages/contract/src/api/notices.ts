import { z } from 'zod';
import { LANGS, type Lang, NOTICE_TYPES, type NoticeType } from '../enums.js';
import { msg } from '../validation/message.js';
import { emailRule, idParam, intRange, listedId, mobileRule } from '../validation/rules.js';

/** Same-event minimum interval of a rule (spec 001 §9), seconds. */
export const NOTICE_INTERVAL = { min: 60, max: 3600 } as const;
/** Receivers of one channel in one rule. */
export const NOTICE_RECEIVERS_MAX = 20;

/**
 * A list in a form field: a JSON array, or text separated by commas, semicolons, spaces or lines
 * (what a person pastes); '' is an empty list.
 */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => {
      if (Array.isArray(v)) return v;
      if (typeof v !== 'string') return v;
      const s = v.trim();
      if (s === '') return [];
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          return v;
        }
      }
      return s.split(/[\s,;，；]+/).filter(Boolean);
    },
    z
      .array(item, { error: 'validation.validParam' })
      .max(NOTICE_RECEIVERS_MAX, msg('notices.tooManyReceivers', { max: NOTICE_RECEIVERS_MAX })),
  );

/** POST /api/pjts/{projectId}/noticeevents/{eventId}: the project's rule for one event. */
export const noticeRuleBody = z
  .object({
    types: listOf(z.enum(NOTICE_TYPES, { error: 'validation.validParam' })),
    emails: listOf(emailRule()).default([]),
    mobiles: listOf(mobileRule()).default([]),
    /** Users of the project whose phone numbers receive the SMS. */
    userIds: listOf(z.coerce.number().pipe(listedId())).default([]),
    lang: z.enum(LANGS, { error: 'validation.validParam' }),
    interval: intRange(NOTICE_INTERVAL.min, NOTICE_INTERVAL.max),
  })
  .superRefine((body, ctx) => {
    if (body.types.includes('EMAIL') && body.emails.length === 0)
      ctx.addIssue({ code: 'custom', path: ['emails'], message: 'notices.emailReceiverRequired' });
    if (body.types.includes('SMS') && body.mobiles.length === 0 && body.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['mobiles'], message: 'notices.smsReceiverRequired' });
  });
export type NoticeRuleBody = z.infer<typeof noticeRuleBody>;

export const noticeEventParam = z.object({ projectId: idParam(), eventId: idParam() });

/** One event with the rule that applies to it in the project (its own, an ancestor's, or the default). */
export interface NoticeRuleView {
  eventId: number;
  code: string;
  name: string;
  /** The notice types the event may use. */
  noticeTypes: readonly NoticeType[];
  /** Where the rule comes from: this project, an ancestor (named), or the default (site messages). */
  source: 'own' | 'inherited' | 'default';
  sourceProject: string | null;
  types: NoticeType[];
  emails: string[];
  mobiles: string[];
  userIds: number[];
  lang: Lang;
  interval: number;
  updatedAt: string | null;
}

/** The project's users a rule may name as SMS receivers. */
export interface NoticeReceiverUser {
  id: number;
  name: string;
  realName: string;
  phoneNo: string;
}

export interface NoticeRulesView {
  rules: NoticeRuleView[];
  users: NoticeReceiverUser[];
  /** Whether the system settings name a mail server and an SMS provider. */
  mailConfigured: boolean;
  smsConfigured: boolean;
}

/** POST …/noticerules.do/test: one test message to one address or number. */
export const noticeTestBody = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('EMAIL'), to: emailRule(), lang: z.enum(LANGS).optional() }),
    z.object({ channel: z.literal('SMS'), to: mobileRule(), lang: z.enum(LANGS).optional() }),
  ],
  { error: 'validation.validParam' },
);
export type NoticeTestBody = z.infer<typeof noticeTestBody>;

export interface NoticeTestResult {
  sent: boolean;
  /** In the reader's language: sent, or the server's refusal. */
  message: string;
}

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** GET …/noticerules.do/deliveries: e-mails and SMS sent or waiting, newest first. */
export const deliveryQuery = z.object({
  channel: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['EMAIL', 'SMS']).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).optional(),
});

export interface DeliveryView {
  id: number;
  channel: 'EMAIL' | 'SMS';
  eventCode: string;
  eventName: string;
  recipient: string;
  subject: string;
  status: DeliveryStatus;
  attempts: number;
  /** The last failure, as the server or provider gave it. */
  reason: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAt: string | null;
}
