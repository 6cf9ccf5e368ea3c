import { describe, expect, it } from 'vitest';
import type { SettingsRepository } from './settings.repository.js';
import { createSettingsService } from './settings.service.js';

/** A settings table in memory whose reads answer when `release` is called, counted. */
function slowTable() {
  const rows = new Map<string, unknown>();
  const waiting: (() => void)[] = [];
  let reads = 0;
  const repository = {
    all: async () => {
      reads++;
      const snapshot = [...rows].map(([key, value]) => ({ key, value }));
      await new Promise<void>((resolve) => waiting.push(resolve));
      return snapshot;
    },
    upsert: async (key: string, value: unknown) => {
      rows.set(key, value);
    },
  } as unknown as SettingsRepository;
  return {
    repository,
    reads: () => reads,
    release: () => {
      for (const go of waiting.splice(0)) go();
    },
  };
}

describe('settings read through the cache', () => {
  it('reads the table once for every caller arriving while a read is under way', async () => {
    const table = slowTable();
    const settings = createSettingsService(table.repository, 3000);
    const answers = Promise.all(Array.from({ length: 20 }, () => settings.get('pageSize')));
    table.release();
    expect(new Set(await answers).size).toBe(1);
    expect(table.reads()).toBe(1);
    // Cached now: no read at all.
    await settings.get('pageSize');
    expect(table.reads()).toBe(1);
  });

  it('does not hand a write’s caller what a read begun before the write found', async () => {
    const table = slowTable();
    const settings = createSettingsService(table.repository, 3000);
    const before = settings.get('pageSize');
    await settings.set('pageSize', 50);
    const after = settings.get('pageSize');
    table.release();
    await before;
    await new Promise((resolve) => setTimeout(resolve, 0));
    table.release();
    expect(await after).toBe(50);
    expect(table.reads()).toBe(2);
    // What the read from before the write found was not kept: the next call has the new value, cached.
    expect(await settings.get('pageSize')).toBe(50);
    expect(table.reads()).toBe(2);
  });
});
