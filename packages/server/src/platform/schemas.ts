import { LANGS } from '@sc/contract';
import { z } from 'zod';

/** The query parameters every call may carry (spec 000 §7). */
export const commonQuery = z.object({
  token: z.string().optional(),
  lang: z.enum(LANGS).optional(),
});

/**
 * A 200 answer that is a file, not JSON (a photo, a PDF): the route sends the bytes as they are (no serialiser
 * runs for a Buffer), so the schema only tells the OpenAPI document what comes back, per content type.
 */
export const fileAnswer = (description: string, ...types: string[]) => {
  const schema = z.any().meta({ type: 'string', format: 'binary', description });
  return { content: Object.fromEntries(types.map((type) => [type, { schema }])) };
};
