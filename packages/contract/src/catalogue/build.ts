import type { ApiGrant, CatalogueFunction, MenuGroup, ModuleCode } from './types.js';

/** Builders of catalogue entries, shared by the core entries and the family manifests. */

export function group(key: string, parent: string | null, icon: string, path: string, redirect: string): MenuGroup {
  return { kind: 'group', key, parent, icon, path, redirect };
}

export interface FunctionOptions {
  menu?: boolean;
  ready?: boolean;
  authOf?: string;
  everyone?: CatalogueFunction['everyone'];
  /** Platform-wide: for roles of the root project only (see CatalogueFunction.global). */
  global?: boolean;
  apis?: ApiGrant[];
}

export function fn(
  key: string,
  parentPath: string,
  parent: string,
  icon: string,
  module: ModuleCode,
  options: FunctionOptions = {},
): CatalogueFunction {
  return {
    kind: 'function',
    key,
    path: `${parentPath}/${key}`,
    parent,
    icon,
    module,
    menu: options.menu ?? true,
    ready: options.ready ?? false,
    authOf: options.authOf,
    everyone: options.everyone,
    ...(options.global ? { global: true } : {}),
    apis: options.apis ?? [],
  };
}
