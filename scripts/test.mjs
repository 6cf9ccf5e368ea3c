#!/usr/bin/env node
// `npm test`: every suite. Builds the console (the browser journeys use it), finds or installs
// Chromium, starts a throwaway PostgreSQL cluster when the binaries are here so the server suites
// run on PGlite and on PostgreSQL, runs vitest, and ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_INSTALL_HINT, ensureChromium } from './lib/chromium.mjs';
import { findPostgresBin, startPostgresCluster } from './lib/postgres-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true';
const args = process.argv.slice(2);
const env = { ...process.env };

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

const chromium = ensureChromium();
if (!chromium)
  fail(
    `The browser journeys need Chromium. Install it with:\n  ${CHROMIUM_INSTALL_HINT}\nor set CHROMIUM_PATH to a Chromium executable.`,
  );
env.CHROMIUM_PATH = chromium;

// Static checks first: they fail fast and cost seconds.
for (const project of ['packages/contract', 'packages/server', 'packages/web', 'packages/simulator', 'e2e']) {
  if (!fs.existsSync(path.join(root, project, 'tsconfig.json'))) continue;
  const tsc = spawnSync('npx', ['tsc', '-p', project], { cwd: root, stdio: 'inherit', env });
  if (tsc.status !== 0) fail(`Type errors in ${project}.`);
}
const lint = spawnSync('npx', ['biome', 'check', '.'], { cwd: root, stdio: 'inherit', env });
if (lint.status !== 0) fail('Lint or format problems: run `npm run format` and `npm run lint`.');

const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', env });
if (build.status !== 0) fail('Building the console or the server failed.');

let cluster = null;
if (!env.TEST_DATABASE_URL) {
  const bin = findPostgresBin();
  if (bin) {
    cluster = await startPostgresCluster(bin);
    env.TEST_DATABASE_URL = cluster.url;
    console.log(`PostgreSQL suites on a throwaway cluster (${bin})`);
  } else if (ci) {
    fail(
      'CI must run the server suites on PostgreSQL too: install postgresql (apt-get install -y postgresql) or set TEST_DATABASE_URL.',
    );
  } else {
    console.warn(
      'No PostgreSQL found (apt-get install -y postgresql, or set TEST_DATABASE_URL): the server suites run on PGlite only.',
    );
  }
}

/** Journeys that need the machine to themselves (CPU-bound video): run after the rest, alone. */
const SERIAL_JOURNEYS = ['camera.e2e.ts'];

// Unit and API suites first, then the browser journeys on their own: on a 2-core machine the
// journeys' timings are only fair without the server suites competing for the CPU.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-test-'));
const runs = args.length
  ? [['all', args]]
  : [
      [
        'suites',
        [
          // vitest keeps one core for itself (cores - 1 workers): on CI's 2 cores that is one worker,
          // and the suites are CPU-bound in it while the main process idles. A worker per core takes
          // the suites from about 19 to about 12 minutes there.
          `--maxWorkers=${os.availableParallelism()}`,
          '--project',
          'contract',
          '--project',
          'server',
          ...(env.TEST_DATABASE_URL ? ['--project', 'server-pg'] : []),
          '--project',
          'web',
          '--project',
          'web-mocks',
          '--project',
          'simulator',
        ],
      ],
      // Two journeys at once: each spends much of its time waiting on its simulated devices, timers
      // and the browser, so a second one uses the idle core. The camera journey keeps both cores busy
      // (nine ffmpeg streams that must all advance) and runs alone after. The two screen walks (every
      // screen at 1366 px with axe, and at 390 px) draw screen after screen but wait on each screen's
      // own readiness, so they share the machine like the rest.
      ['journeys', ['--project', 'e2e', '--maxWorkers=2', ...SERIAL_JOURNEYS.flatMap((j) => ['--exclude', `**/${j}`])]],
      ['journeys-alone', ['--project', 'e2e', '--maxWorkers=1', ...SERIAL_JOURNEYS]],
    ];
let status = 0;
try {
  for (const [name, runArgs] of runs) {
    const report = path.join(reports, `${name}.json`);
    const run = spawnSync(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...runArgs],
      { cwd: root, stdio: 'inherit', env },
    );
    if ((run.status ?? 1) !== 0) status = run.status ?? 1;
  }
} finally {
  cluster?.stop();
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(reports)) {
  const r = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status);
