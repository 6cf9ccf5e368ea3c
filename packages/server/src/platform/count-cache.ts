/**
 * Totals of paged lists, kept for a few seconds. Counting a filtered list of 100,000 devices reads the
 * whole table, while the page itself reads 25 rows by index: an operator paging through a list (or
 * 32 of them) should not pay the count on every page. A total may lag writes by `ttlMs` on other
 * instances; this instance's writes clear it at once.
 */
export function createCountCache(ttlMs = 5000, maxEntries = 1000) {
  const entries = new Map<string, { at: number; total: number }>();
  return {
    async get(key: string, count: () => Promise<number>): Promise<number> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.total;
      const total = await count();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { at: Date.now(), total });
      return total;
    },
    clear: () => entries.clear(),
  };
}

export type CountCache = ReturnType<typeof createCountCache>;
