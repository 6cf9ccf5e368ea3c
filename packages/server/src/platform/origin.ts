import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser call comes from the console's own page (issue 11, the realtime WebSocket): its
 * `Origin` names the host the call was made to (`Host`, or `X-Forwarded-Host` with TRUST_PROXY), or an
 * origin of ALLOWED_ORIGINS (deployments whose proxy rewrites the host). A call without `Origin` is not
 * from a browser page (scripts, devices, other servers) and carries its own token: it passes.
 */
export function originGuard(allowedOrigins: readonly string[]): (request: FastifyRequest) => boolean {
  const listed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (request) => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // "null" (a sandboxed or file page) or garbage
    }
    if (listed.has(url.origin)) return true;
    const host = request.host.toLowerCase();
    if (url.host.toLowerCase() === host) return true;
    // A proxy that passes the name without the port (nginx's `$host`): only the name can be compared.
    return !/:\d+$/.test(host) && url.hostname.toLowerCase() === host;
  };
}
