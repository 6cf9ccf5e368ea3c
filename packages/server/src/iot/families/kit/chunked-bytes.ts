/**
 * The bytes `from` to `to` (exclusive) of a blob stored in chunks of `chunkBytes` each (`seq` from 0, the
 * last one shorter), in order: only the chunks of that part are read, one at a time by `chunk` (one
 * statement each, so that other queries wait behind one chunk at most). Stops early when a chunk is gone
 * meanwhile (the caller checks the length it got).
 */
export async function* chunkedRange(
  chunkBytes: number,
  from: number,
  to: number,
  chunk: (seq: number) => Promise<Buffer | undefined>,
): AsyncGenerator<Buffer> {
  for (let seq = Math.floor(from / chunkBytes); seq * chunkBytes < to; seq++) {
    const bytes = await chunk(seq);
    if (!bytes) return;
    const at = seq * chunkBytes;
    const slice = bytes.subarray(Math.max(0, from - at), Math.min(bytes.length, to - at));
    if (slice.length) yield slice;
  }
}
