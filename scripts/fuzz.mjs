#!/usr/bin/env node
// The longer run of the OpenAPI-driven fuzz suite (issue 11; docs/security.md):
//   node scripts/fuzz.mjs [--requests 10000] [--seed N] [--pg]
// Runs packages/server/src/platform/fuzz.test.ts with more requests. --pg runs it on PostgreSQL:
// TEST_DATABASE_URL when set, else a throwaway cluster. Fails on any 5xx or malformed error answer.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findPostgresBin, startPostgresCluster } from './lib/postgres-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const requests = Number(option('requests', '10000'));
const seed = Number(option('seed', String(Date.now() % 1_000_000_000)));
const pg = args.includes('--pg');
if (!Number.isInteger(requests) || requests < 1) {
  console.error('--requests must be a positive integer');
  process.exit(2);
}

const env = { ...process.env, FUZZ_REQUESTS: String(requests), FUZZ_SEED: String(seed) };
let cluster = null;
if (pg && !env.TEST_DATABASE_URL) {
  const bin = findPostgresBin();
  if (!bin) {
    console.error('--pg needs PostgreSQL: set TEST_DATABASE_URL or install postgresql');
    process.exit(2);
  }
  cluster = await startPostgresCluster(bin);
  env.TEST_DATABASE_URL = cluster.url;
}
console.log(
  `Fuzzing ${requests} requests, seed ${seed}, on ${pg ? 'PostgreSQL' : 'PGlite'} (replay with --seed ${seed})`,
);
const started = Date.now();
let status = 1;
try {
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', pg ? 'server-pg' : 'server', 'src/platform/fuzz.test.ts'],
    { cwd: root, stdio: 'inherit', env },
  );
  status = run.status ?? 1;
} finally {
  cluster?.stop();
}
console.log(`${status === 0 ? 'No' : 'Some'} faults found; ${Math.round((Date.now() - started) / 1000)} s in all.`);
process.exit(status);
