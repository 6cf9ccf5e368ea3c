/**
 * Answers kept per key and refreshed behind the answer (stale-while-revalidate): younger than `freshMs`
 * an entry is answered as it is; older, up to `staleMs`, it is answered at once while a new one is
 * computed for the next caller (one computation per key at a time); older still, or missing, the caller
 * waits for a new one. A failed computation is not kept. For figures that take a while to compute and
 * are read by many (a dashboard every console of a project reads after each realtime push).
 */
export function createStaleCache<V>(freshMs: number, staleMs: number, maxEntries = 1000) {
  interface Entry {
    at: number;
    value: Promise<V>;
    refreshing: Promise<V> | null;
  }
  const entries = new Map<string, Entry>();

  const compute = (key: string, load: () => Promise<V>, replaceNow: boolean): Promise<V> => {
    const value = load();
    const next: Entry = { at: Date.now(), value, refreshing: null };
    if (replaceNow) {
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, next);
      value.catch(() => {
        if (entries.get(key) === next) entries.delete(key);
      });
    } else {
      const current = entries.get(key);
      value.then(
        () => {
          next.at = Date.now();
          entries.set(key, next);
        },
        () => {
          if (current && entries.get(key) === current) current.refreshing = null;
        },
      );
    }
    return value;
  };

  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const entry = entries.get(key);
      const age = entry ? Date.now() - entry.at : Number.POSITIVE_INFINITY;
      if (!entry || age >= staleMs) return compute(key, load, true);
      if (age >= freshMs) entry.refreshing ??= compute(key, load, false);
      return entry.value;
    },
    clear: () => entries.clear(),
  };
}
