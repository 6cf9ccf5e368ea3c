/**
 * How values read wherever they are shown: the console's screens and the files it exports (CSV,
 * .xlsx) round and join units by the same rules, so a file says what the screen said.
 */

/**
 * A sensor reading as text: an integer as it is, else `decimals` of them (one by default: sensors do
 * not measure finer; a reading's `decimals` says otherwise), a dash when missing.
 */
export function formatReading(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return Number.isInteger(value) ? String(value) : value.toFixed(decimals);
}

/** A sensor reading rounded as `formatReading` shows it (a number, for a spreadsheet's cell). */
export function roundReading(value: number, decimals = 1): number {
  return Number.isInteger(value) ? value : Number(value.toFixed(decimals));
}

/** Between a number and its unit: a space that never breaks, so "2260.8 kWh" stays on one line. */
export const NBSP = '\u00a0';

/** A reading with its unit ("17728.1 kWh", the space unbreakable), a dash when missing; no unit, the number alone. */
export function withUnit(value: number | null | undefined, unit: string, decimals?: number): string {
  const text = formatReading(value, decimals);
  return value === null || value === undefined || !Number.isFinite(value) || !unit ? text : `${text}${NBSP}${unit}`;
}

/** A column title with its unit in brackets ("温度 (°C)"); no unit, the title alone. */
export const titleWithUnit = (title: string, unit: string): string => (unit ? `${title} (${unit})` : title);

/** `yyyy-MM-dd HH:mm:ss` at the system timezone (hours east of UTC), as the console shows times. */
export function localTime(at: Date, timezoneHours: number): string {
  const shifted = new Date(at.getTime() + timezoneHours * 3_600_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** The text key of a state reading's value (`words`), null for a value it does not name. */
export function readingWordKey(
  words: { texts: string; values: readonly string[] },
  value: number | null | undefined,
): string | null {
  const name = value === null || value === undefined ? undefined : words.values[value];
  return name ? `${words.texts}.${name}` : null;
}
