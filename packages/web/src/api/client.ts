import { type ErrorBody, REQUEST_TIMEOUT_MS } from '@sc/contract';
import { currentLang } from '../i18n/i18n';
import { getToken } from '../session/store';
import { ApiError } from './errors';
import { beginLoading } from './loading';
import { reportApiError } from './report';

type Scalar = string | number | boolean | null | undefined;
export type Params = Record<string, Scalar | Scalar[]>;

export interface RequestOptions {
  query?: Params;
  /** Form-encoded for POST/PUT/PATCH/DELETE (spec 000 §7). */
  body?: Params;
  /** A JSON body instead (calls whose bodies nest, e.g. lighting policies and batches). */
  json?: unknown;
  /** Skip the global error handling of spec 000 §8; the caller shows the error itself. */
  silent?: boolean;
  timeoutMs?: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function append(params: URLSearchParams, values: Params) {
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
}

/** Path plus the query every call carries: token once there is one, lang always. */
export function buildUrl(path: string, query?: Params): string {
  const [base, existing] = path.split('?');
  const params = new URLSearchParams(existing);
  if (query) append(params, query);
  const token = getToken();
  if (token && !params.has('token')) params.set('token', token);
  params.set('lang', currentLang());
  return `${base}?${params}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const endLoading = beginLoading();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    };
    if (method !== 'GET' && options.json !== undefined) {
      init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
      init.body = JSON.stringify(options.json);
    } else if (method !== 'GET' && options.body) {
      const form = new URLSearchParams();
      append(form, options.body);
      init.body = form;
    }
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), init);
    } catch (cause) {
      throw new ApiError(0, undefined, cause);
    }
    const body = await readBody(response);
    if (response.status !== 200) {
      const errorBody = typeof body === 'object' && body ? (body as ErrorBody) : undefined;
      throw new ApiError(response.status, errorBody);
    }
    return body as T;
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, undefined, error);
    if (!options.silent) reportApiError(apiError);
    throw apiError;
  } finally {
    clearTimeout(timer);
    endLoading();
  }
}

export const api = {
  get: <T>(path: string, query?: Params, options?: Omit<RequestOptions, 'query'>) =>
    request<T>('GET', path, { ...options, query }),
  post: <T>(path: string, body?: Params, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: Params, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: Params, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: Params, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, { ...options, body }),
};
