import fs from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.js';
import { templateFor } from './db/pgdata-template.js';
import { type PgliteLike, startPgliteWorker } from './db/pglite-worker.js';
import { PLANNER_SETUP } from './db/planner.js';
import { limitHeapGrowth } from './platform/heap-growth.js';

/**
 * The server's entry: takes the data directory and starts the embedded database's worker first (it
 * opens PostgreSQL in WebAssembly, seconds of work), then loads the rest of the server (serve.ts) on
 * this thread meanwhile: on two cores the two overlap (issue 12, start time).
 */
async function main(): Promise<void> {
  limitHeapGrowth();
  const config = loadConfig();
  let embedded: { worker: PgliteLike; releaseLock: () => void } | null = null;
  if (!config.databaseUrl) {
    const releaseLock = lockDataDir(config.dataDir);
    fs.mkdirSync(config.dataDir, { recursive: true });
    embedded = { worker: startPgliteWorker(config.dataDir, PLANNER_SETUP, templateFor(config.dataDir)), releaseLock };
  }
  const { serve } = await import('./serve.js');
  await serve(config, embedded);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
