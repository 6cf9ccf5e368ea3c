import { type FunctionOptions, fn, group } from '../../catalogue/build.js';
import { api } from '../../catalogue/grants.js';
import type { ApiGrant, CatalogueFunction, HttpMethod, MenuGroup, ModuleCode } from '../../catalogue/types.js';
import type { FamilyCommand } from './manifest.js';

/** A menu group of the project area (spec 001 §2 /pjt). */
export const familyGroup = (key: string, icon: string): MenuGroup =>
  group(key, 'pjt', icon, '/pjt', '/pjt/pjtprojectsummary');

/** A screen of the project area: /pjt/<key>. */
export const familyScreen = (
  key: string,
  parent: string,
  icon: string,
  module: ModuleCode,
  options?: FunctionOptions,
): CatalogueFunction => fn(key, '/pjt', parent, icon, module, options);

/** What every device-family screen reads of its devices: a family screen needs no device-list grant. */
export const FAMILY_READS: ApiGrant[] = [
  api('GET', '/api/pjts/:projectId/devices.do/family'),
  api('GET', '/api/pjts/:projectId/devices.do/one/:id'),
  api('GET', '/api/pjts/:projectId/devices.do/children/:id'),
];

/**
 * The calls of a family that need no sign-in (a public display): `/api/pub/iot/<segment>/<sub>`. The
 * manifest lists them in `publicApis` (the catalogue's PUBLIC_APIS read them), the server registers
 * them with `path`: a public path is written once, in the family's folder.
 */
export function familyPublicCalls(segment: string) {
  const base = `/api/pub/iot/${segment}`;
  const path = (sub: string) => `${base}/${sub}`;
  return { base, path };
}

/**
 * The calls of one family, `/api/pjts/:projectId/iot/<slug>/<sub>` (spec 001 §7): the server registers
 * its routes with `path`, the catalogue grants them with the same builder, so a path is written once.
 */
export function familyCalls(slug: string) {
  const base = `/api/pjts/:projectId/iot/${slug}`;
  const path = (sub = '') => (sub ? `${base}/${sub}` : base);
  return {
    base,
    path,
    grant: (method: HttpMethod, sub = '') => api(method, path(sub)),
    get: (sub = '') => api('GET', path(sub)),
    post: (sub = '') => api('POST', path(sub)),
    put: (sub = '') => api('PUT', path(sub)),
    delete: (sub = '') => api('DELETE', path(sub)),
    /** POST …/:id/register and …/:id/unregister. */
    registration: (): ApiGrant[] => ['register', 'unregister'].map((c) => api('POST', path(`:id/${c}`))),
    /** POST …/:id/<command> for each command of the manifest. */
    commands: (commands: readonly FamilyCommand[]): ApiGrant[] =>
      commands.map((c) => api('POST', path(`:id/${c.name}`))),
  };
}
