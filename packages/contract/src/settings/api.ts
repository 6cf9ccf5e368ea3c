import { z } from 'zod';
import { SETTING_GROUPS, type SettingKind } from './kinds.js';

/** PUT /api/webparams.do/{id}: the new value, a string in a form (JSON may send a number or boolean). */
export const settingBody = z.object({
  value: z.union([z.string(), z.number(), z.boolean()], { error: 'validation.required' }),
});
export type SettingBody = z.infer<typeof settingBody>;

/** A choice of a select setting. */
export const settingOption = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  /** Timezone options: the region (several regions share an offset, the value). */
  region: z.string().optional(),
});
export type SettingOption = z.infer<typeof settingOption>;

/** One item of GET /api/webparams.do; `id` is the key (the spec's path names it id). */
export const settingItemView = z.object({
  id: z.string(),
  key: z.string(),
  group: z.enum(SETTING_GROUPS),
  kind: z.enum(['int', 'text', 'bool', 'select'] satisfies SettingKind[]),
  value: z.unknown(),
  default: z.unknown(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(settingOption).optional(),
  /** A secret: `value` is the mask when set, '' when not (sending the mask back keeps it). */
  secret: z.boolean().optional(),
});
export type SettingItemView = z.infer<typeof settingItemView>;
export const settingItemList = z.array(settingItemView);

/** PATCH /api/syncsysdata.do. */
export const syncResult = z.object({ steps: z.array(z.object({ name: z.string(), changed: z.boolean() })) });
export type SyncResult = z.infer<typeof syncResult>;
