import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type CatalogueFunction, FAMILY_MANIFESTS, I18N_RESOURCES } from '@sc/contract';
import { describe, expect, it } from 'vitest';
import { FAMILY_HANDLERS } from './index.js';

/**
 * The family kit's guard (issue 10): every family the contract lists is whole on every side, and
 * nothing outside a family's folders names a family type. A family without screens in this phase
 * says so in its manifest (`screens: []`, or screens not `ready`); a listed ready screen without a
 * page fails.
 */
const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (path: string) => readFileSync(path, 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const functionsOf = (screens: (typeof FAMILY_MANIFESTS)[number]['screens']) =>
  screens.filter((e): e is CatalogueFunction => e.kind === 'function');

describe('every family of the contract list', () => {
  it('has a server handler when its screens call /iot/<slug>/…', () => {
    const handled = new Set(FAMILY_HANDLERS.map((h) => h.manifest.type));
    for (const f of FAMILY_MANIFESTS) {
      const calls = functionsOf(f.screens).flatMap((s) => s.apis.filter((a) => a.path.includes(`/iot/${f.slug}/`)));
      if (calls.length) expect(handled.has(f.type), `${f.type} has calls but no server handler`).toBe(true);
    }
    for (const h of FAMILY_HANDLERS) expect(FAMILY_MANIFESTS, h.manifest.type).toContain(h.manifest);
  });

  it('has a simulator', async () => {
    const index = pathToFileURL(join(packages, 'simulator/src/families/index.ts')).href;
    const { FAMILY_SIMS } = (await import(index)) as { FAMILY_SIMS: { type: string }[] };
    const simulated = new Set(FAMILY_SIMS.map((s) => s.type));
    for (const f of FAMILY_MANIFESTS) expect(simulated.has(f.type), f.type).toBe(true);
  });

  it('has a console page for each ready screen, in its web folder', () => {
    for (const f of FAMILY_MANIFESTS) {
      const ready = functionsOf(f.screens).filter((s) => s.ready && !s.authOf);
      if (ready.length === 0) continue;
      const folder = join(packages, 'web/src/families', f.slug);
      const text = filesUnder(folder).map(read).join('\n');
      for (const s of ready) expect(text.includes(s.key), `${f.slug}: no page for ${s.key}`).toBe(true);
    }
  });

  it('is translated in both languages: its name, properties and screens', () => {
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const res = I18N_RESOURCES[lang] as unknown as Record<string, Record<string, Record<string, string>>>;
      for (const f of FAMILY_MANIFESTS) {
        expect(res.families!.types![f.type], `${lang} families.types.${f.type}`).toBeTruthy();
        for (const field of f.fields)
          expect(res.families![f.type]?.[field.key], `${lang} families.${f.type}.${field.key}`).toBeTruthy();
        for (const e of f.screens) expect(res.menu![e.key], `${lang} menu.${e.key}`).toBeTruthy();
      }
    }
  });
});

describe('family types', () => {
  /** The lists (and files whose words only look like a type: module codes, the lighting settings tab). */
  const LISTS = ['contract/src/enums.ts', 'contract/src/catalogue/types.ts', 'contract/src/settings/kinds.ts'];
  /** `tests`: whether test files are held to it too (the console's are: issue 10). */
  const scanned = [
    { root: 'contract/src', family: 'contract/src/families/', tests: false },
    { root: 'server/src/iot', family: null, tests: false },
    { root: 'simulator/src', family: 'simulator/src/families/', tests: false },
    { root: 'web/src', family: 'web/src/families/', tests: true },
  ];
  const slugFolders = FAMILY_MANIFESTS.map((f) => `server/src/iot/families/${f.slug}/`);

  it('are named only inside the families’ folders and the lists', () => {
    const types = FAMILY_MANIFESTS.map((f) => f.type);
    const pattern = new RegExp(`['"\`](${types.join('|')})['"\`]`);
    const offenders: string[] = [];
    for (const { root, family, tests } of scanned) {
      for (const path of filesUnder(join(packages, root))) {
        const rel = relative(packages, path).split('\\').join('/');
        if (!tests && (rel.endsWith('.test.ts') || rel.endsWith('.test.tsx'))) continue;
        if (family && rel.startsWith(family)) continue;
        if (slugFolders.some((s) => rel.startsWith(s)) || LISTS.includes(rel)) continue;
        const match = read(path).match(pattern);
        if (match) offenders.push(`${rel}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('and their call paths are written only in the families’ folders (the catalogue reads the manifests)', () => {
    // `/iot/<slug>/…` and `/api/pub/iot/<segment>/…` written out; the kit builds them from a variable.
    const segments = [...new Set(FAMILY_MANIFESTS.flatMap((f) => [f.slug, f.module]))];
    const pattern = new RegExp(`/iot/(${segments.join('|')})/`);
    const offenders: string[] = [];
    for (const { root, family } of [...scanned, { root: 'server/src', family: 'server/src/iot/families/' }]) {
      for (const path of filesUnder(join(packages, root))) {
        const rel = relative(packages, path).split('\\').join('/');
        if (rel.endsWith('.test.ts') || rel.endsWith('.test.tsx')) continue;
        if (family && rel.startsWith(family)) continue;
        if (slugFolders.some((s) => rel.startsWith(s))) continue;
        const match = read(path).match(pattern);
        if (match) offenders.push(`${rel}: ${match[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
