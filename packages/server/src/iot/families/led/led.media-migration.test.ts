import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../../test/factories.js';
import { countingBytes, joined, migrationSuite } from '../kit/migration.fixtures.js';
import { createLedRepository } from './led.repository.js';

const migration = migrationSuite();

it('moves the files stored whole into chunks, keeping their bytes, sizes and checksums', async () => {
  const { db, finish } = await migration.before('_led_media_chunks');
  // 600 KB (three chunks, the last short), 10 bytes (one), and a resource without a file.
  const big = countingBytes(600 * 1024);
  const small = Buffer.from('0123456789');
  const insert = (no: string, bytes: Buffer | null) =>
    db.execute(sql`INSERT INTO led_resources (project_id, name, no, media_type, file_name, mime, size, file, creator)
      VALUES (1, ${no}, ${no}, 'video', ${bytes ? 'a.mp4' : null}, ${bytes ? 'video/mp4' : null},
        ${bytes?.length ?? null}, ${bytes}, 'admin')`);
  await insert('big', big);
  await insert('small', small);
  await insert('bare', null);
  await finish();

  const rows = await queryRows<{
    id: number;
    no: string;
    size: number | null;
    sha256: string | null;
    file_id: number | null;
  }>(db, sql`SELECT id, no, size, sha256, file_id FROM led_resources ORDER BY id`);
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  expect(rows.map((r) => [r.no, r.size, r.sha256, r.file_id === null])).toEqual([
    ['big', big.length, sha(big), false],
    ['small', small.length, sha(small), false],
    ['bare', null, null, true],
  ]);
  const chunks = await queryRows<{ file_id: number; n: number }>(
    db,
    sql`SELECT file_id, length(bytes) AS n FROM led_media_chunks ORDER BY file_id, seq`,
  );
  expect(chunks.map((c) => Number(c.n))).toEqual([256 * 1024, 256 * 1024, 88 * 1024, 10]);
  const repo = createLedRepository(db);
  for (const [r, bytes] of [
    [rows[0]!, big],
    [rows[1]!, small],
  ] as const) {
    const file = await repo.file(1, r.id);
    expect((await joined(file!.chunks())).equals(bytes)).toBe(true);
  }
  // A file stored after the migration gets an id of its own (the sequence moved past the moved files).
  const id = await repo.create(
    1,
    { name: 'new', no: 'new', mediaType: 'video', description: '' },
    { fileName: 'b.mp4', mime: 'video/mp4', bytes: small },
    'admin',
  );
  const [made] = await queryRows<{ file_id: number }>(db, sql`SELECT file_id FROM led_resources WHERE id = ${id}`);
  expect(made!.file_id).toBeGreaterThan(Math.max(rows[0]!.file_id!, rows[1]!.file_id!));
}, 120_000);
