/** Business constants and limits of spec 000 §9 and 001 §9. */
export const PRODUCT_VERSION = 'V6.3.01';

export const PAGE_SIZE = { default: 25, min: 5, max: 100 } as const;
export const LOG_PAGE_SIZE = { default: 50, min: 25, max: 200 } as const;
export const PARENT_LIST_SIZE = 1000;
export const REQUEST_TIMEOUT_MS = 300_000;
export const PREVENT_DOUBLE_CLICK_MS = 2000;
export const MESSAGE_DURATION_MS = 3000;
export const NETWORK_ERROR_DURATION_MS = 5000;
export const DEFAULT_MAP = { lng: 119.50081, lat: 32.1692833, zoom: 18 } as const;
export const LIVE_HEARTBEAT = { default: 3, min: 1, max: 10 } as const;
export const DIALOG_WIDTHS = [500, 600, 800, 1200, '80%'] as const;
export const PRIMARY_COLOR = '#fa8c16';
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIMEZONE = { default: 8, min: -12, max: 12 } as const;
export const SEARCH_WORD_LIMIT = 5;
export const DEVICE_SEARCH_WORD_LIMIT = 10;

/** Upload limits in bytes. */
export const UPLOAD_LIMITS = {
  csv: 10 * 1024 * 1024,
  mp3: 10 * 1024 * 1024,
  ledMedia: 50 * 1024 * 1024,
  icon: 100 * 1024,
  /** An icon's width and height at most, read from its header (a small file may decode huge). */
  iconPixels: 1024,
} as const;

/** Sign-in protection: spec is silent, these are the product's choices (docs/security.md). */
export const LOGIN_LOCK = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;
export const IDENTIFY_CODE = { length: 6, ttlSeconds: 300 } as const;
export const SESSION_IDLE_MINUTES = { default: 120, min: 5, max: 1440 } as const;
