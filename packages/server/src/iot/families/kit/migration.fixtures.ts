import { afterAll } from 'vitest';
import { emptyDatabase, MIGRATIONS, migrationsBefore } from '../../../test/migration-steps.js';

/**
 * A family's migration test (stored bytes moved into chunks): `before(name)` opens an empty database
 * migrated up to the migration ending in `name`, `finish` runs the rest; closed after the file's tests.
 * Every migration from an empty database: half a minute on a loaded machine.
 */
export function migrationSuite() {
  let close: (() => Promise<void>) | null = null;
  afterAll(() => close?.());
  return {
    async before(name: string) {
      const database = await emptyDatabase();
      close = database.close;
      await database.migrate(migrationsBefore(name));
      return { db: database.db, finish: () => database.migrate(MIGRATIONS) };
    },
  };
}

/** `size` bytes counting up in 32-bit words: a file whose chunks all differ. */
export function countingBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= bytes.length; i += 4) bytes.writeUInt32BE(i, i);
  return bytes;
}

/** The parts a stored file is read in, joined. */
export async function joined(parts: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const read: Uint8Array[] = [];
  for await (const part of parts) read.push(part);
  return Buffer.concat(read);
}
