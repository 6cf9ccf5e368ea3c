import { type ErrorBody, type Lang, translate } from '@sc/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type Availability, isDatabaseUnavailable } from '../db/availability.js';
import { AppError, type ErrorParam } from './errors.js';
import { requestLang } from './lang.js';

const statusKeys: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'errors.badRequest'],
  401: ['NOT_SIGNED_IN', 'errors.unauthorized'],
  403: ['FORBIDDEN', 'errors.forbidden'],
  404: ['NOT_FOUND', 'errors.notFound'],
  405: ['METHOD_NOT_ALLOWED', 'errors.methodNotAllowed'],
  406: ['UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMedia'],
  408: ['REQUEST_TIMEOUT', 'errors.requestTimeout'],
  409: ['CONFLICT', 'errors.conflict'],
  413: ['PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge'],
  414: ['URI_TOO_LONG', 'errors.uriTooLong'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMedia'],
  429: ['TOO_MANY_REQUESTS', 'errors.tooManyRequests'],
  431: ['HEADERS_TOO_LARGE', 'errors.headersTooLarge'],
};

/** Framework and upload errors with a more exact answer than their status alone gives. */
const frameworkKeys: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION', 'errors.invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION', 'errors.invalidJson'],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'errors.uploadLimits'],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'errors.uploadLimits'],
  FST_FIELDS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'errors.uploadLimits'],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'errors.payloadTooLarge'],
  FST_MP_PREMATURE_CLOSE: [400, 'VALIDATION', 'errors.malformedUpload'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupportedMedia'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'VALIDATION', 'errors.malformedUpload'],
};

/** What the multipart parser (busboy) throws, as plain errors, on a broken or truncated body. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form|file)|Multipart: Boundary not found|Boundary required|Malformed|.* terminated early due to unexpected end of multipart data|The needle (cannot|has to))/;

/** The database's "data exception" class (22xxx: NUL in text, out-of-range number, bad date…) and
 * "program limit exceeded" (54xxx: a value too large to index): caused by the input, not the server. */
const inputFault = (code: string) => /^(22|54)[0-9A-Z]{3}$/.test(code);

export function errorBody(
  lang: Lang,
  statusCode: number,
  code: string,
  key: string,
  params?: Record<string, ErrorParam>,
): ErrorBody {
  return { statusCode, code, message: translate(lang, key, paramValues(lang, params)) };
}

/** Message parameters in the caller's language: a list of i18n keys is translated and joined. */
const paramValues = (lang: Lang, params?: Record<string, ErrorParam>) =>
  params
    ? (Object.fromEntries(
        Object.entries(params).map(([name, v]) => [
          name,
          Array.isArray(v) ? v.map((k: string) => translate(lang, k)).join(lang === 'zh_CN' ? '、' : ', ') : v,
        ]),
      ) as Record<string, string | number>)
    : undefined;

/** Strips `/` and the `body/` prefix so the console can put the message on its field. */
const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const lang = requestLang(request);
  if (error instanceof AppError) {
    const body = errorBody(lang, error.statusCode, error.code, error.key, error.params);
    if (error.fieldErrors) {
      body.errors = error.fieldErrors.map((f) => ({
        field: f.field,
        message: translate(lang, f.key, paramValues(lang, f.params)),
      }));
      if (error.key === 'errors.badRequest' && body.errors[0]) body.message = body.errors[0].message;
    }
    return reply.status(error.statusCode).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      field: fieldName(v.instancePath),
      message: translate(lang, v.message ?? 'errors.badRequest'),
    }));
    return reply.status(400).send({
      statusCode: 400,
      code: 'VALIDATION',
      message: errors[0]?.message ?? translate(lang, 'errors.badRequest'),
      errors,
    });
  }
  // The database is away (stopped, restarting, unreachable): a passing state, not the server's fault.
  if (isDatabaseUnavailable(error))
    return reply
      .status(503)
      .header('retry-after', '5')
      .send(errorBody(lang, 503, 'DATABASE_UNAVAILABLE', 'errors.databaseUnavailable'));
  // A unique or foreign-key violation the service did not foresee (e.g. a race between two requests).
  const pgCode = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (pgCode === '23505') return reply.status(409).send(errorBody(lang, 409, 'CONFLICT', 'errors.conflict'));
  if (pgCode === '23503') return reply.status(409).send(errorBody(lang, 409, 'CONFLICT', 'errors.inUse'));
  if (pgCode && inputFault(pgCode)) {
    const key = pgCode === '22021' || pgCode === '22P05' ? 'errors.invalidText' : 'errors.badRequest';
    return reply.status(400).send(errorBody(lang, 400, 'VALIDATION', key));
  }
  const framework = frameworkKeys[(error as { code?: string }).code ?? ''];
  if (framework) return reply.status(framework[0]).send(errorBody(lang, framework[0], framework[1], framework[2]));
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 400 && error instanceof SyntaxError)
    return reply.status(400).send(errorBody(lang, 400, 'VALIDATION', 'errors.invalidJson'));
  if (status === 500 && error instanceof Error && MALFORMED_MULTIPART.test(error.message))
    return reply.status(400).send(errorBody(lang, 400, 'VALIDATION', 'errors.malformedUpload'));
  const known = statusKeys[status] ?? (status >= 400 && status < 500 ? statusKeys[400] : undefined);
  if (status < 500 && known) return reply.status(status).send(errorBody(lang, status, known[0], known[1]));
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody(lang, 500, 'INTERNAL', 'errors.internal'));
}

/**
 * Registers the error and not-found handlers: every error body has a localised `message`. A call that
 * fails because the database is away tells `availability`, which logs the outage once (app.ts).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  spaFallback: ((reply: FastifyReply) => FastifyReply) | null,
  availability?: Availability,
): void {
  const patterns: { method: string; regex: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    // A wildcard route (the console's files) matches every path: it must not make an unknown API path
    // a "wrong verb" (405) instead of "not found" (404).
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const regex = new RegExp(
      `^${route.url
        .replace(/[.]/g, '\\.')
        .replace(/:[^/]+/g, '[^/]+')
        .replace(/\*/g, '.*')}$`,
    );
    for (const method of methods) patterns.push({ method, regex });
  });

  app.setErrorHandler((error, request, reply) => {
    if (availability && isDatabaseUnavailable(error)) availability.failed();
    return sendError(request, reply, error);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const lang = requestLang(request);
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/code/');
    if (isApi) {
      const allowed = [...new Set(patterns.filter((p) => p.regex.test(pathname)).map((p) => p.method))];
      if (allowed.length > 0) {
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .send(errorBody(lang, 405, 'METHOD_NOT_ALLOWED', 'errors.methodNotAllowed'));
      }
      return reply.status(404).send(errorBody(lang, 404, 'NOT_FOUND', 'errors.notFound'));
    }
    // Console routes are the single-page app's: it decides what an unknown path shows.
    if (spaFallback && (request.method === 'GET' || request.method === 'HEAD')) return spaFallback(reply);
    return reply.status(404).send(errorBody(lang, 404, 'NOT_FOUND', 'errors.notFound'));
  });
}
