import { TIME_FORMAT } from '@sc/contract';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** The time format of spec 000 §9 (yyyy-MM-dd HH:mm:ss) in dayjs tokens, for pickers and text. */
export { TIME_FORMAT };

/** Where the running parameters keep the system timezone (hours from UTC; spec 000 §3). */
export const TIMEZONE_STORAGE_KEY = 'sc.timezone';

/** The system timezone's offset in hours, once the running parameters have been read. */
export function systemOffset(): number | undefined {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(TIMEZONE_STORAGE_KEY);
  const hours = raw === null || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(hours) && Math.abs(hours) <= 14 ? hours : undefined;
}

/** An instant (now when omitted) as a dayjs in the system timezone, for clocks and formats of their own. */
export function inSystemZone(value?: string | number | Date | Dayjs): Dayjs {
  const at = dayjs(value);
  const offset = systemOffset();
  return offset === undefined ? at : at.utcOffset(offset * 60);
}

/**
 * THE time formatter of the console: an instant (ISO text, Date or epoch ms) shown in the system
 * timezone in the spec's format; nothing (empty text) for a missing or invalid value.
 */
export function formatTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return '';
  const at = dayjs(value);
  if (!at.isValid()) return '';
  const offset = systemOffset();
  return (offset === undefined ? at : at.utcOffset(offset * 60)).format(TIME_FORMAT);
}

const WALL = 'YYYY-MM-DDTHH:mm:ss.SSS';

/**
 * A date picker's value for an instant: pickers show the browser's wall clock, so the instant is moved
 * to a value whose wall clock reads the system timezone's time.
 */
export function toPickerValue(value: string | number | Date | Dayjs): Dayjs {
  const at = dayjs(value);
  const offset = systemOffset();
  return offset === undefined ? at : dayjs(at.utcOffset(offset * 60).format(WALL));
}

/** The instant (ISO text) a picked value means: its wall clock read in the system timezone. */
export function fromPickerValue(value: Dayjs): string {
  const offset = systemOffset();
  return offset === undefined
    ? value.toISOString()
    : dayjs
        .utc(value.format(WALL))
        .subtract(offset * 60, 'minute')
        .toISOString();
}

/** Milliseconds to add to an instant so that a UTC clock (charts with `useUTC`) reads the system time. */
export function systemShiftMs(): number {
  const offset = systemOffset();
  return (offset ?? -new Date().getTimezoneOffset() / 60) * 3_600_000;
}
