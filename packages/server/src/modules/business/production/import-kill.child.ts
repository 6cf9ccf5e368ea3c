/**
 * The process production.import.test.ts kills with SIGKILL in the middle of a bulk write: it opens the
 * database of DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL), imports ROWS items numbered KILL-…, and
 * prints the rows written after each committed chunk. It never finishes on its own terms.
 */
import { openPglite, openPostgres } from '../../../db/client.js';
import { createProductionRepository } from './production.repository.js';

const database = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL, 2)
  : await openPglite(process.env.DATA_DIR!);
const repo = createProductionRepository(database.db);
const rows = Number(process.env.ROWS);
const modelId = Number(process.env.MODEL_ID);
const projectId = Number(process.env.PROJECT_ID);
await repo.insertAll(
  Array.from({ length: rows }, (_, i) => ({
    name: `被杀${i}`,
    no: `KILL-${i}`,
    key1: `k${i}`,
    modelId,
    projectId,
    description: '',
  })),
  {
    afterChunk: async (written) => {
      process.stdout.write(`written ${written}\n`);
      // Slow enough for the test to kill it between chunks, as a crash would.
      await new Promise((r) => setTimeout(r, 200));
    },
  },
);
process.stdout.write('finished\n');
