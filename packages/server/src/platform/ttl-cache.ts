/**
 * Values kept for a few seconds per key, for reads that every request repeats and that may lag a write
 * made on another server instance by `ttlMs` (this instance's writes clear them at once):
 * - totals of paged lists: counting a filtered list of 100,000 devices reads the whole table while the
 *   page itself reads 25 rows by index;
 * - what authorising a call reads: the token's session and the role's levels.
 * Concurrent misses of one key share one load: 32 callers arriving as an entry expires run one query,
 * not 32. A failed load is not kept. The oldest entry makes room when `maxEntries` is reached.
 */
export function createTtlCache<V>(ttlMs: number, maxEntries = 1000) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = load();
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const entry = { at: Date.now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    delete: (key: string) => entries.delete(key),
    clear: () => entries.clear(),
  };
}

export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
