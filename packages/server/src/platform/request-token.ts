import type { FastifyRequest } from 'fastify';

/** The session token: the `token` query parameter of spec 000 §7, or an `Authorization: Bearer` header. */
export function requestToken(request: FastifyRequest): string | null {
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof query === 'string' && query.length > 0) return query;
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}
