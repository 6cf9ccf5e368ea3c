import { FAMILY_MANIFESTS } from '@sc/contract';

/**
 * Device types for the tests of shared screens (lists, map, realtime, wizard), taken from the contract's
 * family list: outside web/src/families/ no file names a family type, tests included (the guard in
 * server/src/iot/families/families.guard.test.ts). Any family does: these screens treat types alike.
 */
const TYPES = FAMILY_MANIFESTS.map((f) => f.type);
export const TYPE_A = TYPES[0]!;
export const TYPE_B = TYPES[1]!;
export const TYPE_C = TYPES[2]!;
