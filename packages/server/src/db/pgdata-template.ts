import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A new PGlite data directory starts from a template instead of initdb and every migration (16 s of a
 * first start under load, 4 s on a calm machine; issue 12): the build (scripts/build-server.mjs) makes
 * a migrated, cleanly closed data directory once, and a server starting on a new data directory copies
 * it, then migrates forward only what is newer. The template says what it holds (the PGlite version
 * and each migration's tag and hash); one that is not a prefix of today's migrations is not used.
 */
export const TEMPLATE_DIR = path.join(import.meta.dirname, '../../dist/pgdata-template');
export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

export interface TemplateManifest {
  pglite: string;
  /** "tag when sha256" of each migration the template holds, in order. */
  migrations: string[];
}

let installed: string | null = null;
/** The installed PGlite's version: a template made by another PGlite is not used. */
export function pgliteVersion(): string {
  if (installed) return installed;
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (pkg.name === '@electric-sql/pglite') {
        installed = pkg.version;
        return installed;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = parent;
  }
}

/**
 * Today's migrations as the manifest lists them: each one's tag, journal time and SQL hash. The time is
 * part of it because drizzle's migrator applies what is newer than the last applied migration's time: a
 * migration generated again with the same SQL (after a rebase) is another migration to it.
 */
export function currentMigrations(migrationsFolder = MIGRATIONS_FOLDER): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const sql = fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`));
    return `${tag} ${when} ${createHash('sha256').update(sql).digest('hex')}`;
  });
}

function readManifest(templateDir: string): TemplateManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(templateDir, 'manifest.json'), 'utf8')) as TemplateManifest;
  } catch {
    return null;
  }
}

/**
 * The template's data folder when `dataDir` holds no database yet and the template can start it: made
 * by this PGlite, from migrations that are today's first ones (the rest are applied by the migration
 * step as usual). Null otherwise: PGlite then runs initdb as it always did.
 */
export function templateFor(
  dataDir: string,
  templateDir = TEMPLATE_DIR,
  migrationsFolder = MIGRATIONS_FOLDER,
): string | null {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return null;
  const manifest = readManifest(templateDir);
  if (!manifest || !fs.existsSync(path.join(templateDir, 'pgdata', 'PG_VERSION'))) return null;
  try {
    if (manifest.pglite !== pgliteVersion()) return null;
    const current = currentMigrations(migrationsFolder);
    if (manifest.migrations.length > current.length) return null;
    if (manifest.migrations.some((m, i) => m !== current[i])) return null;
  } catch {
    return null;
  }
  return path.join(templateDir, 'pgdata');
}

/**
 * Copies the template's data folder into `dataDir`, PG_VERSION last: PGlite takes a folder with
 * PG_VERSION for a database, so a copy cut short is simply made again at the next start.
 * (The database worker, pglite-worker.ts, does the same in its own thread.)
 */
export function copyTemplate(template: string, dataDir: string): void {
  const marker = path.join(template, 'PG_VERSION');
  fs.cpSync(template, dataDir, { recursive: true, force: true, filter: (source) => source !== marker });
  fs.copyFileSync(marker, path.join(dataDir, 'PG_VERSION'));
}

/** True when the template exists and holds exactly today's migrations with this PGlite. */
export function templateIsCurrent(templateDir = TEMPLATE_DIR, migrationsFolder = MIGRATIONS_FOLDER): boolean {
  const manifest = readManifest(templateDir);
  return (
    manifest !== null &&
    fs.existsSync(path.join(templateDir, 'pgdata', 'PG_VERSION')) &&
    manifest.pglite === pgliteVersion() &&
    JSON.stringify(manifest.migrations) === JSON.stringify(currentMigrations(migrationsFolder))
  );
}

/**
 * Makes the template (the build calls this when it is missing or not current): a new data directory,
 * migrated and cleanly closed, built beside and renamed in place so a starting server never copies a
 * half-made one. An older template still serves as its start (only the newer migrations run).
 */
export async function buildTemplate(
  /** Opens a data directory as it is (no template of its own). */
  open: (dataDir: string) => Promise<{ migrate(): Promise<void>; close(): Promise<void> }>,
  templateDir = TEMPLATE_DIR,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  const staging = `${templateDir}.build-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const pgdata = path.join(staging, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  const older = templateFor(pgdata, templateDir, migrationsFolder);
  if (older) copyTemplate(older, pgdata);
  const database = await open(pgdata);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const manifest: TemplateManifest = { pglite: pgliteVersion(), migrations: currentMigrations(migrationsFolder) };
  fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const old = `${templateDir}.old-${process.pid}`;
  if (fs.existsSync(templateDir)) fs.renameSync(templateDir, old);
  fs.renameSync(staging, templateDir);
  fs.rmSync(old, { recursive: true, force: true });
}
