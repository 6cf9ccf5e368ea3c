import { days, int } from '../../settings/kinds.js';
import type { FamilyManifest } from './manifest.js';

/** The system setting (days, a year by default) of how long a family keeps its events or readings. */
export const retentionSetting = (key: string) => int(key, 'retention', days(365));

/**
 * A family whose `kept` (events, and readings unless told) are kept for the days of one setting `key`
 * (a year by default): the manifest's `retention` and that setting, to spread into `defineFamily`.
 */
export const keptFor = (
  key: string,
  kept: readonly (keyof FamilyManifest['retention'])[] = ['events', 'readings'],
): Pick<FamilyManifest, 'retention' | 'settings'> => ({
  retention: Object.fromEntries(kept.map((k) => [k, key])),
  settings: [retentionSetting(key)],
});
