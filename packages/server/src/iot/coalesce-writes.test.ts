import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { coalesceWrites } from './coalesce-writes.js';

/** A stream that records each write it is asked to make (as a socket makes one system call each). */
function recorder(highWaterMark = 16 * 1024) {
  const calls: string[][] = [];
  const stream = new Writable({
    highWaterMark,
    writev(chunks, done) {
      calls.push(chunks.map((c) => String(c.chunk)));
      done();
    },
    write(chunk, _encoding, done) {
      calls.push([String(chunk)]);
      done();
    },
  });
  return { stream, calls };
}
const turn = () => new Promise((r) => setImmediate(r));

describe('coalesceWrites', () => {
  it('writes what one turn of the event loop wrote in one call, each turn on its own', async () => {
    const { stream, calls } = recorder();
    coalesceWrites(stream);
    stream.write('a');
    stream.write('b');
    // mqtt-packet corks each packet until the next tick: still held until the turn ends.
    stream.cork();
    stream.write('c');
    process.nextTick(() => stream.uncork());
    await Promise.resolve();
    stream.write('d');
    expect(calls).toEqual([]);
    await turn();
    await turn();
    expect(calls).toEqual([['a', 'b', 'c', 'd']]);
    stream.write('e');
    await turn();
    await turn();
    expect(calls).toEqual([['a', 'b', 'c', 'd'], ['e']]);
  });

  it('still reports back-pressure, and drains after the flush', async () => {
    const { stream, calls } = recorder(4);
    coalesceWrites(stream);
    expect(stream.write('12')).toBe(true);
    expect(stream.write('345')).toBe(false);
    await new Promise((r) => stream.once('drain', r));
    expect(calls).toEqual([['12', '345']]);
  });

  it('flushes what is held when the stream ends', async () => {
    const { stream, calls } = recorder();
    coalesceWrites(stream);
    stream.write('x');
    await new Promise<void>((r) => stream.end('y', () => r()));
    expect(calls.flat()).toEqual(['x', 'y']);
  });
});
