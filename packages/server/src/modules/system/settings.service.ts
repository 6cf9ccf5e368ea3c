import { SETTING_DEFAULTS, SETTINGS, type SettingValues } from '@sc/contract';
import type { SettingsRepository } from './settings.repository.js';

/**
 * Settings merged over their defaults: the contract's, over which the running instance lays what only it
 * knows (`instanceDefaults`, e.g. the server address on its own port). Read through a short cache so
 * that a change made on one server instance reaches every instance within `ttlMs`, with no restart and no
 * extra bus.
 */
export function createSettingsService(
  repository: SettingsRepository,
  ttlMs = 3000,
  instanceDefaults: Partial<SettingValues> = {},
) {
  let cached: { at: number; values: SettingValues } | null = null;
  /** The read under way: callers arriving meanwhile share it (not one read each when the cache expires). */
  let reading: { generation: number; values: Promise<SettingValues> } | null = null;
  /** Moves on at every write and forced read: a read begun before it is not shared nor kept after it. */
  let generation = 0;
  const known = new Set<string>(SETTINGS.map((s) => s.key));
  const defaults = { ...SETTING_DEFAULTS, ...instanceDefaults } as SettingValues;

  async function read(at: number): Promise<SettingValues> {
    const values = { ...defaults } as Record<string, unknown>;
    for (const row of await repository.all()) if (known.has(row.key)) values[row.key] = row.value;
    if (at === generation) cached = { at: Date.now(), values: values as SettingValues };
    return values as SettingValues;
  }

  return {
    /** What a setting is when nobody changed it, on this instance. */
    defaults(): SettingValues {
      return defaults;
    },
    async all(): Promise<SettingValues> {
      if (cached && Date.now() - cached.at < ttlMs) return cached.values;
      if (reading?.generation !== generation) {
        const current = { generation, values: read(generation) };
        reading = current;
        const done = () => {
          if (reading === current) reading = null;
        };
        void current.values.then(done, done);
      }
      return reading.values;
    },
    /** Bypasses the cache: for rules that must see what other instances wrote (cross-field checks). */
    async fresh(): Promise<SettingValues> {
      cached = null;
      generation++;
      return this.all();
    },
    async get<K extends keyof SettingValues>(key: K): Promise<SettingValues[K]> {
      return (await this.all())[key];
    },
    async set(key: keyof SettingValues, value: unknown): Promise<void> {
      await repository.upsert(key, value);
      cached = null;
      generation++;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
