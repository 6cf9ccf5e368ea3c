import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches a CSS media query, following its changes. A renderer without layout
 * (jsdom, whose stand-in answers no query) matches none, so queries are best asked positively.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia?.(query);
      media?.addEventListener?.('change', onChange);
      return () => media?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
