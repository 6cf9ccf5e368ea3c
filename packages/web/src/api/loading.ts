import { useSyncExternalStore } from 'react';

/** Calls in flight, for the global loading indicator; every call ends it whatever its outcome. */
let pending = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function beginLoading(): () => void {
  pending += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    emit();
  };
}

export function pendingCalls(): number {
  return pending;
}

export function usePendingCalls(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pendingCalls,
    pendingCalls,
  );
}
