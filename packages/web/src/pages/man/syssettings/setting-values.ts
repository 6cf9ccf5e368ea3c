import { type Lang, type SettingItemView, settingDefinition, TIMEZONES } from '@sc/contract';

/** The timezone settings are chosen by region; several regions share an offset (the stored value). */
export const isTimezone = (item: SettingItemView) => settingDefinition(item.key)?.timezones === true;

const offsetLabel = (offset: number) => `UTC${offset < 0 ? '-' : '+'}${String(Math.abs(offset)).padStart(2, '0')}:00`;

/** Timezone options in the console's language (Chinese labels in zh, English in en). */
export const timezoneOptions = (lang: Lang) =>
  TIMEZONES.map((tz) => ({
    value: tz.value,
    label: `(${offsetLabel(tz.offset)}) ${lang === 'zh_CN' ? tz.zh : tz.en}`,
  }));

export const regionOffset = (region: unknown) => TIMEZONES.find((tz) => tz.value === region)?.offset;

/** The region shown for an offset: `keep` if it has that offset, else the first region that has. */
export function regionOf(offset: number, keep?: unknown): string | undefined {
  if (regionOffset(keep) === offset) return keep as string;
  return TIMEZONES.find((tz) => tz.offset === offset)?.value;
}

const asBool = (value: unknown) => value === true || value === 'true';

/** A stored value as the form holds it. */
export function toFormValue(item: SettingItemView, keepRegion?: unknown): unknown {
  switch (item.kind) {
    case 'bool':
      return asBool(item.value);
    case 'int':
      return isTimezone(item) ? regionOf(Number(item.value), keepRegion) : Number(item.value);
    default:
      return item.value === null || item.value === undefined ? '' : String(item.value);
  }
}

/** A form value as the PUT's `value` field; null when the form holds nothing sendable. */
export function toWire(item: SettingItemView, formValue: unknown): string | null {
  switch (item.kind) {
    case 'bool':
      return String(asBool(formValue));
    case 'int': {
      const number = isTimezone(item) ? regionOffset(formValue) : formValue;
      return typeof number === 'number' && Number.isFinite(number) ? String(number) : null;
    }
    default:
      return typeof formValue === 'string' ? formValue.trim() : formValue == null ? '' : String(formValue);
  }
}

/** The stored value in the same form as `toWire`, to tell what changed. */
export function storedWire(item: SettingItemView): string {
  if (item.kind === 'bool') return String(asBool(item.value));
  if (item.kind === 'int') return String(Number(item.value));
  return item.value === null || item.value === undefined ? '' : String(item.value);
}

/**
 * The order of the PUTs of one save: switches turned off first and switches turned on last, so that
 * a rule across settings (watermark on needs its text) holds after every single call.
 */
export function saveOrder<T extends { item: SettingItemView; wire: string }>(changes: T[]): T[] {
  const rank = ({ item, wire }: T) => (item.kind !== 'bool' ? 1 : wire === 'true' ? 2 : 0);
  return [...changes].sort((a, b) => rank(a) - rank(b));
}
