import { DEVICE_TYPES, I18N_RESOURCES, type Lang } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { requestLang } from './lang.js';

/**
 * Built-in names the system creates in Chinese (the root project, the administrator role and account,
 * the generic factory, the 15 device types) → the same name in each other language. Names operators
 * typed are never in this list; a built-in record an operator renamed no longer matches.
 */
export function builtinNames(lang: Lang): Map<string, string> {
  const zh = I18N_RESOURCES.zh_CN;
  const to = I18N_RESOURCES[lang];
  const pairs: [string, string][] = [
    [zh.labels.builtin.rootProject, to.labels.builtin.rootProject],
    [zh.labels.builtin.adminRole, to.labels.builtin.adminRole],
    [zh.labels.builtin.genericFactory, to.labels.builtin.genericFactory],
    ...DEVICE_TYPES.map((type): [string, string] => [zh.families.types[type], to.families.types[type]]),
  ];
  return new Map(pairs.filter(([from, into]) => from !== into));
}

const BY_LANG = new Map<Lang, Map<string, string>>();
const BACK_BY_LANG = new Map<Lang, Map<string, string>>();

function namesFor(lang: Lang, back: boolean): Map<string, string> {
  const cache = back ? BACK_BY_LANG : BY_LANG;
  let names = cache.get(lang);
  if (!names) {
    const forward = builtinNames(lang);
    names = back ? new Map([...forward].map(([zh, local]) => [local, zh])) : forward;
    cache.set(lang, names);
  }
  return names;
}

/**
 * The way back, for request bodies: a `name` equal to a built-in name as this language shows it is
 * stored as the system's Chinese name. Saving the administrator role unchanged from the en-US console
 * stored "System administrator", and the zh-CN console then showed English. Only `name` fields: a
 * description or a number that happens to read "Camera" stays as typed.
 */
export function delocaliseBuiltinNames(value: unknown, back: Map<string, string>, depth = 0): void {
  // Bytes are never names: a buffer is not walked byte by byte.
  if (depth > 8 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return;
  if (Array.isArray(value)) {
    for (const item of value) delocaliseBuiltinNames(item, back, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(record)) {
    if (key === 'name' && typeof item === 'string') record[key] = back.get(item) ?? item;
    else delocaliseBuiltinNames(item, back, depth + 1);
  }
}

/** Replaces every string value equal to a built-in name, at any depth (copies only what changes). */
export function localiseBuiltins(value: unknown, names: Map<string, string>, depth = 0): unknown {
  if (typeof value === 'string') return names.get(value) ?? value;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const local = localiseBuiltins(item, names, depth + 1);
      if (local !== item) changed = true;
      return local;
    });
    return changed ? next : value;
  }
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const local = localiseBuiltins(item, names, depth + 1);
    if (local !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = local;
    }
  }
  return copy ?? value;
}

/**
 * API answers show built-in names in the caller's language (issue 13: en-US kept "系统管理员"), and
 * request bodies name them back in Chinese, so that what is stored does not depend on the language of
 * the console that saved it.
 */
export function registerBuiltinNames(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const lang = requestLang(request);
    if (lang === 'zh_CN' || !request.url.startsWith('/api/') || !request.body) return;
    delocaliseBuiltinNames(request.body, namesFor(lang, true));
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const lang = requestLang(request);
    if (lang === 'zh_CN' || !request.url.startsWith('/api/')) return payload;
    return localiseBuiltins(payload, namesFor(lang, false));
  });
}
