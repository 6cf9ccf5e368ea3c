#!/usr/bin/env node
// `npm start`: builds the console and the server when a build is missing or older than its sources,
// then runs the built server (plain JavaScript, nothing compiled at start) in this process's place.
// Configuration: README, "Configuration".
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { isStale, root, SERVER_BUILT, SERVER_SOURCES, WEB_BUILT, WEB_SOURCES } from './lib/freshness.mjs';

if (isStale(WEB_BUILT, WEB_SOURCES)) {
  console.log('Building the console (its build is missing or older than its sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@sc/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (isStale(SERVER_BUILT, SERVER_SOURCES)) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Flags (`npm start -- --demo --devices 500`) go to the server. Stack traces name the bundle's lines;
// NODE_OPTIONS=--enable-source-maps names the TypeScript's (it slows the start: every map is read).
const server = spawn(process.execPath, [path.join(root, SERVER_BUILT), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
