import { DatePicker, Flex, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { fromPickerValue, TIME_FORMAT } from '../time';
import { SearchBar } from './search-bar';

/**
 * A declared filter of a list. Every change goes through `apply`, which takes the list back to page 1:
 * - keyword: the search words box (the running word limit); searching also applies typed texts;
 * - text: a typed value applied on Enter (or when cleared);
 * - range: a period, applied as soon as both ends are picked.
 */
export type FilterSpec<F> =
  | { kind: 'keyword'; name: keyof F & string }
  | { kind: 'text'; name: keyof F & string; label: string; placeholder?: string; width?: number; testId?: string }
  | { kind: 'range'; name: keyof F & string; label: string; placeholder: [string, string]; testId?: string };

export type TimeRange = [Dayjs, Dayjs] | null;

/** `from`/`to` of a range filter as the API takes them (the picked times are the system timezone's). */
export const rangeQuery = (range: TimeRange) => ({
  from: range ? fromPickerValue(range[0]) : undefined,
  to: range ? fromPickerValue(range[1]) : undefined,
});

interface FilterBarProps<F> {
  specs: FilterSpec<F>[];
  filters: F;
  apply: (next: Partial<F>) => void;
  searchWordLimit?: number;
}

/** The filters of a list, left of its toolbar; remount it (a new `key`) to empty what is typed. */
export function FilterBar<F>({ specs, filters, apply, searchWordLimit }: FilterBarProps<F>) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const value = (name: string) => (filters as Record<string, unknown>)[name];
  const typed = () =>
    Object.fromEntries(
      specs.filter((s) => s.kind === 'text').map((s) => [s.name, (drafts[s.name] ?? '').trim()]),
    ) as Partial<F>;

  return (
    <Flex gap={8} wrap align="center" style={{ flex: 'auto' }}>
      {specs.map((spec) => {
        if (spec.kind === 'range') {
          return (
            <DatePicker.RangePicker
              key={spec.name}
              showTime
              allowEmpty={[true, true]}
              format={TIME_FORMAT}
              aria-label={spec.label}
              placeholder={spec.placeholder}
              value={value(spec.name) as TimeRange}
              onChange={(dates) =>
                apply({ [spec.name]: dates?.[0] && dates[1] ? [dates[0], dates[1]] : null } as Partial<F>)
              }
              data-testid={spec.testId}
            />
          );
        }
        if (spec.kind === 'text') {
          return (
            <Input
              key={spec.name}
              allowClear
              aria-label={spec.label}
              placeholder={spec.placeholder}
              style={{ width: spec.width ?? 180 }}
              value={drafts[spec.name] ?? ''}
              onChange={(event) => {
                const text = event.target.value;
                setDrafts((current) => ({ ...current, [spec.name]: text }));
                if (!text && value(spec.name)) apply({ [spec.name]: '' } as Partial<F>);
              }}
              onPressEnter={() => apply({ [spec.name]: (drafts[spec.name] ?? '').trim() } as Partial<F>)}
              data-testid={spec.testId}
            />
          );
        }
        return (
          <SearchBar
            key={spec.name}
            limit={searchWordLimit}
            onSearch={(words) => apply({ ...typed(), [spec.name]: words } as Partial<F>)}
          />
        );
      })}
    </Flex>
  );
}
