import { z } from 'zod';
import type { SettingGroup, SettingKind } from './definitions.js';

/** PUT /api/webparams.do/{id}: the new value, a string in a form (JSON may send a number or boolean). */
export const settingBody = z.object({
  value: z.union([z.string(), z.number(), z.boolean()], { error: 'validation.required' }),
});
export type SettingBody = z.infer<typeof settingBody>;

export interface SettingOption {
  value: string | number;
  label: string;
  /** Timezone options: the region (several regions share an offset, the value). */
  region?: string;
}

/** One item of GET /api/webparams.do; `id` is the key (the spec's path names it id). */
export interface SettingItemView {
  id: string;
  key: string;
  group: SettingGroup;
  kind: SettingKind;
  value: unknown;
  default: unknown;
  min?: number;
  max?: number;
  options?: SettingOption[];
}

/** PATCH /api/syncsysdata.do. */
export interface SyncResult {
  steps: { name: string; changed: boolean }[];
}
