import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { translate } from '@sc/contract';
import type { Instances } from '../cluster/instances.js';
import { langOfUrl } from '../platform/lang.js';

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

/** A bound path: its literal start (a quick test), its pattern, and which of its groups is the key. */
interface Bound {
  start: string;
  pattern: RegExp;
  keyGroup: number;
}

/** `/api/:projectId/…/:key/:file` as a pattern of the whole path, each `:name` one segment. */
function boundPath(path: string, param: string): Bound {
  const names: string[] = [];
  const source = path
    .split(/(:[A-Za-z]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/?]+)';
    })
    .join('');
  const keyGroup = names.indexOf(param) + 1;
  if (!path.startsWith('/') || keyGroup === 0) throw new Error(`instance-bound path ${path} without :${param}`);
  return { start: path.slice(0, path.indexOf(':')), pattern: new RegExp(`^${source}$`), keyGroup };
}

/**
 * Requests for what another instance holds, sent to it: a bound path names the parameter that is a key
 * starting with its holder's id (cluster/instances.ts). Behind any load balancer (round
 * robin included) a viewer's playlist and segments, a post's pull and upload, a speaker's pull reach the
 * instance that has them, through the one that received them; its answer (a stream included) is relayed
 * as it comes. A key of no live instance, or one of this instance's own, is left to the route (404).
 */
export function createInstanceForward(instances: Instances) {
  const bound: Bound[] = [];

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
    /** Requests for `path` (a route's, with `:params`) are the holder's of the key in its parameter `param`. */
    bind(path: string, param: string) {
      bound.push(boundPath(path, param));
    },

    /**
     * Takes the request when it is another live instance's (true), else leaves it (false). `fallback`
     * hands it to this instance's routes when the holder cannot be reached (their 404).
     */
    tryForward(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
      const url = req.url;
      if (!url || (req.method !== 'GET' && req.method !== 'POST') || req.headers[FORWARDED]) return false;
      const query = url.indexOf('?');
      const path = query < 0 ? url : url.slice(0, query);
      let key: string | undefined;
      for (const b of bound) {
        if (!path.startsWith(b.start)) continue;
        key = b.pattern.exec(path)?.[b.keyGroup];
        if (key) break;
      }
      const owner = key ? instances.otherOwner(key) : null;
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
        // Unknown holder, a body too large: this instance's answer (its route's 404, 413) as for any miss,
        // in the caller's language as every error answer is (the body already read cannot go to the route).
        const local = () => {
          if (req.method === 'GET') return fallback();
          const [statusCode, code, key] =
            body === null
              ? [413, 'PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge']
              : [404, 'NOT_FOUND', 'errors.notFound'];
          res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ statusCode, code, message: translate(langOfUrl(req.url), key) }));
        };
        if (!address || body === null) return local();
        relay(req, res, new URL(address), req.method === 'POST' ? body : null, local);
      });
      return true;
    },
  };
}
export type InstanceForward = ReturnType<typeof createInstanceForward>;
