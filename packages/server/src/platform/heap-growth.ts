import v8 from 'node:v8';

/**
 * How much V8 lets a heap grow past what its last full collection kept before collecting again, in
 * percent. Left to itself on a machine with memory it grows a busy heap up to four times: under a
 * telemetry burst the server's heap kept about 90 MB and reached 340 MB of garbage between two
 * collections, the process (with PGlite) 680-710 MB; at 100 the heap peaked at 190 MB and the process
 * at 505 MB, storing as much (docs/performance.md, "the last two targets").
 */
const HEAP_GROWING_PERCENT = 100;

/**
 * Sets HEAP_GROWING_PERCENT for every heap of the process (flags are process-wide, read at each
 * collection), unless the operator gave node one (NODE_OPTIONS or the command line).
 */
export function limitHeapGrowth() {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('heap-growing-percent'));
  if (!given) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
