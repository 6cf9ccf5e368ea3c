import { useMemo } from 'react';

/**
 * The devices picked on a map (a group's members, `value`): a click on a device adds or drops it
 * (`toggle`, AreaMap's `onDevice`), an area drawn adds those inside not picked yet (`add`), in the order
 * given. Every member picker on an AreaMap keeps its ids this way.
 */
export function useMapPicks(value: readonly number[], onChange: (ids: number[]) => void) {
  const picked = useMemo(() => new Set(value), [value]);
  return {
    picked,
    toggle: (id: number) => onChange(picked.has(id) ? value.filter((v) => v !== id) : [...value, id]),
    add: (ids: readonly number[]) => onChange([...value, ...ids.filter((id) => !picked.has(id))]),
  };
}
