import type { ErrorBody } from '@sc/contract';

/** A failed call: `status` 0 means no response (network, timeout). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body?: ErrorBody,
    cause?: unknown,
  ) {
    super(body?.message ?? (status ? `HTTP ${status}` : 'network'), { cause });
    this.name = 'ApiError';
  }

  get fieldErrors(): { field: string; message: string }[] {
    return this.body?.errors ?? [];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
