/**
 * Whether the database answers at all. A stopped, restarting or unreachable PostgreSQL makes every
 * statement fail with a connection error, not with an error of the statement: callers answer 503
 * ("database unavailable") instead of 500, the telemetry writer keeps its rows and tries again, and the
 * outage is logged once when it starts and once when it ends, not once per call.
 */

/** Node's socket errors the driver passes on when it cannot reach the server, or loses it. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATE of a server going away: class 08 (connection exception), 57P01-57P03 (administrator or crash
 * shutdown, cannot connect now) and 53300 (too many connections).
 */
const unavailableState = (code: string) => /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300';

/** What node-postgres throws with no code when the connection ends under a query or cannot be made. */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/** True when `error` (or one of its causes: drizzle wraps the driver's error) says the database is away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || unavailableState(code)) return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
    // AggregateError (a host name resolving to several addresses, each refused).
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = e.cause as Record<string, unknown> | undefined;
  }
  return false;
}

export interface Availability {
  /** True from the first failure that says the database is away until a connection succeeds again. */
  readonly down: boolean;
  /** A statement failed because the database is away; the first such failure starts an outage. */
  failed(): void;
  /** A connection to the database succeeded. */
  recovered(): void;
  /** `listener(true)` when an outage starts, `listener(false)` when it ends. */
  watch(listener: (down: boolean) => void): void;
}

export function createAvailability(): Availability {
  let down = false;
  const listeners: ((down: boolean) => void)[] = [];
  const tell = (value: boolean) => {
    for (const listener of listeners) listener(value);
  };
  return {
    get down() {
      return down;
    },
    failed() {
      if (down) return;
      down = true;
      tell(true);
    },
    recovered() {
      if (!down) return;
      down = false;
      tell(false);
    },
    watch(listener) {
      listeners.push(listener);
    },
  };
}
