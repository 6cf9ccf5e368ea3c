import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('ttl cache', () => {
  it('loads once within its lifetime, again after it, after delete or after clear', async () => {
    let loaded = 0;
    const load = async () => ++loaded;
    const cache = createTtlCache<number>(50);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get('a', load)).toBe(3);
    cache.delete('a');
    expect(await cache.get('a', load)).toBe(4);
    cache.clear();
    expect(await cache.get('a', load)).toBe(5);
    expect(await cache.get('b', load)).toBe(6);
  });

  it('drops the oldest entry when full', async () => {
    let loaded = 0;
    const load = async () => ++loaded;
    const cache = createTtlCache<number>(10_000, 2);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });
});

describe('ttl cache under concurrency', () => {
  it('shares one load between concurrent misses and forgets a failed load', async () => {
    let loaded = 0;
    const cache = createTtlCache<number>(10_000);
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loaded), 20));
    const all = await Promise.all(Array.from({ length: 32 }, () => cache.get('a', slow)));
    expect(new Set(all)).toEqual(new Set([1]));
    expect(loaded).toBe(1);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', slow)).toBe(2);
  });
});
