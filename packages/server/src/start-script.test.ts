import { describe, expect, it } from 'vitest';
import { runBuildStep } from '../../../scripts/lib/build-step.mjs';

describe('npm start on a first start', () => {
  it('says what it builds, ticks while it builds and says how long it took', async () => {
    const lines: string[] = [];
    const status = await runBuildStep({
      what: 'the console',
      about: 25,
      command: process.execPath,
      args: ['-e', 'setTimeout(() => {}, 700)'],
      cwd: process.cwd(),
      tickMs: 200,
      log: (line: string) => lines.push(line),
    });
    expect(status).toBe(0);
    expect(lines[0]).toBe('Building the console (its build is missing or older than its sources; about 25 s, once)…');
    expect(lines.filter((l) => l.startsWith('… still building the console')).length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toMatch(/^Built the console in \d+ s\.$/);
  });

  it('says when a build fails and hands its status on', async () => {
    const lines: string[] = [];
    const status = await runBuildStep({
      what: 'the server',
      about: 10,
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
      cwd: process.cwd(),
      log: (line: string) => lines.push(line),
    });
    expect(status).toBe(3);
    expect(lines.at(-1)).toBe('Building the server failed (exit 3).');
  });
});
