import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { declaredReadingsTables } from '../iot/telemetry/tables.js';

/**
 * Imports every family's `*.tables.ts` (the pattern drizzle-kit reads, drizzle.config.ts) and answers
 * the readings tables they declare: what the migration generator partitions. Source only (tools and
 * tests), not the built server.
 */
export async function familyReadingsTables() {
  const families = path.resolve(import.meta.dirname, '../iot/families');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : e.name.endsWith('.tables.ts') ? [full] : [];
    });
  for (const file of walk(families)) await import(pathToFileURL(file).href);
  return declaredReadingsTables();
}
