import { z } from 'zod';
import { storedFile } from '../../endpoints/endpoint.js';
import { int as setting } from '../../settings/kinds.js';
import { intRange } from '../../validation/rules.js';
import type { FamilyEndpoints } from '../kit/calls.js';
import { blank } from '../kit/forms.js';
import { type PeriodError, periodLimitError } from '../kit/periods.js';
import { deviceRef, isoTime, pageOf, projectRecord } from '../kit/responses.js';

/**
 * The alarm recordings (spec 001 §2 "pjtdeviceecerecord"): every answered call is recorded by the server
 * as it relays it, the post's voice on the left channel and the operator's on the right of one WAV,
 * written to the database while the call goes on, so a server that dies mid-call loses its last seconds
 * only (the recording is then marked interrupted).
 */

/** Spec 001 §5 / §9 "ECE record period required, at most 30 days". */
export const ECE_RECORD_DAYS = 30;

/**
 * The longest call recorded, minutes (the setting eceRecordMinutes): a call going on longer keeps its
 * first minutes and is marked cut. 10 minutes of the stereo 16 kHz WAV are about 37 MB.
 */
export const ECE_RECORD_MINUTES = { min: 1, max: 30, default: 10 } as const;
export const eceRecordSetting = setting('eceRecordMinutes', 'device', ECE_RECORD_MINUTES);

/** What a recording's audio is: WAV, 16-bit PCM, 16 kHz, two channels (left the post, right the seat). */
export const ECE_RECORD_FORMAT = { mime: 'audio/wav', sampleRate: 16_000, channels: 2, bits: 16 } as const;

/**
 * What is wrong with a recordings search's period (both given, `from` before `to`, at most
 * ECE_RECORD_DAYS): a message key with its parameters, null when it is right. The server checks it and
 * the console's form before asking.
 */
export function recordPeriodError(from: Date | undefined, to: Date | undefined): PeriodError {
  if (!from || !to) return { key: 'ece.rules.periodRequired' };
  return periodLimitError('ece', from, to, ECE_RECORD_DAYS, 86_400_000);
}

const periodTime = z.preprocess(blank, z.coerce.date({ error: 'ece.rules.periodRequired' }).optional());

/**
 * GET …/recordings: a page (25 by default, 5-100) of the project's recordings begun in the period (both
 * ends required, at most 30 days: `recordPeriodError`), of one post when given, newest first.
 */
export const recordQuery = z.object({
  page: z.preprocess(blank, intRange(1, 1_000_000).default(1)),
  pageSize: z.preprocess(blank, intRange(5, 100).default(25)),
  deviceId: z.preprocess(blank, intRange(1, 2147483647).optional()),
  from: periodTime,
  to: periodTime,
});
export type RecordQuery = z.infer<typeof recordQuery>;

/** One recording: the call it belongs to (alarm, post, event), when it began, how long and large it is. */
export const eceRecording = z.object({
  ...projectRecord,
  alarmId: z.number().int(),
  device: deviceRef,
  eventId: z.string(),
  eventType: z.string(),
  /** When the operator answered (the recording's first sample). */
  startTime: isoTime,
  /** Length, milliseconds. */
  durationMs: z.number().int(),
  /** The WAV's size, bytes. */
  size: z.number().int(),
  /** Whether the call went on beyond the setting eceRecordMinutes and only its first minutes are kept. */
  cut: z.boolean(),
  /**
   * Whether the server stopped during the call (a crash, a kill): the recording holds what was stored
   * until then (it is written as the call goes on, a chunk every 4 s) and was finalised after the restart.
   */
  interrupted: z.boolean(),
  /** The operator who answered. */
  answeredBy: z.string(),
});
export type EceRecording = z.infer<typeof eceRecording>;

/** The recordings' calls: the search, and one recording's audio (HTTP Range answered with 206). */
export const eceRecordCalls = <S extends string>(e: FamilyEndpoints<S>) => ({
  recordings: e.get('recordings', {
    query: recordQuery,
    response: pageOf(eceRecording),
    summary: `The project's call recordings begun in a period (from and to required, at most ${ECE_RECORD_DAYS} days, else 400), of one post when given, newest first`,
  }),
  recordingAudio: e.get('recordings/:recordingId/audio', {
    response: storedFile,
    summary:
      "A recording's audio (audio/wav, 16 kHz 16-bit, left the post, right the operator); a Range header of bytes is answered 206 with that part, so a player can seek",
  }),
});
