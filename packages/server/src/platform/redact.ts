import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/**
 * Secrets never reach a log (issue 11): session tokens, passwords and device keys are replaced by
 * REDACTED in request log lines, errors and the audit, visit and operation logs kept in the database.
 */
export const REDACTED = '******';

/** Names whose values are secrets: in a query string, a form, a JSON body or a logged object. */
const SECRET_NAME =
  /^(token|usertoken|access_?token|refresh_?token|password|oldpassword|newpassword|confirmpassword|passwd|pwd|secret|key1|authorization|cookie|mqttpassword)$/i;
export const isSecretName = (name: string) => SECRET_NAME.test(name);

const NAMES =
  'token|userToken|access_?token|refresh_?token|password|oldPassword|newPassword|confirmPassword|passwd|pwd|secret|key1|mqttPassword';
/** `name=value` in a URL, a form body or free text. */
const PAIR = new RegExp(`((?:^|[?&;\\s])(?:${NAMES})=)[^&#\\s"']*`, 'gi');
/** `"name": "value"` in JSON text. */
const JSON_PAIR = new RegExp(`("(?:${NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
/** `scheme://user:password@host`. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]*:)[^@/\s]+@/gi;
/** drizzle's "Failed query: … params: a,b,c": the values of a failed statement. */
const QUERY_PARAMS = /(\nparams: ).*$/s;

/** The same text with every secret it carries replaced. */
export function redactText(text: string): string {
  return text
    .replace(PAIR, `$1${REDACTED}`)
    .replace(JSON_PAIR, `$1"${REDACTED}"`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(QUERY_PARAMS, `$1${REDACTED}`);
}

/** A request URL with the values of secret query parameters replaced; the rest of it kept. */
export const redactUrl = (url: string) => redactText(url);

/** A copy of a value with secret fields and secrets inside strings replaced, for the database logs. */
export function redactValue<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactText(value) as T;
  if (value === null || typeof value !== 'object' || depth > 16) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1)) as T;
  // Only plain objects are copied: a request, a reply or an error keeps its class (the logger's
  // serializers take their secrets out).
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      isSecretName(key) && item !== null && item !== undefined && item !== '' ? REDACTED : redactValue(item, depth + 1);
  }
  return out as T;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: Error) => redactValue({ ...pino.stdSerializers.err(error) }),
};

/**
 * The server's logger options with secrets taken out of every line: request URLs, errors (their
 * messages, stacks and failed-query parameters), headers and any string or object logged.
 */
export function secretSafeLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as Exclude<FastifyServerOptions['logger'], boolean | undefined>);
  return {
    ...base,
    serializers: { ...serializers, ...(base as { serializers?: object }).serializers },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => redactValue(arg)) as Parameters<typeof method>);
      },
    },
  } as FastifyServerOptions['logger'];
}
