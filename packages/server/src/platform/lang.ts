import { DEFAULT_LANG, LANGS, type Lang } from '@sc/contract';
import type { FastifyRequest } from 'fastify';

const isLang = (raw: unknown): raw is Lang => typeof raw === 'string' && (LANGS as readonly string[]).includes(raw);

/** The `lang` query parameter of a raw request target (`/path?lang=en_US`), when it names a language. */
export function langOfUrl(url: string | undefined): Lang {
  const match = /[?&]lang=([A-Za-z_]+)(?:&|$|#)/.exec(url ?? '');
  return isLang(match?.[1]) ? match[1] : DEFAULT_LANG;
}

/** The caller's language: the `lang` query parameter of spec 000 §7, zh_CN by default. */
export function requestLang(request: FastifyRequest): Lang {
  const query = request.query as Record<string, unknown> | null | undefined;
  // Requests the router refused (bad URL, parameter too long) come without a parsed query.
  if (!query || typeof query !== 'object') return langOfUrl(request.raw?.url);
  return isLang(query.lang) ? query.lang : DEFAULT_LANG;
}
