import { z } from 'zod';
import { isoTime } from './responses.js';

/**
 * Spec 001 §3 "record types normal, event, warning, manual": the kinds of video record a recorder keeps
 * and a camera keeps on its own card alike.
 */
export const VIDEO_RECORD_TYPES = ['normal', 'event', 'warning', 'manual'] as const;
export type VideoRecordType = (typeof VIDEO_RECORD_TYPES)[number];

/** One video record as a search answers it: its kind, period and length (seconds) and size (bytes). */
export const videoRecord = z.object({
  type: z.enum(VIDEO_RECORD_TYPES),
  start: isoTime,
  end: isoTime,
  /** Length, seconds. */
  seconds: z.number().int(),
  size: z.number(),
});

/**
 * One record as a device answers its records command: its type, start and end (ISO) and size in bytes
 * (a camera's own; a recorder's extends it with its channel).
 */
export const deviceVideoRecord = z.object({
  type: z.enum(VIDEO_RECORD_TYPES),
  start: z.string().refine((s) => !Number.isNaN(Date.parse(s))),
  end: z.string().refine((s) => !Number.isNaN(Date.parse(s))),
  size: z.number().nonnegative(),
});

/** A device's answer to its records command: its records (malformed ones are left out) and whether it holds more. */
export const deviceVideoRecords = z.object({ files: z.array(z.unknown()), truncated: z.boolean().optional() });

/**
 * A record search's answer: the device, the period asked, the records of `file`'s shape (a camera's
 * own, a recorder's with their channel) and whether the device holds more than it answered.
 */
export const videoRecords = <F extends z.ZodType>(file: F) =>
  z.object({
    id: z.number().int(),
    from: isoTime,
    to: isoTime,
    files: z.array(file),
    /** The device holds more records than it answered: narrow the period or the type. */
    truncated: z.boolean(),
  });
