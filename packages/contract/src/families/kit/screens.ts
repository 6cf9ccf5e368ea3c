import { type FunctionOptions, fn, group } from '../../catalogue/build.js';
import { api } from '../../catalogue/grants.js';
import type { ApiGrant, CatalogueFunction, MenuGroup, ModuleCode } from '../../catalogue/types.js';

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
