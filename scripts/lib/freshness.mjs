// Whether a build is older than its sources (by modification time), for `npm start` and the tests.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Newest modification time under `target` (a file or a folder, walked; node_modules and dist skipped). */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when `built` (a file relative to the repository) is missing or older than any of `sources`. */
export function isStale(built, sources) {
  const file = path.join(root, built);
  const builtAt = fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
  return builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
}

/** What the console's build is made of. */
export const WEB_SOURCES = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/precompress.ts',
  'packages/contract/src',
  'packages/web/package.json',
  'packages/contract/package.json',
];
export const WEB_BUILT = 'packages/web/dist/.vite/manifest.json';

/** What the server's build (scripts/build-server.mjs) is made of. */
export const SERVER_SOURCES = [
  'packages/server/src',
  'packages/contract/src',
  'packages/simulator/src',
  'packages/server/package.json',
  'packages/contract/package.json',
  'packages/simulator/package.json',
  'scripts/build-server.mjs',
];
export const SERVER_BUILT = 'packages/server/dist/main.js';
