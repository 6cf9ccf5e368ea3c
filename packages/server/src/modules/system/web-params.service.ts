import {
  crossCheckSettings,
  type Lang,
  SECRET_MASK,
  SETTINGS,
  type SettingDefinition,
  type SettingItemView,
  type SettingOption,
  type SettingValues,
  settingDefinition,
  TIMEZONES,
  translate,
} from '@sc/contract';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Actor, AuditService } from '../logs/audit.service.js';
import type { SettingsService } from './settings.service.js';

const invalid = (key: string) => badRequest('errors.badRequest', [{ field: 'value', key }]);

const offsetLabel = (offset: number) => `UTC${offset < 0 ? '-' : '+'}${String(Math.abs(offset)).padStart(2, '0')}:00`;

function options(def: SettingDefinition, lang: Lang): SettingOption[] | undefined {
  if (def.options)
    return def.options.map((value) => ({ value, label: translate(lang, `settings.option_${def.key}_${value}`) }));
  if (def.timezones) {
    return TIMEZONES.map((tz) => ({
      value: tz.offset,
      region: tz.value,
      label: `(${offsetLabel(tz.offset)}) ${lang === 'zh_CN' ? tz.zh : tz.en}`,
    }));
  }
  return undefined;
}

/** A form sends every value as a string: give each kind the input its rule expects. */
function normalise(def: SettingDefinition, raw: string | number | boolean): unknown {
  if (def.kind === 'text' || def.kind === 'select') return String(raw);
  if (typeof raw === 'string' && raw.trim() === '') throw invalid('validation.required');
  return typeof raw === 'string' ? raw.trim() : raw;
}

/** GET and PUT /api/webparams.do: the system settings screen (spec 000 §5, §9). */
export function createWebParamsService(deps: {
  settings: SettingsService;
  audit: AuditService;
  isAdminUser: (id: number) => Promise<boolean>;
}) {
  const { settings } = deps;

  const item = (def: SettingDefinition, value: unknown, lang: Lang): SettingItemView => ({
    id: def.key,
    key: def.key,
    group: def.group,
    kind: def.kind,
    // A secret leaves the server only as "set" (the mask) or "not set".
    value: def.secret ? (value ? SECRET_MASK : '') : value,
    default: (settings.defaults() as Record<string, unknown>)[def.key] ?? def.default,
    ...(def.min !== undefined ? { min: def.min, max: def.max } : {}),
    ...(options(def, lang) ? { options: options(def, lang) } : {}),
    ...(def.secret ? { secret: true } : {}),
  });

  async function checkRules(key: string, value: unknown, current: SettingValues) {
    if (key === 'siteMessageAdmin' && (value as number) > 0 && !(await deps.isAdminUser(value as number))) {
      throw invalid('settings.rule_siteMessageAdmin');
    }
    const crossed = crossCheckSettings({ ...current, [key]: value } as SettingValues);
    if (crossed) throw invalid(crossed);
  }

  return {
    async list(lang: Lang): Promise<SettingItemView[]> {
      const values = (await settings.all()) as Record<string, unknown>;
      return SETTINGS.map((def) => item(def, values[def.key], lang));
    },

    async update(actor: Actor, key: string, raw: string | number | boolean, lang: Lang): Promise<SettingItemView> {
      const def = settingDefinition(key);
      if (!def) throw notFound();
      // The mask sent back (a form saved without touching the secret) keeps the stored one.
      if (def.secret && raw === SECRET_MASK) return item(def, await settings.get(key as keyof SettingValues), lang);
      const parsed = def.rule.safeParse(normalise(def, raw));
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'validation.validParam');
      const value = parsed.data;
      const current = await settings.fresh();
      await checkRules(key, value, current);
      const from = (current as Record<string, unknown>)[key];
      await settings.set(key as keyof SettingValues, value);
      await deps.audit.manage(actor, {
        action: 'settings',
        entity: 'webparam',
        entityId: key,
        summary: key,
        // A secret is logged as changed (or cleared), never by its value.
        changes: {
          [key]: def.secret ? { from: from ? '******' : '', to: value ? '******' : '' } : { from, to: value },
        },
      });
      return item(def, value, lang);
    },
  };
}

export type WebParamsService = ReturnType<typeof createWebParamsService>;
