import { defineConfig } from 'vitest/config';
import { webMocksProject, webProject } from './packages/web/vitest.config.ts';

/**
 * One runner for every suite. The server suites run once on PGlite and, when TEST_DATABASE_URL points
 * at a PostgreSQL cluster, once more on it (scripts/test.mjs starts a throwaway one when it can).
 */
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Suites that never reach the database (or only PGlite's own): run once, with the PGlite suites. */
const NO_DATABASE = [
  'src/db/pglite-*.test.ts',
  'src/db/pgdata-template.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/config.test.ts',
  'src/start-script.test.ts',
  'src/node-engines.test.ts',
  'src/platform/*-cache.test.ts',
  'src/platform/response-serializer.test.ts',
];

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: 'packages/server',
    include: ['src/**/*.test.ts'],
    exclude,
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The migrated template each test file's database is copied from (src/test/template-database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Files share their worker's modules: importing the server's graph again for every file was a third
    // of the suite's time (PGlite 239 → 154 s on 2 cores). Each file builds its own app and database,
    // and the suites pass with the files in any order (`--sequence.shuffle.files`).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server', { TEST_DB: 'pglite' }),
      ...(withPostgres
        ? [
            // The fuzz suite's other seed on PostgreSQL, shorter: the request handling it tries is the same.
            serverProject('server-pg', { TEST_DB: 'pg', FUZZ_REQUESTS: '600', FUZZ_SEED: '20261127' }, NO_DATABASE),
          ]
        : []),
      webProject,
      webMocksProject,
      {
        test: {
          name: 'simulator',
          root: 'packages/simulator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['../server/src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          // Generous: a journey beside another on two cores may wait a while for its server or browser.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each journey has its own server and browser; scripts/test.mjs runs two at once (they wait on
          // devices and timers much of the time) and the ones listed there as heavy alone afterwards.
        },
      },
    ],
  },
});
