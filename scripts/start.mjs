#!/usr/bin/env node
// `npm start`: builds the console and the server when a build is missing or older than its sources,
// then runs the built server (plain JavaScript, nothing compiled at start) in this process's place.
// Configuration: README, "Configuration".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runBuildStep } from './lib/build-step.mjs';
import { isStale, root, SERVER_BUILT, SERVER_SOURCES, WEB_BUILT, WEB_SOURCES } from './lib/freshness.mjs';

// A first start builds for about 30 s: each step says what it builds, ticks while it runs, and its time.
if (isStale(WEB_BUILT, WEB_SOURCES)) {
  const status = await runBuildStep({
    what: 'the console',
    about: 25,
    command: 'npm',
    args: ['run', 'build', '-w', '@sc/web', '--silent'],
    cwd: root,
  });
  if (status !== 0) process.exit(status);
}
if (isStale(SERVER_BUILT, SERVER_SOURCES)) {
  const status = await runBuildStep({
    what: 'the server and its database template',
    about: 10,
    command: process.execPath,
    args: [path.join(root, 'scripts/build-server.mjs')],
    cwd: root,
  });
  if (status !== 0) process.exit(status);
}

// Flags (`npm start -- --demo --devices 500`) go to the server. Stack traces name the bundle's lines;
// NODE_OPTIONS=--enable-source-maps names the TypeScript's (it slows the start: every map is read).
const server = spawn(process.execPath, [path.join(root, SERVER_BUILT), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
