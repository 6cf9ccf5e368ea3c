import { CATALOGUE } from './entries.js';
import type { ApiGrant, CatalogueEntry, CatalogueFunction, MenuGroup } from './types.js';

export * from './entries.js';
export * from './grants.js';
export { MAINTENANCE_BASE } from './maintenance-grants.js';
export * from './public-screens.js';
export * from './types.js';

export const FUNCTIONS: readonly CatalogueFunction[] = CATALOGUE.filter(
  (e): e is CatalogueFunction => e.kind === 'function',
);
export const GROUPS: readonly MenuGroup[] = CATALOGUE.filter((e): e is MenuGroup => e.kind === 'group');

const byPath = new Map(FUNCTIONS.map((f) => [f.path, f]));
const byKey = new Map(FUNCTIONS.map((f) => [f.key, f]));

export function functionByPath(path: string): CatalogueFunction | undefined {
  return byPath.get(path.replace(/\/+$/, ''));
}

export function functionByKey(key: string): CatalogueFunction | undefined {
  return byKey.get(key);
}

/** The function whose permission governs `f` (itself, or its list for detail pages). */
export function permissionOwner(f: CatalogueFunction): CatalogueFunction {
  return f.authOf ? (byKey.get(f.authOf) ?? f) : f;
}

/** Functions that carry a permission of their own (detail pages borrow their list's). */
export const PERMISSION_FUNCTIONS: readonly CatalogueFunction[] = FUNCTIONS.filter((f) => !f.authOf);

/** Index: "METHOD path" → the grants of every function that owns that route. */
export function apiIndex(): Map<string, { fn: CatalogueFunction; grant: ApiGrant }[]> {
  const index = new Map<string, { fn: CatalogueFunction; grant: ApiGrant }[]>();
  for (const f of FUNCTIONS) {
    for (const grant of f.apis) {
      const k = `${grant.method} ${grant.path}`;
      const list = index.get(k) ?? [];
      list.push({ fn: f, grant });
      index.set(k, list);
    }
  }
  return index;
}

export type { CatalogueEntry };
