import type { TFunction } from 'i18next';

/** A value of a log row or a device answer (arguments, a changed field, a property) as one readable line. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The reading, unit and column rules are the contract's, shared with the server's exports. */
export { formatReading, NBSP, titleWithUnit, withUnit } from '@sc/contract';

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
