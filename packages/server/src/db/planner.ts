/**
 * Joins are planned in the order the queries write them: a record, then the lookups it refers to.
 * Searching every order of a device with its seven lookups cost 40-75 ms of planning for 0.6 ms of
 * execution per list page (docs/performance.md).
 */
export const PLANNER_SETTINGS = { join_collapse_limit: 1, from_collapse_limit: 1 };
/** The settings as PostgreSQL connection options. */
export const PLANNER_OPTIONS = Object.entries(PLANNER_SETTINGS)
  .map(([k, v]) => `-c ${k}=${v}`)
  .join(' ');
/** The settings as SQL for PGlite's one connection (its session settings hold for every query). */
export const PLANNER_SETUP = Object.entries(PLANNER_SETTINGS)
  .map(([k, v]) => `SET ${k} = ${v};`)
  .join(' ');

/**
 * PGlite's server settings: shared buffers of 64 MB instead of 128 MB. Its WebAssembly heap only grows,
 * so the buffers a telemetry burst fills stay in the process's memory; 64 MB kept a 20 s burst at
 * 664 MB (761 with 128 MB) while still storing 0.69 of what the broker alone passes (32 MB: 602 MB but
 * 0.4, the writer's index pages evicted); with the heap growth limit of main.ts the process now peaks at
 * 530-557 MB. docs/performance.md, "PGlite's shared buffers" and "the last two targets".
 */
export const PGLITE_CONF = 'shared_buffers = 64MB\n';
