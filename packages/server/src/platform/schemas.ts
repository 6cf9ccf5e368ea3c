import { LANGS } from '@sc/contract';
import { z } from 'zod';

/** The query parameters every call may carry (spec 000 §7). */
export const commonQuery = z.object({
  token: z.string().optional(),
  lang: z.enum(LANGS).optional(),
});
