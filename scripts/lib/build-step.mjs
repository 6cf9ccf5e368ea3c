// One build step of `npm start`, said aloud: what is built and why, about how long it takes, a line every
// `tickMs` while it runs (a first start builds for about 30 s) and how long it took.
import { spawn } from 'node:child_process';

/**
 * Runs `command args` (inheriting stdout and stderr) and resolves with its exit status.
 * @param {{ what: string, about: number, command: string, args: string[], cwd: string, tickMs?: number,
 *   log?: (line: string) => void }} step
 * @returns {Promise<number>}
 */
export function runBuildStep({ what, about, command, args, cwd, tickMs = 10_000, log = console.log }) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  log(`Building ${what} (its build is missing or older than its sources; about ${about} s, once)…`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    const ticker = setInterval(() => log(`… still building ${what} (${seconds()} s)`), tickMs);
    child.on('exit', (code, signal) => {
      clearInterval(ticker);
      const status = code ?? (signal ? 1 : 0);
      log(status === 0 ? `Built ${what} in ${seconds()} s.` : `Building ${what} failed (exit ${status}).`);
      resolve(status);
    });
  });
}
