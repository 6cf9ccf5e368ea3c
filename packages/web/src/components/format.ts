import type { TFunction } from 'i18next';

/** A value of a log row or a device answer (arguments, a changed field, a property) as one readable line. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A sensor reading: one decimal at most (sensors do not measure finer), a dash when missing. */
export function formatReading(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** Between a number and its unit: a space that never breaks, so "2260.8 kWh" stays on one line. */
export const NBSP = '\u00a0';

/** A reading with its unit ("17728.1 kWh", the space unbreakable), a dash when missing; no unit, the number alone. */
export function withUnit(value: number | null | undefined, unit: string): string {
  const text = formatReading(value);
  return value === null || value === undefined || !Number.isFinite(value) || !unit ? text : `${text}${NBSP}${unit}`;
}

/**
 * A duration in seconds in words of the current language, to the two largest units: "3 天 4 小时" /
 * "3 d 4 h", "4 小时 5 分钟" / "4 h 5 min", "5 分钟", "30 秒"; empty for a missing value.
 */
export function formatDuration(seconds: number | null | undefined, t: TFunction): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.floor(seconds);
  const parts: [string, number][] = [
    ['days', Math.floor(s / 86_400)],
    ['hours', Math.floor((s % 86_400) / 3600)],
    ['minutes', Math.floor((s % 3600) / 60)],
    ['seconds', s % 60],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  if (first < 0) return t('labels.duration.seconds', { n: 0 });
  return parts
    .slice(first, first + 2)
    .filter(([, n], i) => i === 0 || n > 0)
    .map(([unit, n]) => t(`labels.duration.${unit}`, { n }))
    .join(' ');
}
