import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the Node version the README promises', () => {
  it('runs every package of the lock file, so npm install warns of no engine', () => {
    const promised = semver.minVersion(json('package.json').engines.node)?.version;
    expect(promised).toBe('20.19.0');
    const refused = Object.entries(json('package-lock.json').packages as Record<string, { engines?: unknown }>)
      .filter(([, p]) => typeof (p.engines as { node?: unknown })?.node === 'string')
      .filter(([, p]) => !semver.satisfies(promised as string, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
