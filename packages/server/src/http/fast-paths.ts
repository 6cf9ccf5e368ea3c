import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { InstanceForward } from './instance-forward.js';

/** What a fast path sends: the body and its own headers (beside the common ones). */
export interface FastAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * Answers the rest of the path after its prefix (no query string), or null to leave the request to
 * fastify, whose route for the same URL then answers it (a miss, e.g. 404 in the caller's language).
 */
export type FastPath = (rest: string) => FastAnswer | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** GETs answered before fastify's routing, hooks and reply (absent on an app built without them). */
    fastPaths?: FastPaths;
  }
}

/**
 * A few hot GETs answered by the HTTP server before fastify: the live video's playlists and segments,
 * a couple of requests a second per viewer that need no session, body, compression or log line. Each
 * fast path only answers what it finds (200 with the common headers, the security headers of every
 * answer, and its own); everything else, a miss included, goes through fastify as before, so its
 * route, with the same checks, stays the reference for every other case (and for `inject`).
 */
export function createFastPaths({ forward }: { forward?: InstanceForward } = {}) {
  const paths: { prefix: string; answer: FastPath }[] = [];
  let common: Record<string, string> = {};

  const tryFast = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || url.includes('?')) return false;
    for (const { prefix, answer } of paths) {
      if (!url.startsWith(prefix)) continue;
      const found = answer(url.slice(prefix.length));
      if (!found) return false;
      res.writeHead(200, { ...common, ...found.headers, 'content-length': String(found.body.length) });
      res.end(found.body);
      return true;
    }
    return false;
  };

  /** Fastify's `serverFactory`: its HTTP/1 server as it makes one, the fast paths tried first. */
  const serverFactory: FastifyServerFactory = (handler, factoryOptions) => {
    // Fastify's options, its defaults filled in.
    const options = factoryOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket: number;
    };
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (forward?.tryForward(req, res, () => handler(req, res))) return;
      if (paths.length === 0 || !tryFast(req, res)) handler(req, res);
    });
    // As fastify sets up its own server (lib/server.js), which it leaves to a factory.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  return {
    serverFactory,
    /** The headers of every answer (the security headers), known once they are registered. */
    headers(headers: Record<string, string>) {
      common = { ...headers };
    },
    /** A GET under `prefix` (a path ending with '/') tried before fastify. */
    get(prefix: string, answer: FastPath) {
      if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new Error(`fast path prefix ${prefix}`);
      paths.push({ prefix, answer });
    },
    /**
     * Requests for `path` (a route's, with `:params`) whose parameter `param` is a key of what one instance
     * holds (`FamilyContext.instanceKey`, or one starting with `instanceId`): another instance's are sent to it
     * (http/instance-forward.ts).
     */
    instanceBound(path: string, param: string) {
      forward?.bind(path, param);
    },
  };
}
export type FastPaths = ReturnType<typeof createFastPaths>;
