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
