import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { familyReadingsTables } from './family-tables.js';
import { partitionDdl } from './partition-ddl.js';

const migrations = path.resolve(import.meta.dirname, 'migrations');
const read = (prefix: string) => {
  const file = fs.readdirSync(migrations).find((f) => f.startsWith(prefix) && f.endsWith('.sql'));
  return fs.readFileSync(path.join(migrations, file!), 'utf8');
};
/** A migration as drizzle-kit writes it, before the partitioned DDL. */
const asGenerated = (sql: string) =>
  sql
    .replace(/ PARTITION BY RANGE \("\w+"\);/g, ';')
    .replace(/--> statement-breakpoint\nCREATE TABLE "\w+_default" PARTITION OF "\w+" DEFAULT;/g, '');

describe('the partitioned DDL the migration generator writes', () => {
  it('is exactly what the families’ readings migrations hold (none was edited by hand)', async () => {
    const tables = await familyReadingsTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['scd_readings', 'wifi_readings_daily']));
    for (const prefix of ['0011', '0013', '0019', '0030', '0031']) {
      const committed = read(prefix);
      expect(asGenerated(committed)).not.toContain('PARTITION');
      expect(partitionDdl(asGenerated(committed), tables), prefix).toBe(committed);
    }
  });

  it('changes nothing the second time, nor a migration without readings tables', async () => {
    const tables = await familyReadingsTables();
    const committed = read('0031');
    expect(partitionDdl(committed, tables)).toBe(committed);
    expect(partitionDdl(read('0026'), tables)).toBe(read('0026'));
  });
});
