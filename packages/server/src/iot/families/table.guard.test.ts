import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAMILY_MANIFESTS } from '@sc/contract';
import { describe, expect, it } from 'vitest';

/**
 * The declarative families' guard: a family is its folders, its calls are declared once in its table,
 * and it uses the platform only through the kit (`FamilyContext`). Families not yet moved there are
 * listed in PENDING with what they still do; an entry that no longer holds fails too, so the lists
 * only shrink.
 */
const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (path: string) => readFileSync(path, 'utf8');
const rel = (path: string) => relative(packages, path).split('\\').join('/');

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.endsWith('test-fixtures.ts');

/** A family's folders on each side (the simulator's is one file named by type). */
const foldersOf = (f: (typeof FAMILY_MANIFESTS)[number]) => [
  ...filesUnder(join(packages, 'contract/src/families', f.slug)),
  ...filesUnder(join(packages, 'server/src/iot/families', f.slug)),
  ...filesUnder(join(packages, 'web/src/families', f.slug)),
  ...filesUnder(join(packages, 'simulator/src/families')).filter((p) => p.endsWith(`/${f.type}.ts`)),
];

/** What a family's contract folder exports (`export const|function|type|interface|class NAME`). */
const exportsOf = (f: (typeof FAMILY_MANIFESTS)[number]) =>
  new Set(
    filesUnder(join(packages, 'contract/src/families', f.slug)).flatMap((path) =>
      [...read(path).matchAll(/^export (?:const|function|type|interface|class|enum) (\w+)/gm)].map((m) => m[1]!),
    ),
  );

/** The names a file imports from `@sc/contract`. */
const contractImports = (text: string) =>
  [...text.matchAll(/import(?: type)? \{([^}]*)\} from '@sc\/contract'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map(
        (n) =>
          n
            .replace(/^\s*type\s+/, '')
            .trim()
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  );

/** What families do today that the guard refuses (measured 2026-11-26); remove a line as it is fixed. */
const PENDING = {
  /** `family: other` — a family's files import or name another family's folder. */
  namesOther: new Set<string>([]),
  /** Server family folders importing `modules/` instead of the kit. */
  importsModules: new Set<string>([]),
};

describe('a declarative family', () => {
  const others = (slug: string) => FAMILY_MANIFESTS.filter((f) => f.slug !== slug);

  it("names no other family in its files (imports of another family's folder or contract names, its type or slug)", () => {
    const found = new Set<string>();
    const detail: string[] = [];
    for (const f of FAMILY_MANIFESTS) {
      for (const path of foldersOf(f)) {
        const raw = read(path);
        // Tests set up other families' devices (a meter behind a gateway) by type, but import no other
        // family's code. A manifest's `parentTypes`, `carries` and `peers` say what its devices hang
        // under, carry or work with: types as data, not code.
        const text = raw
          .split('\n')
          .filter((line) => !/^\s*(parentTypes|carries|peers):/.test(line))
          .join('\n');
        const imported = new Set(contractImports(raw));
        for (const o of others(f.slug)) {
          const importsIt = new RegExp(`from '[^']*/(families/)?${o.slug}(/[^']*)?'`).test(raw);
          const namesType = !isTest(path) && new RegExp(`['"\`]${o.type}['"\`]`).test(text);
          const usesItsNames = !isTest(path) && [...exportsOf(o)].find((name) => imported.has(name));
          if (importsIt || namesType || usesItsNames) {
            found.add(`${f.slug}: ${o.slug}`);
            detail.push(`${rel(path)} names ${o.slug}${usesItsNames ? ` (${usesItsNames})` : ''}`);
          }
        }
      }
    }
    expect(
      [...found].filter((x) => !PENDING.namesOther.has(x)),
      detail.join('\n'),
    ).toEqual([]);
    expect(
      [...PENDING.namesOther].filter((x) => !found.has(x)),
      'fixed: remove from PENDING',
    ).toEqual([]);
  });

  it('imports nothing from modules/ (the kit gives it what it may use)', () => {
    const found = new Set<string>();
    for (const f of FAMILY_MANIFESTS) {
      for (const path of filesUnder(join(packages, 'server/src/iot/families', f.slug))) {
        if (isTest(path)) continue;
        if (/from '[^']*\/modules\//.test(read(path))) found.add(rel(path));
      }
    }
    expect([...found].filter((x) => !PENDING.importsModules.has(x))).toEqual([]);
    expect(
      [...PENDING.importsModules].filter((x) => !found.has(x)),
      'fixed: remove from PENDING',
    ).toEqual([]);
  });

  it('has a kit that imports only types from modules/ (their services reach it from the composition root)', () => {
    const found = filesUnder(join(packages, 'server/src/iot/families/kit'))
      .filter((path) => !isTest(path) && /^import (?!type )[^;]*from '[^']*\/modules\//m.test(read(path)))
      .map(rel);
    expect(found).toEqual([]);
  });

  it("leaves the platform's drizzle schema alone (drizzle-kit finds a family's tables by file name)", () => {
    const schema = read(join(packages, 'server/src/db/schema/index.ts'));
    expect(schema).not.toMatch(/iot\/families\//);
    expect(read(join(packages, 'server/drizzle.config.ts'))).toContain("'./src/iot/families/**/*.tables.ts'");
  });

  it('writes the path of a declared call only in its table (tests call the paths as a client would)', () => {
    const tables = FAMILY_MANIFESTS.filter((f) => Object.keys(f.api).length > 0);
    expect(tables.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    const sources = ['contract/src', 'server/src', 'web/src', 'simulator/src'].flatMap((root) =>
      filesUnder(join(packages, root)).filter((p) => !isTest(p)),
    );
    for (const f of tables) {
      const table = join(packages, 'contract/src/families', f.slug, 'index.ts');
      // Every call's path, and the bases they share (`/iot/<slug>`, a public `/pub/iot/<segment>`):
      // a client that builds the path itself writes the base.
      const paths = Object.values(f.api).map((e) => e.path);
      const bases = [...new Set(paths.map((p) => p.match(/^\/api\/(pjts\/:projectId\/|pub\/)iot\/[^/]+/)?.[0]))];
      const needles = [
        ...paths,
        ...bases.filter(Boolean).map((b) => (b as string).replace(/^\/api\/(pjts\/:projectId\/)?/, '/')),
      ];
      for (const path of sources) {
        if (path === table) continue;
        const text = read(path);
        for (const needle of needles) if (text.includes(needle)) offenders.push(`${rel(path)}: ${needle}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
