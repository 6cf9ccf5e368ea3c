import { loadConfig } from '../config.js';
import { bootstrap } from '../db/bootstrap.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { applyBuiltinData } from '../modules/system/sync-steps.js';
import { seedDemo } from './seed-demo.js';

/** `npm run seed:demo -- --devices 100000`: the demo tree on the configured database (stop the server first on PGlite). */
async function main() {
  const arg = process.argv.indexOf('--devices');
  const count = arg > 0 ? Number(process.argv[arg + 1]) : 2000;
  if (!Number.isInteger(count) || count < 0 || count > 5_000_000)
    throw new Error('--devices takes a whole number from 0 to 5000000');
  const config = loadConfig();
  let release: (() => void) | null = null;
  let database: Database;
  if (config.databaseUrl) database = await openPostgres(config.databaseUrl);
  else {
    release = lockDataDir(config.dataDir);
    database = await openPglite(config.dataDir);
  }
  try {
    await database.migrate();
    const first = await bootstrap(database.db, config.adminPassword);
    if (first.generatedPassword)
      console.log(
        `Created the administrator "admin" with the generated password ${first.generatedPassword} (shown once).`,
      );
    await applyBuiltinData(database.db);
    const { secret } = await seedDemo(database.db, count, (line) => console.log(line));
    console.log(`Demo device secret (for \`npm run simulate -- --secret …\`): ${secret}`);
  } finally {
    await database.close();
    release?.();
  }
}

main().catch((error: Error) => {
  console.error(`\n${error.message}\n`);
  process.exit(1);
});
