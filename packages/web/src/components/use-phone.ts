import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): a phone held upright. */
const PHONE = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia?.(PHONE);
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
};
const isPhone = () => window.matchMedia?.(PHONE).matches ?? false;

/**
 * Whether the window is phone-sized, asked positively (a `max-width` query), so that a renderer without
 * layout (jsdom, whose stand-in answers no query) is taken for the desktop the screens are written for.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
