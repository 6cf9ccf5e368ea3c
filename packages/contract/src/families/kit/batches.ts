import { z } from 'zod';
import { msg } from '../../validation/message.js';
import type { FamilyEndpoints } from './calls.js';
import type { FamilyCommand } from './manifest.js';
import { isoTime } from './responses.js';

/** A batch started: its id for the progress call and pushes, the command, how many devices. */
export const batchStarted = z.object({
  batchId: z.string(),
  command: z.string(),
  total: z.number().int(),
});

/** GET batches/{batchId}: progress and each device's result (also pushed as `batch` on the realtime channel). */
export const batchStatus = z.object({
  batchId: z.string(),
  command: z.string(),
  total: z.number().int(),
  acknowledged: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  done: z.boolean(),
  /** `interrupted`: the instance running it stopped; the pending devices were not sent (or not answered). */
  state: z.enum(['running', 'done', 'interrupted']),
  startedAt: isoTime,
  finishedAt: isoTime.nullable(),
  results: z.array(
    z.object({
      deviceId: z.number().int(),
      name: z.string(),
      ok: z.boolean().nullable(),
      /** offline, timeout, or the device's error. */
      error: z.string().nullable(),
      durationMs: z.number().nullable(),
    }),
  ),
});

/** Device ids: a list, or a comma-separated string (a form), of at most `max` positive integers. */
export const idList = (max: number) =>
  z
    .union([z.array(z.coerce.number()), z.string().transform((s) => s.split(',').filter(Boolean).map(Number))])
    .pipe(
      z
        .array(z.number().int('validation.validParam').positive('validation.validParam'))
        .max(max, msg('validation.range', { min: 1, max })),
    );

/**
 * POST batch/command of a family: one of its `commands` to `ids` of its devices, the arguments checked
 * by that command's own schema (its messages under `args.<field>`).
 */
export function familyBatchBody<const C extends readonly FamilyCommand[]>(commands: C, max = 10_000) {
  const names = commands.map((c) => c.name) as [C[number]['name'], ...C[number]['name'][]];
  return z
    .object({
      ids: idList(max).pipe(z.array(z.number()).min(1, 'validation.required')),
      command: z.enum(names, { error: 'validation.validParam' }),
      args: z.record(z.string(), z.unknown()).optional().default({}),
    })
    .superRefine((v, ctx) => {
      const parsed = commands.find((c) => c.name === v.command)?.args.safeParse(v.args);
      if (parsed && !parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['args', ...issue.path.map(String)], message: issue.message });
    });
}

/** GET batches/:batchId: a batch's progress and each device's result. */
export const batchStatusCall = <S extends string>(e: FamilyEndpoints<S>) => ({
  batchStatus: e.get('batches/:batchId', {
    params: { batchId: z.string().uuid('validation.validParam') },
    response: batchStatus,
    summary: "A batch's progress and each device's result",
  }),
});

/**
 * Batches of a family: one of its commands to many of its devices, crash-safe and through their
 * gateways (the server kit's batches), with the progress call.
 */
export const batchCalls = <S extends string, const C extends readonly FamilyCommand[]>(
  e: FamilyEndpoints<S>,
  commands: C,
) => ({
  batch: e.post('batch/command', {
    body: familyBatchBody(commands),
    response: batchStarted,
    summary: "Send one of the family's commands to many of its devices; progress arrives as realtime `batch` pushes",
  }),
  ...batchStatusCall(e),
});
