/** Kept for imports of the registry's family definitions: the families are listed in ./index.ts. */
export { ENV_READINGS, FAMILIES, familyOf } from './index.js';
