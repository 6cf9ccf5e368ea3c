import { DEFAULT_LANG, LANGS, type Lang } from '@sc/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the `lang` query parameter of spec 000 §7, zh_CN by default. */
export function requestLang(request: FastifyRequest): Lang {
  const raw = (request.query as Record<string, unknown> | undefined)?.lang;
  return typeof raw === 'string' && (LANGS as readonly string[]).includes(raw) ? (raw as Lang) : DEFAULT_LANG;
}
