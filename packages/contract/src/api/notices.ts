import { z } from 'zod';
import { LANGS, NOTICE_TYPES } from '../enums.js';
import { msg } from '../validation/message.js';
import { emailRule, idParam, intRange, listedId, mobileRule } from '../validation/rules.js';
import { isoTimeAnswer, pageAnswer } from './paging.js';

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
      .max(NOTICE_RECEIVERS_MAX, msg('notices.tooManyReceivers', { count: NOTICE_RECEIVERS_MAX })),
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

// ── Answers (the response schemas the server serialises through and the console's types come from)

/** One event with the rule that applies to it in the project (its own, an ancestor's, or the default). */
export const noticeRuleView = z.object({
  eventId: z.number().int(),
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
  /** The notice types the event may use. */
  noticeTypes: z.array(z.enum(NOTICE_TYPES)),
  /** Where the rule comes from: this project, an ancestor (named), or the default (site messages). */
  source: z.enum(['own', 'inherited', 'default']),
  sourceProject: z.string().nullable(),
  types: z.array(z.enum(NOTICE_TYPES)),
  emails: z.array(z.string()),
  mobiles: z.array(z.string()),
  userIds: z.array(z.number().int()),
  lang: z.enum(LANGS),
  interval: z.number().int(),
  updatedAt: isoTimeAnswer.nullable(),
});
export type NoticeRuleView = z.infer<typeof noticeRuleView>;

/** The project's users a rule may name as SMS receivers. */
export const noticeReceiverUser = z.object({
  id: z.number().int(),
  name: z.string(),
  realName: z.string(),
  phoneNo: z.string(),
});
export type NoticeReceiverUser = z.infer<typeof noticeReceiverUser>;

/** GET …/noticerules.do */
export const noticeRulesView = z.object({
  rules: z.array(noticeRuleView),
  users: z.array(noticeReceiverUser),
  /** Whether the system settings name a mail server and an SMS provider. */
  mailConfigured: z.boolean(),
  smsConfigured: z.boolean(),
});
export type NoticeRulesView = z.infer<typeof noticeRulesView>;

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

export const noticeTestResult = z.object({
  sent: z.boolean(),
  /** In the reader's language: sent, or the server's refusal. */
  message: z.string(),
});
export type NoticeTestResult = z.infer<typeof noticeTestResult>;

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** GET …/noticerules.do/deliveries: e-mails and SMS sent or waiting, newest first. */
export const deliveryQuery = z.object({
  channel: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['EMAIL', 'SMS']).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(5).max(100).optional(),
});

export const deliveryView = z.object({
  id: z.number().int(),
  channel: z.enum(['EMAIL', 'SMS']),
  eventCode: z.string(),
  /** In the caller's language; a test message's is "test message". */
  eventName: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last failure, as the server or provider gave it. */
  reason: z.string().nullable(),
  createdAt: isoTimeAnswer,
  sentAt: isoTimeAnswer.nullable(),
  nextAt: isoTimeAnswer.nullable(),
});
export type DeliveryView = z.infer<typeof deliveryView>;

/** GET …/noticerules.do/deliveries: a page, and how many days the history keeps. */
export const deliveryPage = pageAnswer(deliveryView).extend({ historyDays: z.number().int() });
export type DeliveryPage = z.infer<typeof deliveryPage>;
