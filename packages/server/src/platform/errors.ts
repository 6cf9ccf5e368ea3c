/**
 * Errors the services throw; the error handler turns them into the answer of DESIGN.md §6 with the
 * message translated into the caller's language. `key` is an i18n key of the contract.
 */
/** A message parameter: a value, or i18n keys translated in the caller's language and listed. */
export type ErrorParam = string | number | readonly string[];

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly key: string,
    readonly params?: Record<string, ErrorParam>,
    readonly fieldErrors?: { field: string; key: string; params?: Record<string, ErrorParam> }[],
  ) {
    super(key);
  }
}

export const badRequest = (key: string, fieldErrors?: { field: string; key: string }[], code = 'VALIDATION') =>
  new AppError(400, code, key, undefined, fieldErrors);
/** A 400 for one field, e.g. a wrong old password. */
export const fieldError = (field: string, key: string, code = 'VALIDATION', params?: Record<string, string | number>) =>
  new AppError(400, code, key, params, [{ field, key, params }]);
export const unauthorized = (code = 'NOT_SIGNED_IN', key = 'errors.unauthorized') => new AppError(401, code, key);
export const forbidden = (code = 'FORBIDDEN', key = 'errors.forbidden') => new AppError(403, code, key);
export const sessionExpired = () => new AppError(403, 'SESSION_EXPIRED', 'errors.sessionExpired');
export const notFound = (key = 'errors.notFound') => new AppError(404, 'NOT_FOUND', key);
export const conflict = (key: string, params?: Record<string, string | number>) =>
  new AppError(409, 'CONFLICT', key, params);

/** A 409 that names the field at fault, e.g. a number already used. */
export const conflictField = (field: string, key: string) =>
  new AppError(409, 'CONFLICT', key, undefined, [{ field, key }]);
