import { ledManifest } from '@sc/contract/families/led';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/factories.js';
import { commandSuite } from '../kit/test-fixtures.js';
import { LED_MEDIA_CHUNK_BYTES } from './led.media-files.js';
import { createLedRepository } from './led.repository.js';

const suite = commandSuite(ledManifest);
const { base } = suite;
const db = () => suite.t.database.db;
const repo = () => createLedRepository(db());

/** An mp4 of 2.5 chunks: its header, then a counter (every slice differs from the others). */
const VIDEO = (() => {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0])]);
  const bytes = Buffer.alloc(Math.floor(LED_MEDIA_CHUNK_BYTES * 2.5));
  for (let i = 0; i + 4 <= bytes.length; i += 4) bytes.writeUInt32BE(i, i);
  head.copy(bytes);
  Buffer.from('isommp41').copy(bytes, head.length);
  return bytes;
})();

let serial = 0;
function upload(bytes: Buffer) {
  const boundary = '----led-files';
  const field = (k: string, v: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return suite.t.app.inject({
    method: 'POST',
    url: `${base}/resources?token=${suite.admin}&lang=en_US`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      field('name', `视频${++serial}`),
      field('no', `MF${serial}`),
      field('mediaType', 'video'),
      field('description', ''),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
const counts = async () =>
  (
    await queryRows<{ files: number; chunks: number }>(
      db(),
      sql`SELECT (SELECT count(*)::int FROM led_media_files) AS files, (SELECT count(*)::int FROM led_media_chunks) AS chunks`,
    )
  )[0]!;
const chunksOf = (resourceId: number) =>
  queryRows<{ seq: number; n: number }>(
    db(),
    sql`SELECT c.seq, length(c.bytes) AS n FROM led_media_chunks c JOIN led_resources r ON r.file_id = c.file_id
      WHERE r.id = ${resourceId} ORDER BY c.seq`,
  );
const preview = (id: number, range?: string) =>
  suite.t.app.inject({
    method: 'GET',
    url: `${base}/resources/${id}/file?token=${suite.admin}`,
    headers: range ? { range } : {},
  });

describe('LED media files in chunks', () => {
  it('stores a file in chunks, answers it whole and by byte ranges across chunks', async () => {
    const res = await upload(VIDEO);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    expect((await chunksOf(id)).map((c) => Number(c.n))).toEqual([
      LED_MEDIA_CHUNK_BYTES,
      LED_MEDIA_CHUNK_BYTES,
      VIDEO.length - 2 * LED_MEDIA_CHUNK_BYTES,
    ]);

    const whole = await preview(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(VIDEO.length);
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);

    const at = LED_MEDIA_CHUNK_BYTES - 5;
    const across = await preview(id, `bytes=${at}-${at + LED_MEDIA_CHUNK_BYTES + 9}`);
    expect(across.statusCode).toBe(206);
    expect(across.headers['content-range']).toBe(`bytes ${at}-${at + LED_MEDIA_CHUNK_BYTES + 9}/${VIDEO.length}`);
    expect(across.rawPayload.equals(VIDEO.subarray(at, at + LED_MEDIA_CHUNK_BYTES + 10))).toBe(true);
    const tail = await preview(id, 'bytes=-10');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(VIDEO.subarray(VIDEO.length - 10))).toBe(true);
    const open = await preview(id, `bytes=${VIDEO.length - 3}-`);
    expect(open.rawPayload.equals(VIDEO.subarray(VIDEO.length - 3))).toBe(true);
    const past = await preview(id, `bytes=${VIDEO.length}-`);
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${VIDEO.length}`);

    // Its file removed, then the resource deleted: no chunk of either file is left.
    const before = await counts();
    await suite.t.app.inject({ method: 'DELETE', url: `${base}/resources/${id}/file?token=${suite.admin}` });
    expect(await counts()).toEqual({ files: before.files - 1, chunks: before.chunks - 3 });
    const again = await upload(VIDEO);
    await suite.t.app.inject({ method: 'DELETE', url: `${base}/resources/${again.json().id}?token=${suite.admin}` });
    expect(await counts()).toEqual({ files: before.files - 1, chunks: before.chunks - 3 });
  });

  it('leaves nothing of a failed upload, and sweeps what a process that died left an hour ago', async () => {
    const before = await counts();
    const fields = { name: '失败', no: `MF${++serial}`, mediaType: 'video', description: '' };
    const file = { fileName: 'v.mp4', mime: 'video/mp4', bytes: VIDEO };
    const id = await repo().create(1, fields, file, 'admin');
    const stored = await counts();
    expect(stored).toEqual({ files: before.files + 1, chunks: before.chunks + 3 });
    // A file for a resource that has one already: refused once its chunks were written, and they are deleted.
    expect(await repo().putFile(1, id, file)).toBe(false);
    expect(await counts()).toEqual(stored);
    // A row that cannot be written (its number too long): the error comes through, nothing is left.
    await expect(repo().create(1, { ...fields, no: 'x'.repeat(40) }, file, 'admin')).rejects.toThrow();
    expect(await counts()).toEqual(stored);

    // A file nobody claimed, written two hours ago (its process died): swept by the next upload.
    await db().execute(sql`WITH f AS (INSERT INTO led_media_files (created_at) VALUES (now() - interval '2 hours') RETURNING id)
      INSERT INTO led_media_chunks (file_id, seq, bytes) SELECT id, 0, '\\x00'::bytea FROM f`);
    expect((await counts()).files).toBe(stored.files + 1);
    const next = await upload(VIDEO);
    expect(next.statusCode, next.body).toBe(200);
    expect(await counts()).toEqual({ files: stored.files + 1, chunks: stored.chunks + 3 });
  });
});
