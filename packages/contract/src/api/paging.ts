import { z } from 'zod';
import { LOG_PAGE_SIZE, PAGE_SIZE, SEARCH_WORD_LIMIT } from '../constants.js';
import { msg } from '../validation/message.js';
import { listedId } from '../validation/rules.js';

/** Search words: blank-separated, at most `limit` (spec 000 §5 "Search words: limit 5"). */
export const keywordRule = (limit = SEARCH_WORD_LIMIT) =>
  z
    .string()
    .trim()
    .max(200, msg('validation.tooLongMax', { count: 200 }))
    .optional()
    .transform((v) => (v ? v.split(/\s+/).filter(Boolean) : []))
    .refine((words) => words.length <= limit, msg('validation.searchWords', { count: limit }));

const pageNumber = () =>
  z.coerce
    .number({ error: 'validation.numeric' })
    .int('validation.numeric')
    .min(1, msg('validation.range', { min: 1, max: 1_000_000 }))
    .default(1);

/** Query of every `/pages` call; pageSize defaults to the system setting. */
export const pageQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce
    .number({ error: 'validation.numeric' })
    .int('validation.numeric')
    .min(PAGE_SIZE.min, msg('validation.range', { min: PAGE_SIZE.min, max: PAGE_SIZE.max }))
    .max(PAGE_SIZE.max, msg('validation.range', { min: PAGE_SIZE.min, max: PAGE_SIZE.max }))
    .optional(),
  keyword: keywordRule(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Log lists: 50 a page by default, 25-200, with a time range and a user. */
export const logPageQuery = pageQuery.extend({
  pageSize: z.coerce
    .number({ error: 'validation.numeric' })
    .int('validation.numeric')
    .min(LOG_PAGE_SIZE.min, msg('validation.range', { min: LOG_PAGE_SIZE.min, max: LOG_PAGE_SIZE.max }))
    .max(LOG_PAGE_SIZE.max, msg('validation.range', { min: LOG_PAGE_SIZE.min, max: LOG_PAGE_SIZE.max }))
    .optional(),
  from: z.coerce.date({ error: 'validation.validParam' }).optional(),
  to: z.coerce.date({ error: 'validation.validParam' }).optional(),
  account: z.string().trim().max(64).optional(),
});
export type LogPageQuery = z.infer<typeof logPageQuery>;

/** Ids of a batch call: `ids=1,2,3` in a form, or an array in JSON. */
export const idsBody = z.object({
  ids: z
    .union([z.array(z.coerce.number()), z.string().transform((s) => s.split(',').filter(Boolean).map(Number))])
    .pipe(
      z
        .array(listedId())
        .min(1, 'validation.required')
        .max(1000, msg('validation.range', { min: 1, max: 1000 })),
    ),
});

/**
 * Project screens' lists and the project map (issue 13): `includeChildren=true` adds the devices of the
 * project's descendants (the server keeps to the caller's subtree); without it, the project's own.
 */
export const projectTreeQuery = z.object({
  includeChildren: z
    .enum(['true', 'false'], { error: 'validation.validParam' })
    .optional()
    .transform((v) => v === 'true'),
});
export type ProjectTreeQuery = z.infer<typeof projectTreeQuery>;

/** The same switch in a JSON body (the map's drawn area: its preview and its command take the map's lamps). */
export const projectTreeBody = z.object({
  includeChildren: z.boolean({ error: 'validation.validParam' }).optional().default(false),
});

// ── Answers (the response schemas the server serialises through and the console's types come from)

/** A time as the API writes it: ISO 8601, UTC. */
export const isoTimeAnswer = z.string().describe('ISO 8601 time (UTC)');

/** Every paged answer (spec 000 §7 paging): the `Page<T>` shape. */
export const pageAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** The answer of a call that only confirms (deletes, sign-out, a password change). */
export const okAnswer = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswer>;

/** The answer of a batch delete: how many rows went. */
export const deletedAnswer = z.object({ deleted: z.number().int() });

/** The answer of a batch change: how many rows changed. */
export const updatedAnswer = z.object({ updated: z.number().int() });
