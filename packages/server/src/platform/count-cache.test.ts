import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.js';

describe('count cache', () => {
  it('counts once within its lifetime, again after it or after clear', async () => {
    let counted = 0;
    const count = async () => ++counted;
    const cache = createCountCache(50);
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('a', count)).toBe(1);
    expect(await cache.get('b', count)).toBe(2);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('a', count)).toBe(3);
    cache.clear();
    expect(await cache.get('a', count)).toBe(4);
  });
});
