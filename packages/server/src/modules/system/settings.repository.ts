import type { Db } from '../../db/client.js';
import { webParams } from '../../db/schema/index.js';

export function createSettingsRepository(db: Db) {
  return {
    all: () => db.select({ key: webParams.key, value: webParams.value }).from(webParams),
    upsert: (key: string, value: unknown) =>
      db
        .insert(webParams)
        .values({ key, value })
        .onConflictDoUpdate({ target: webParams.key, set: { value, updatedAt: new Date() } }),
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
