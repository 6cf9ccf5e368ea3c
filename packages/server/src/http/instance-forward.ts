import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Instances } from '../cluster/instances.js';

/** A request already forwarded once carries this: it is never sent on again (no loops). */
const FORWARDED = 'x-sc-forwarded-by';
/** The largest body forwarded (a post's audio upload is at most 64 KB). */
const BODY_MAX = 1024 * 1024;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
]);

const without = (headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name, v]) => v !== undefined && !HOP_BY_HOP.has(name)));

/**
 * Requests for what another instance holds, sent to it: under a bound prefix, the path segment after it
 * is a key that starts with its holder's id (cluster/instances.ts). Behind any load balancer (round
 * robin included) a viewer's playlist and segments, a post's pull and upload, a speaker's pull reach the
 * instance that has them, through the one that received them; its answer (a stream included) is relayed
 * as it comes. A key of no live instance, or one of this instance's own, is left to the route (404).
 */
export function createInstanceForward(instances: Instances) {
  const prefixes: string[] = [];

  function relay(req: IncomingMessage, res: ServerResponse, target: URL, body: Buffer | null, fallback: () => void) {
    const headers: http.OutgoingHttpHeaders = {
      ...without(req.headers),
      host: target.host,
      [FORWARDED]: instances.id,
      'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
      ...(body ? { 'content-length': String(body.length) } : {}),
    };
    const out = http.request(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, without(answer.headers));
        // A stream's head goes at once: its first bytes may come much later (a pull waits for a voice).
        res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    out.on('error', () => {
      if (res.headersSent) res.destroy();
      else fallback();
    });
    // The caller gone (a pull ended): the holder's answer is not read any further.
    res.on('close', () => out.destroy());
    out.end(body ?? undefined);
  }

  return {
    /** Requests under `prefix` (a path ending with '/') whose next segment is a key are the key holder's. */
    bind(prefix: string) {
      if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new Error(`instance-bound prefix ${prefix}`);
      prefixes.push(prefix);
    },

    /**
     * Takes the request when it is another live instance's (true), else leaves it (false). `fallback`
     * hands it to this instance's routes when the holder cannot be reached (their 404).
     */
    tryForward(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
      const url = req.url;
      if (!url || (req.method !== 'GET' && req.method !== 'POST') || req.headers[FORWARDED]) return false;
      const prefix = prefixes.find((p) => url.startsWith(p));
      if (!prefix) return false;
      const rest = url.slice(prefix.length);
      const key = rest.slice(0, rest.search(/[/?]|$/));
      const owner = instances.otherOwner(key);
      if (!owner) return false;
      const chunks: Buffer[] = [];
      let size = 0;
      const bodyRead =
        req.method === 'POST'
          ? new Promise<Buffer | null>((resolve) => {
              req.on('data', (chunk: Buffer) => {
                size += chunk.length;
                if (size <= BODY_MAX) chunks.push(chunk);
              });
              req.on('end', () => resolve(size <= BODY_MAX ? Buffer.concat(chunks) : null));
              req.on('error', () => resolve(null));
            })
          : Promise.resolve(Buffer.alloc(0));
      void Promise.all([instances.urlOf(owner).catch(() => null), bodyRead]).then(([address, body]) => {
        // Unknown holder, a body too large: this instance's answer (its route's 404, 413) as for any miss.
        const local = () => {
          if (req.method === 'GET') return fallback();
          res.writeHead(body === null ? 413 : 404, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ statusCode: body === null ? 413 : 404, code: body === null ? 'TOO_LARGE' : 'NOT_FOUND' }),
          );
        };
        if (!address || body === null) return local();
        relay(req, res, new URL(address), req.method === 'POST' ? body : null, local);
      });
      return true;
    },
  };
}
export type InstanceForward = ReturnType<typeof createInstanceForward>;
