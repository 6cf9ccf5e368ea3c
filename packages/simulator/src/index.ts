export { environment, sunElevation } from './cycles.js';
export { ReplyCache } from './dedup.js';
export type { FleetStats } from './device.js';
export { FAMILY_SIMS, familySim } from './families/index.js';
export { backfill, createFleet, type Fleet, type FleetOptions, simDevices } from './fleet.js';
