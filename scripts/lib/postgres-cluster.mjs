// A throwaway PostgreSQL cluster for the test suites and benchmarks (DESIGN.md §2): initdb in a
// temporary directory, listening on loopback only, removed again on stop.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function findPostgresBin() {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster; answers { url, stop }. initdb refuses root, so as root it runs as `postgres`. */
export async function startPostgresCluster(bin) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-N', '-E', 'UTF8', '--locale=C']);
  run('pg_ctl', [
    '-D',
    dir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-k ${dir} -p ${port} -h 127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dir, '-w', '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
