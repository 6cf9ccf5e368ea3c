import { eventCodeKeys, type Lang } from '@sc/contract';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n, useLang } from '../i18n/i18n';
import { formatTime } from './time';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A command's label: the first namespace whose `commands` names it (families bring their own). */
function commandText(lang: Lang, name: string): string | undefined {
  const catalogue = (i18n.getResourceBundle(lang, 'translation') ?? {}) as Record<string, unknown>;
  for (const ns of Object.values(catalogue)) {
    const commands = (ns as { commands?: Record<string, unknown> })?.commands;
    const label = commands?.[name];
    if (typeof label === 'string') return label;
  }
  return undefined;
}

type Bundle = Record<string, Record<string, unknown> | undefined>;
const bundleOf = (lang: Lang) => (i18n.getResourceBundle(lang, 'translation') ?? {}) as Bundle;

/**
 * A key's label that a family brings (`families.pgw.relayLevels`, `mtc.readings.voltageA`), or a value's
 * (`families.pgw.carrierBand_narrow`) when `value` is given: arguments and results of family commands.
 */
function familyText(lang: Lang, key: string, value?: string): string | undefined {
  const bundle = bundleOf(lang);
  const wanted = value === undefined ? key : `${key}_${value}`;
  for (const [slug, texts] of Object.entries((bundle.families ?? {}) as Bundle)) {
    const text = slug === 'types' ? undefined : texts?.[wanted];
    if (typeof text === 'string') return text;
  }
  if (value !== undefined) return undefined;
  for (const ns of Object.values(bundle)) {
    const text = (ns?.readings as Record<string, unknown> | undefined)?.[key];
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/**
 * A value's label from a family's enumeration map named after its key (issue 13: the cabinet's running
 * data showed `mode: policy`, `kind: door`): `modes.policy` for `mode`, `peripheralKinds.door` for `kind`,
 * and for a `name` that is a kind's identifier (a peripheral named by its kind), the kind's label.
 */
function enumText(lang: Lang, key: string, value: string): string | undefined {
  if (!key) return undefined;
  const plural = `${key}s`;
  const suffix = `${key[0]!.toUpperCase()}${key.slice(1)}s`;
  const bundle = bundleOf(lang);
  const spaces = [...Object.values(bundle), ...Object.values((bundle.families ?? {}) as Bundle)];
  for (const ns of spaces) {
    if (!ns || typeof ns !== 'object') continue;
    for (const [name, map] of Object.entries(ns)) {
      const fits = name === plural || name.endsWith(suffix) || (key === 'name' && name.endsWith('Kinds'));
      const text = fits && map && typeof map === 'object' ? (map as Record<string, unknown>)[value] : undefined;
      if (typeof text === 'string') return text;
    }
  }
  return undefined;
}

/** Parses a JSON object or array kept as text (log results); anything else stays as it is. */
export function parseStored(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

export interface Labels {
  /** A device command (`correcttime` → 校时). */
  command: (name: string) => string;
  /**
   * An event code (`OFFLINE` → 设备离线), by the device's family's label when its type is given
   * (`19` of a lamp → 灯具故障); a code without a label stays as the device sent it.
   */
  eventCode: (code: string, deviceType?: string | null) => string;
  /** A key of arguments, results or details. */
  key: (key: string) => string;
  /** A value shown as text: times in the system timezone, durations with their unit, yes/no. */
  value: (key: string, value: unknown) => string;
  /** An object (or JSON text of one) as label/value pairs; a plain value as one pair with an empty label. */
  pairs: (value: unknown) => [string, string][];
}

/** Labels of what devices and the platform report as codes and keys, in the current language. */
export function useLabels(): Labels {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const key = (k: string) => (i18n.exists(`labels.keys.${k}`) ? t(`labels.keys.${k}`) : (familyText(lang, k) ?? k));
  const value = (k: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
    if (typeof v === 'number' && k === 'epochMs') return formatTime(v);
    if (typeof v === 'number' && /Ms$/.test(k)) return t('labels.ms', { ms: v });
    if (typeof v === 'string' && ISO_INSTANT.test(v)) return formatTime(v);
    if (typeof v === 'string' && parseStored(v) !== v) return value(k, parseStored(v));
    if (typeof v === 'string' && k) return familyText(lang, k, v) ?? enumText(lang, k, v) ?? v;
    if (typeof v === 'object')
      return pairs(v)
        .map(([l, text]) => (l ? `${l}: ${text}` : text))
        .join(', ');
    return String(v);
  };
  const pairs = (input: unknown): [string, string][] => {
    const parsed = parseStored(input);
    if (parsed === null || parsed === undefined || parsed === '') return [];
    if (Array.isArray(parsed)) return parsed.map((item) => ['', value('', item)]);
    if (typeof parsed !== 'object') return [['', value('', parsed)]];
    return Object.entries(parsed as Record<string, unknown>)
      .filter(([k]) => !(k === 'epochMs' && 'time' in (parsed as object)))
      .map(([k, v]) => [key(k), value(k, v)]);
  };
  return {
    command: (name) => commandText(lang, name) ?? commandText('zh_CN', name) ?? name,
    eventCode: (code, deviceType) => {
      const found = eventCodeKeys(deviceType, code).find((k) => i18n.exists(k));
      return found ? t(found) : code;
    },
    key,
    value,
    pairs,
  };
}

/** Arguments, a result or an event's detail as "label: value" pairs on one line, whole in a tooltip. */
export function KeyValues({ value, maxWidth = 320 }: { value: unknown; maxWidth?: number }) {
  const labels = useLabels();
  const lang = useLang();
  const pairs = labels.pairs(value);
  if (pairs.length === 0) return null;
  const text = pairs.map(([l, v]) => (l ? `${l}: ${v}` : v)).join(lang === 'zh_CN' ? '；' : '; ');
  return (
    <Tooltip
      placement="topLeft"
      title={
        <div>
          {pairs.map(([l, v], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pairs have no identity besides their place
            <div key={i}>{l ? `${l}: ${v}` : v}</div>
          ))}
        </div>
      }
    >
      <Typography.Text style={{ maxWidth }} ellipsis data-testid="key-values">
        {text}
      </Typography.Text>
    </Tooltip>
  );
}
