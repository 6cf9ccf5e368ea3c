import { z } from 'zod';
import { BILL_DETAIL_STATUS, BILL_STATUS } from '../enums.js';
import { msg } from '../validation/message.js';
import { idParam, listedId, PATTERNS, text } from '../validation/rules.js';
import { pageQuery } from './paging.js';

/** Work order (bill) status (spec 001 §4, enums.ts): init editable, checked approved, canceled invalidated. */
export type BillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];
export const BILL_STATUSES: readonly BillStatus[] = [0, 10, -10];

/** Detail (one device of a bill) handle status (spec 001 §4): pending, completed, abandoned. */
const DETAIL_STATUS = BILL_DETAIL_STATUS;
export type DetailStatus = (typeof BILL_DETAIL_STATUS)[keyof typeof BILL_DETAIL_STATUS];
export const DETAIL_STATUSES: readonly DetailStatus[] = [0, 1, -1];

/** Pole (device group) order filter (spec 001 §4 "Group work order filter"). */
export const POLE_FILTERS = ['all', 'process', 'finished', 'denied'] as const;
export type PoleFilter = (typeof POLE_FILTERS)[number];

/** Product choices where the spec says "length-limited" and "value not shown" (spec 001 §5, §9). */
export const MAINTENANCE_LIMITS = {
  messageMax: 200,
  titleMax: 50,
  /** The device cap per bill is the system setting `maintenanceDeviceCap` within this range. */
  deviceCap: { default: 50, min: 1, max: 500 },
  /** A completion photo: jpg or png (by content) up to this size. */
  photoBytes: 2 * 1024 * 1024,
  /** The editor's map picks among at most this many located devices of the project. */
  mapDevices: 5000,
} as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A work order message (spec 001 §5): required, length-limited, letters, digits and Chinese only. */
export const maintenanceMessageRule = () =>
  text(1, MAINTENANCE_LIMITS.messageMax, 'maintenance.messageRequired').regex(
    PATTERNS.name,
    'maintenance.messagePattern',
  );

/** Ids of a batch call: `ids=1,2,3` in a form, or an array in JSON. */
const ids = () =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map(Number)
        : typeof v === 'number'
          ? [v]
          : v,
    z
      .array(listedId(), { error: 'validation.validParam' })
      .min(1, 'validation.validParam')
      .max(500, 'validation.validParam'),
  );

const optionalId = () => z.preprocess(blank, idParam().optional());

/** An alarm that opens work: the device's event code and when it occurred. */
const alarmFields = {
  alarmCode: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(64, msg('validation.tooLongMax', { count: 64 }))
      .optional(),
  ),
  alarmAt: z.preprocess(blank, z.iso.datetime({ offset: true, error: 'validation.validParam' }).optional()),
};

/** An alarm is named whole: its code and when it occurred, on a device. */
const alarmWhole = (body: { deviceId?: number; alarmCode?: string; alarmAt?: string }) =>
  !body.alarmCode === !body.alarmAt && (!body.alarmCode || body.deviceId !== undefined);
const alarmIncomplete = { path: ['alarmCode'], error: 'maintenance.errors.alarmIncomplete' };

/** POST header: a new bill, optionally with its first device (an alarm that opens work). */
export const billCreateBody = z
  .object({
    title: text(2, MAINTENANCE_LIMITS.titleMax),
    remark: z.preprocess(blank, maintenanceMessageRule().optional()),
    deviceId: optionalId(),
    ...alarmFields,
  })
  .refine(alarmWhole, alarmIncomplete);

/** PATCH /{id}: the header of an editable bill; `status` -10 cancels it. */
export const billPatchBody = z.object({
  title: z.preprocess(blank, text(2, MAINTENANCE_LIMITS.titleMax).optional()),
  status: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'validation.validParam' })
      .refine((v) => v === BILL_STATUS.canceled, 'validation.validParam')
      .optional(),
  ),
});

export const billIdsBody = z.object({ ids: ids() });

export const detailCreateBody = z.object({ deviceId: idParam(), ...alarmFields }).refine(alarmWhole, alarmIncomplete);
export const detailBatchCreateBody = z.object({ deviceIds: ids() });

/** PATCH a detail: completed (1) or abandoned (-1), with an optional note in the message rule. */
export const detailHandleBody = z.object({
  handleStatus: z.coerce
    .number({ error: 'validation.validParam' })
    .refine((v) => v === DETAIL_STATUS.ok || v === DETAIL_STATUS.deny, 'validation.validParam'),
  note: z.preprocess(blank, maintenanceMessageRule().optional()),
});
export const detailBatchHandleBody = detailHandleBody.extend({ ids: ids() });

export const messageBody = z.object({ content: maintenanceMessageRule() });
export const messageBatchBody = messageBody.extend({ ids: ids() });

export const billPageQuery = pageQuery.extend({
  status: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'validation.validParam' })
      .refine((v) => (BILL_STATUSES as number[]).includes(v), 'validation.validParam')
      .optional(),
  ),
});
export type BillPageQuery = z.infer<typeof billPageQuery>;

export const polePageQuery = pageQuery.extend({
  groupId: optionalId(),
  filter: z.preprocess(blank, z.enum(POLE_FILTERS, { error: 'validation.validParam' }).default('all')),
});
export type PolePageQuery = z.infer<typeof polePageQuery>;
