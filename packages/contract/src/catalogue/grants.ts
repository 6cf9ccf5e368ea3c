import { AUTH_LEVEL, type AuthLevel } from '../enums.js';
import type { ApiGrant, HttpMethod } from './types.js';

const levelOf = (method: HttpMethod) => (method === 'GET' ? AUTH_LEVEL.view : AUTH_LEVEL.modify);

/** A single grant: GET needs view, other verbs modify, unless `level` says otherwise. */
export function api(method: HttpMethod, path: string, level: AuthLevel = levelOf(method)): ApiGrant {
  return { method, path, level };
}

/** The spec's usual resource shape: list, /pages, GET/PUT/DELETE /{id}, POST. */
export function crud(base: string, options: { batchDelete?: boolean } = {}): ApiGrant[] {
  const grants = [
    api('GET', base),
    api('GET', `${base}/pages`),
    api('GET', `${base}/:id`),
    api('POST', base),
    api('PUT', `${base}/:id`),
    api('DELETE', `${base}/:id`),
  ];
  if (options.batchDelete) grants.push(api('DELETE', base));
  return grants;
}
