import { z } from 'zod';
import { handledWork } from '../../api/alarm-work.js';
import type { FamilyReading } from './manifest.js';

/** Answers every family shares; a family's manifest lists them (and its own) under `responses`. */

/** An ISO time (UTC) as the API writes it. */
export const isoTime = z.string().describe('ISO 8601 time (UTC)');

/** A page of a list (spec 000 §7 paging). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** DELETE of one of a family's records (a policy, a group). */
export const recordDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** POST …/{id}/register and …/{id}/unregister. */
export const registrationResponse = z.object({
  id: z.number().int(),
  registered: z.boolean(),
  /** Whether the connected device was told too (offline devices learn it when they reconnect). */
  delivered: z.boolean(),
});

/** POST …/{id}/{command}: the device's answer. */
export const commandResponse = z.object({
  command: z.string(),
  ok: z.literal(true),
  result: z.unknown().nullable(),
  durationMs: z.number(),
  attempts: z.number().int(),
});

/** One event of a device (or of a child a gateway speaks for). */
export const eventRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  at: isoTime,
  code: z.string(),
  eventType: z.string(),
  level: z.string(),
  detail: z.unknown().nullable(),
  /** An alarm raise a work order completed (the device's events list). */
  handled: handledWork.nullable().optional(),
});
export const eventPage = pageOf(eventRow);

/** What names a record of a project (a device, a group): its id, name and number. */
export const namedRecord = { id: z.number().int(), name: z.string(), no: z.string() };

/** A device as another names it: id, name and no. */
export const deviceRef = z.object(namedRecord);

/** The first fields of a project's own record (a media file, a resource): its id and its project. */
export const projectRecord = { id: z.number().int(), projectId: z.number().int() };

/** The last fields of a record checked before it runs (a program, a timed task): its creator, its check and its times. */
export const reviewedRecord = {
  creator: z.string(),
  checkedBy: z.string().nullable(),
  checkedAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
};

/** A device's link: its equipment id, online state, registration and last traffic. */
const deviceLink = {
  equipmentId: z.string().nullable(),
  activeState: z.number().int(),
  registered: z.boolean(),
  lastActiveAt: isoTime.nullable(),
};

/** A device in its family's list: who it is and its link (the family adds its own columns). */
export const deviceRow = deviceRef.extend(deviceLink);

/** A device behind a carrier (gateway) with its state. */
export const childRow = deviceRef.extend({ type: z.string(), ...deviceLink });
export const childList = z.array(childRow);

/** A device a cabinet powers, with the circuit that feeds it (null: the circuit is not said). */
export const fedRow = childRow.extend({ circuit: z.number().int().nullable() });

/** The shape of a readings row: `at` and each reading by its key. */
export type ReadingShape<R extends readonly FamilyReading[]> = { at: typeof isoTime } & {
  [K in R[number]['key']]: z.ZodNullable<z.ZodNumber>;
};

/** One row of readings: the pick time and every reading (null when missing or implausible). */
export const readingRow = <const R extends readonly FamilyReading[]>(readings: R) =>
  z.object({
    at: isoTime,
    ...Object.fromEntries(readings.map((r) => [r.key, z.number().nullable().describe(r.unit)])),
  }) as unknown as z.ZodObject<ReadingShape<R>>;

/** Averaged readings over a period, for a line chart. */
export const seriesOf = <const R extends readonly FamilyReading[]>(readings: R) =>
  z.object({
    /** raw: readings grouped; hour, day: from the hourly or daily rollups (long periods). */
    resolution: z.enum(['raw', 'hour', 'day']),
    bucketSeconds: z.number().int(),
    points: z.array(readingRow(readings)),
  });

/** A device's latest report: the device, when it reported (null before the first) and `fields` of it. */
export const latestReport = <F extends z.ZodRawShape>(fields: F) =>
  z.object({ id: z.number().int(), at: isoTime.nullable(), ...fields });

/** The latest state of the family's devices: the list screen's live values. */
export const latestRow = (readings: readonly FamilyReading[]) =>
  latestReport({ values: z.object(Object.fromEntries(readings.map((r) => [r.key, z.number().nullable()]))) });

/** PUT …/{id}/location: the device and where it stands now. */
export const locationAnswer = z.object({ id: z.number().int(), lng: z.number(), lat: z.number() });

/** The column of a device list that may include child projects: the device's project (absent otherwise). */
export const projectColumn = { projectName: z.string().optional() };
