import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Text no field may carry: NUL (PostgreSQL refuses 0x00 in text), the other C0 control characters
 * except tab, line feed and carriage return, and UTF-16 surrogates without their pair (not text at all).
 */
export function isInvalidText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    }
  }
  return false;
}

/** The path (`a.b.0`) of the first key or string value holding invalid text, or null. */
export function findInvalidText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isInvalidText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInvalidText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (isInvalidText(key)) return path;
    const found = findInvalidText(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const refuse = (field: string) => badRequest('errors.invalidText', [{ field, key: 'errors.invalidText' }]);

/**
 * One check for every call (issue 11): a query, path or body value with invalid text is refused as
 * invalid input with the localised message before any handler, hook or database sees it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const inParams = findInvalidText(request.params);
    if (inParams !== null) throw refuse(inParams);
    const inQuery = findInvalidText(request.query);
    if (inQuery !== null) throw refuse(inQuery);
  });
  app.addHook('preValidation', async (request) => {
    const inBody = findInvalidText(request.body);
    if (inBody !== null) throw refuse(inBody);
  });
}
