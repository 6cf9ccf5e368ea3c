import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTime, inSystemZone, TIMEZONE_STORAGE_KEY } from './time';

const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

afterEach(() => localStorage.removeItem(TIMEZONE_STORAGE_KEY));

describe('times on screen', () => {
  it('are shown in the system timezone, whatever the browser’s', () => {
    localStorage.setItem(TIMEZONE_STORAGE_KEY, '8');
    expect(formatTime('2026-11-23T09:12:45Z')).toBe('2026-11-23 17:12:45');
    expect(inSystemZone('2026-11-23T23:30:00Z').format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 07:30');
  });

  it('are never formatted with dayjs directly (that is the browser’s timezone: UTC on a server-side kiosk)', () => {
    const offenders = sources(SRC)
      .filter((file) => !file.endsWith(path.join('components', 'time.ts')))
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/dayjs\([^()]*\)\.format\(/g)].map(
          (m) => `${path.relative(SRC, file)}: ${m[0]}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
