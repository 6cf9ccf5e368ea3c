import { useMediaQuery } from './use-media-query';

/** Below antd's `md` breakpoint (768 px): a phone held upright. */
const PHONE = '(max-width: 767.98px)';

/**
 * Whether the window is phone-sized, asked positively (a `max-width` query), so that a renderer without
 * layout is taken for the desktop the screens are written for.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE);
}
