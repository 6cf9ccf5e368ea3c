// `npm run db:generate -- --name <name>`: drizzle-kit generate, then the partitioned DDL it cannot
// write (src/db/partition-ddl.ts) in the migrations it has just made, for every readings table a
// family's `*.tables.ts` declares. No migration is edited by hand.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { familyReadingsTables } from '../src/db/family-tables.js';
import { partitionDdl } from '../src/db/partition-ddl.js';

const server = path.resolve(import.meta.dirname, '..');
const migrations = path.join(server, 'src/db/migrations');
const journal = () =>
  (JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] })
    .entries;

const before = journal().length;
const run = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { cwd: server, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);

const tables = await familyReadingsTables();
for (const { tag } of journal().slice(before)) {
  const file = path.join(migrations, `${tag}.sql`);
  const sql = fs.readFileSync(file, 'utf8');
  const written = partitionDdl(sql, tables);
  if (written !== sql) {
    fs.writeFileSync(file, written);
    console.log(`${tag}.sql: readings tables partitioned by time`);
  }
}
