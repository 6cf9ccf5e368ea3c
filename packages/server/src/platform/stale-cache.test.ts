import { describe, expect, it, vi } from 'vitest';
import { createStaleCache } from './stale-cache.js';

describe('stale cache', () => {
  it('answers a fresh entry, answers a stale one while computing the next once, and waits past the stale age', async () => {
    vi.useFakeTimers();
    try {
      const cache = createStaleCache<number>(1000, 5000);
      let n = 0;
      const load = vi.fn(async () => ++n);
      expect(await cache.get('a', load)).toBe(1);
      expect(await cache.get('a', load)).toBe(1);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1500);
      // Stale: the old answer at once, one computation behind it for both callers.
      expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
      expect(load).toHaveBeenCalledTimes(2);
      await Promise.resolve();
      expect(await cache.get('a', load)).toBe(2);
      vi.advanceTimersByTime(6000);
      // Too old: the caller waits for a new one.
      expect(await cache.get('a', load)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failure', async () => {
    const cache = createStaleCache<number>(1000, 5000);
    await expect(cache.get('a', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
