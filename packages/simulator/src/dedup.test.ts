import { describe, expect, it } from 'vitest';
import { ReplyCache } from './dedup.js';

describe('command id deduplication', () => {
  it('runs a repeated id once and answers the first reply again', async () => {
    const cache = new ReplyCache<{ ok: boolean; n: number }>();
    let runs = 0;
    const run = () => ({ ok: true, n: ++runs });
    const first = cache.answer('a', run);
    const again = cache.answer('a', run);
    expect(first.repeated).toBe(false);
    expect(again.repeated).toBe(true);
    expect(await again.reply).toEqual(await first.reply);
    expect(runs).toBe(1);
    expect(await cache.answer('b', run).reply).toEqual({ ok: true, n: 2 });
  });

  it('shares an answer still being computed and forgets the oldest ids past its bound', async () => {
    const cache = new ReplyCache<number>(2);
    let runs = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++runs), 20));
    const [x, y] = [cache.answer('x', slow), cache.answer('x', slow)];
    expect(await Promise.all([x.reply, y.reply])).toEqual([1, 1]);
    cache.answer('y', slow);
    cache.answer('z', slow);
    expect(cache.size).toBe(2);
    expect(cache.answer('x', slow).repeated).toBe(false);
  });
});
