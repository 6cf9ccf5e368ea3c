import { apiIndex, PUBLIC_APIS, SESSION_APIS } from '@sc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessService, Levels } from '../modules/access/access.service.js';
import type { SessionService } from '../modules/session/session.service.js';
import { forbidden, unauthorized } from './errors.js';
import { requestToken } from './request-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's levels, computed once per request when a handler or the hook needs them. */
    levels(): Promise<Levels>;
  }
}

export const API_DOCS_PREFIX = '/api/docs';

const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/**
 * The one place where every API call is authorised from the catalogue (DESIGN.md §4): public calls
 * pass, session calls need a signed-in user, every other route needs the level its catalogue grant
 * names on at least one function that owns it. A route the catalogue does not know is refused.
 */
export function registerAuthorization(
  app: FastifyInstance,
  deps: { sessions: SessionService; access: AccessService },
): void {
  const publicRoutes = new Set(PUBLIC_APIS.map((r) => routeKey(r.method, r.path)));
  const sessionRoutes = new Set(SESSION_APIS.map((r) => routeKey(r.method, r.path)));
  const grants = apiIndex();

  // Fail closed at start-up: an API route nobody classified would otherwise be refused at run time
  // only, or worse, forgotten in the catalogue that drives permissions.
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!(url.startsWith('/api/') || url.startsWith('/code/')) || url.startsWith(API_DOCS_PREFIX)) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      const key = routeKey(method, url);
      if (method !== 'HEAD' && !publicRoutes.has(key) && !sessionRoutes.has(key) && !grants.has(key)) {
        throw new Error(`${key} is not in the catalogue (packages/contract) nor in PUBLIC_APIS or SESSION_APIS`);
      }
    }
  });

  app.decorateRequest('session', null);
  app.decorateRequest('levels', function (this: FastifyRequest) {
    const session = this.session;
    if (!session) return Promise.resolve(new Map());
    const memo = this as FastifyRequest & { _levels?: Promise<Levels> };
    memo._levels ??= deps.access.levelsFor(session);
    return memo._levels;
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !(url.startsWith('/api/') || url.startsWith('/code/'))) return; // static console files
    if (url.startsWith(API_DOCS_PREFIX)) return; // the OpenAPI description is public
    const key = routeKey(request.method, url);
    if (publicRoutes.has(key)) return;

    const token = requestToken(request);
    if (!token) throw unauthorized();
    const session = await deps.sessions.resolve(token);
    if (!session) throw unauthorized();
    request.session = session;
    if (sessionRoutes.has(key)) return;

    const owners = grants.get(key);
    if (!owners) throw forbidden();
    const levels = await request.levels();
    const allowed = owners.some(({ fn, grant }) => deps.access.levelOf(levels, fn) >= grant.level);
    if (!allowed) throw forbidden();
  });
}
