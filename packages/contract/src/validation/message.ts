/**
 * Validation messages travel as i18n keys with optional parameters, encoded in one string so that
 * zod can carry them: `validation.length|{"min":3,"count":25}`. Server and console decode them with
 * `decodeMessage` and translate them in the caller's language.
 */
export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

export function msg(key: string, params?: Record<string, string | number>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function decodeMessage(encoded: string): MessageRef {
  const bar = encoded.indexOf('|');
  if (bar < 0) return { key: encoded };
  try {
    return { key: encoded.slice(0, bar), params: JSON.parse(encoded.slice(bar + 1)) };
  } catch {
    return { key: encoded.slice(0, bar) };
  }
}
