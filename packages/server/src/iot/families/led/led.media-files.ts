import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsAffected } from '../../../db/client.js';
import { chunkedRange } from '../kit/chunked-bytes.js';
import { ledMediaChunks, ledMediaFiles, ledResources } from './led.tables.js';

/**
 * Bytes per chunk of a stored media file: one statement reads or writes at most this much (a few ms of
 * PGlite's time, 4-10 ms measured on a loaded machine), so the console's other queries wait that long at
 * most behind a file (a 20 MB video is 80 chunks; read whole in one statement it held them 1.5-4 s).
 */
export const LED_MEDIA_CHUNK_BYTES = 256 * 1024;

/**
 * The chunks go to and come from the database as base64 text, decoded on its side: PGlite's driver
 * turns a bytea to and from hex in JavaScript, ten times slower (measured on this machine: 20 MB in
 * 80 chunks written in 10.4 s as bytea, 0.95 s as base64; read in 3.9-6.4 s, 0.3-0.8 s). On PostgreSQL
 * base64 is also the shorter text on the wire (hex doubles the bytes).
 */
const fromBase64 = (bytes: Uint8Array) => sql<Buffer>`decode(${Buffer.from(bytes).toString('base64')}, 'base64')`;
const asBase64 = sql<string>`encode(${ledMediaChunks.bytes}, 'base64')`;

/** An upload that left its file unclaimed this long ago failed (its process died): its chunks are swept. */
const ABANDONED_AFTER = '1 hour';

/**
 * The media files' bytes in chunks (`led_media_files`, `led_media_chunks`): written one chunk per
 * statement and claimed by a resource in one statement once complete, read back chunk by chunk.
 */
export function createLedMediaFiles(db: Db) {
  const drop = (fileId: number) => db.delete(ledMediaFiles).where(eq(ledMediaFiles.id, fileId));
  return {
    /**
     * Stores `bytes` as a new file and hands its id to `claim` (which makes it a resource's, in one
     * statement, answering false when it did not); a failure anywhere, or a claim refused, deletes what
     * was written, so nothing half-written is left. Files abandoned by a process that died mid-upload are
     * swept first. Answers what `claim` answered.
     */
    async store<T>(bytes: Buffer, claim: (fileId: number) => Promise<T | false>): Promise<T | false> {
      await db.execute(
        sql`DELETE FROM ${ledMediaFiles} f WHERE f.created_at < now() - ${ABANDONED_AFTER}::interval
          AND NOT EXISTS (SELECT 1 FROM ${ledResources} r WHERE r.file_id = f.id)`,
      );
      const [file] = await db.insert(ledMediaFiles).values({}).returning({ id: ledMediaFiles.id });
      const fileId = file!.id;
      let claimed: T | false = false;
      try {
        for (let seq = 0; seq * LED_MEDIA_CHUNK_BYTES < bytes.length; seq++) {
          const part = bytes.subarray(seq * LED_MEDIA_CHUNK_BYTES, (seq + 1) * LED_MEDIA_CHUNK_BYTES);
          await db.insert(ledMediaChunks).values({ fileId, seq, bytes: fromBase64(part) });
        }
        claimed = await claim(fileId);
        return claimed;
      } finally {
        if (claimed === false) await drop(fileId).catch(() => undefined);
      }
    },

    /** Deletes a file no resource holds any more (its chunks with it). */
    async release(fileId: number | null) {
      if (fileId === null) return 0;
      const done = await db.execute(
        sql`DELETE FROM ${ledMediaFiles} f WHERE f.id = ${fileId}
          AND NOT EXISTS (SELECT 1 FROM ${ledResources} r WHERE r.file_id = f.id)`,
      );
      return rowsAffected(done);
    },

    /**
     * The chunks of a file from byte `start` to `end` (exclusive), in order, one statement each: the
     * slices of them within that range. Stops early when the file is gone meanwhile (the caller checks
     * the length it got).
     */
    chunks(fileId: number, start = 0, end = Number.POSITIVE_INFINITY): AsyncGenerator<Buffer> {
      return chunkedRange(LED_MEDIA_CHUNK_BYTES, start, end, async (seq) => {
        const [row] = await db
          .select({ base64: asBase64 })
          .from(ledMediaChunks)
          .where(and(eq(ledMediaChunks.fileId, fileId), eq(ledMediaChunks.seq, seq)));
        return row && Buffer.from(row.base64, 'base64');
      });
    },

    /** A whole file read chunk by chunk (null: it is gone, or not `size` bytes). */
    async read(fileId: number, size: number): Promise<Buffer | null> {
      const parts: Buffer[] = [];
      let got = 0;
      for await (const part of this.chunks(fileId)) {
        parts.push(part);
        got += part.length;
      }
      return got === size ? Buffer.concat(parts, size) : null;
    },
  };
}
export type LedMediaFiles = ReturnType<typeof createLedMediaFiles>;
