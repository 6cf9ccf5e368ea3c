import type { RealtimePush } from '@sc/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What a state push changes on a device row. */
export interface LiveRow {
  id: number;
  activeState: number;
  lastActiveAt?: string | null;
}

/** A row after a state push (its active state, and the time it was last seen active). */
export function patchLiveRow<T extends LiveRow>(row: T, push: Extract<RealtimePush, { kind: 'state' }>): T {
  return { ...row, activeState: push.activeState, lastActiveAt: push.activeState === 1 ? push.at : row.lastActiveAt };
}

/** Applies a state push to every cached row with that id (lists of devices or children). */
export function applyStatePush<T extends LiveRow>(client: QueryClient, key: QueryKey, push: RealtimePush): void {
  if (push.kind !== 'state') return;
  client.setQueryData<T[]>(key, (rows) =>
    rows?.some((r) => r.id === push.deviceId)
      ? rows.map((r) => (r.id === push.deviceId ? patchLiveRow(r, push) : r))
      : rows,
  );
}

/**
 * What a family's telemetry push changes on one of its rows, from the push's values, the row and the
 * push's time (nothing when it answers undefined).
 */
export type RowReport<T> = (values: Record<string, unknown>, row: T, at: string) => Partial<T> | undefined;

/**
 * A row after a realtime push: a state push on it patches its tag and last-seen time, a telemetry push on
 * it of the family's `type` (of any type when none is given) its reported values; others leave it as is.
 */
export function liveRowPatch<T extends LiveRow>(type: string | undefined, report: RowReport<T>) {
  return <R extends T>(row: R, push: RealtimePush): R => {
    if ((push.kind !== 'state' && push.kind !== 'telemetry') || push.deviceId !== row.id) return row;
    if (push.kind === 'state') return patchLiveRow(row, push);
    if (type !== undefined && push.type !== type) return row;
    const patch = report(push.values, row, push.at);
    return patch ? { ...row, ...patch } : row;
  };
}

/** A page of a family's rows after a realtime push, as liveRowPatch says (the page itself when no row changed). */
export function livePagePatch<T extends LiveRow, P extends { list: T[] }>(
  type: string | undefined,
  report: RowReport<T>,
) {
  const patchRow = liveRowPatch(type, report);
  return (page: P | undefined, push: RealtimePush): P | undefined => {
    if (!page) return page;
    const list = page.list.map((row) => patchRow(row, push));
    return list.some((row, i) => row !== page.list[i]) ? { ...page, list } : page;
  };
}
