import {
  type AnswerOf,
  type AnyEndpoint,
  type BodyIn,
  type EndpointTable,
  isFile,
  type PathParamNames,
  type QueryIn,
} from '@sc/contract';
import type { z } from 'zod';
import { buildUrl, type Params, request } from './client';

/**
 * The console's typed client, generated from the contract's endpoint table: one function per declared
 * call (its path, request and answer types from the declaration, never written here), its query key,
 * and the link of a download. `clientOf(WHM_API, { projectId })` binds the params a screen knows.
 */

/** A path param as its declaration takes it: an id as a number, a param with its own rule (a UUID) as declared. */
type ParamIn<E extends AnyEndpoint, K extends string> = K extends keyof z.input<E['params']>
  ? z.input<E['params']>[K] extends string | number
    ? z.input<E['params']>[K] extends string
      ? string
      : number
    : number
  : number;
type ParamArgs<E extends AnyEndpoint, Bound extends string> = {
  [K in Exclude<PathParamNames<E['path']>, Bound>]: ParamIn<E, K>;
};
/** A query value as the console holds it: a yes/no switch as a boolean too (it goes as "true"/"false"). */
type Wire<V> = V | ('true' extends V ? boolean : never);
type QueryArgs<E extends AnyEndpoint> = E['query'] extends z.ZodObject
  ? { query?: { [K in keyof QueryIn<E>]?: Wire<QueryIn<E>[K]> } }
  : unknown;
type BodyArgs<E extends AnyEndpoint> = E['body'] extends z.ZodType
  ? undefined extends BodyIn<E>
    ? { body?: BodyIn<E> }
    : { body: BodyIn<E> }
  : unknown;

/** What a call takes: its unbound path params by name, `query` and `body` as declared. */
export type CallArgs<E extends AnyEndpoint, Bound extends string = never> = ParamArgs<E, Bound> &
  QueryArgs<E> &
  BodyArgs<E>;

export interface CallOptions {
  /** The caller shows the error itself (spec 000 §8's global handling skipped). */
  silent?: boolean;
}

export interface Call<E extends AnyEndpoint, Bound extends string = never> {
  (args: CallArgs<E, Bound>, options?: CallOptions): Promise<AnswerOf<E>>;
  /**
   * The query key of the call: `[path, params, query]`. TanStack Query matches keys by prefix and
   * objects in part, so `key({})` (the bound params only) covers every device and page of the call.
   */
  key(args?: Partial<ParamArgs<E, Bound>> & { query?: unknown }): readonly unknown[];
  /** The URL with token and language (a download's link). */
  href(args: CallArgs<E, Bound>): string;
  endpoint: E;
}

export type Client<T extends EndpointTable, Bound extends string = never> = { [K in keyof T]: Call<T[K], Bound> };

type Scalar = string | number | boolean | null | undefined;
const isScalar = (v: unknown): v is Scalar => v === null || v === undefined || typeof v !== 'object';

/** Query and form values as the API reads them (times as ISO). */
const flat = (values: Record<string, unknown> | undefined): Params | undefined => {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      v instanceof Date ? v.toISOString() : Array.isArray(v) ? (v as Scalar[]) : (v as Scalar),
    ]),
  );
};

/** A path with its `:params` filled in. */
export const fillPath = (path: string, params: Record<string, unknown>): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: ${name} is missing`);
    return encodeURIComponent(String(value));
  });

function callOf<E extends AnyEndpoint>(e: E, bound: Record<string, number>): Call<E, string> {
  const split = (args: Record<string, unknown>) => {
    const { query, body, ...params } = args as { query?: Record<string, unknown>; body?: unknown };
    return { params: { ...bound, ...params }, query, body };
  };
  const call = ((args: Record<string, unknown>, options: CallOptions = {}) => {
    const { params, query, body } = split(args);
    const path = fillPath(e.path, params);
    // A body of plain values goes form-encoded (spec 000 §7); a nested one (policies, batches) as JSON.
    const form = body && typeof body === 'object' && Object.values(body).every((v) => isScalar(v) || v instanceof Date);
    return request<AnswerOf<E>>(e.method, path, {
      query: flat(query),
      ...(body === undefined ? {} : form ? { body: flat(body as Record<string, unknown>) } : { json: body }),
      silent: options.silent,
    });
  }) as unknown as Call<E, string>;
  call.key = (args = {}) => {
    const { params, query } = split(args);
    return query === undefined ? [e.path, params] : [e.path, params, query];
  };
  call.href = (args) => {
    const { params, query } = split(args as Record<string, unknown>);
    return buildUrl(fillPath(e.path, params), flat(query));
  };
  call.endpoint = e;
  return call;
}

/** The typed client of a table, with the params the screen knows bound (a project's id). */
export function clientOf<T extends EndpointTable, const B extends Record<string, number>>(
  table: T,
  bound: B,
): Client<T, keyof B & string> {
  return Object.fromEntries(Object.entries(table).map(([name, e]) => [name, callOf(e, bound)])) as never;
}

/** Whether a call answers a file (its link is `href`, not a fetch). */
export const isDownload = (call: { endpoint: AnyEndpoint }) => isFile(call.endpoint);
