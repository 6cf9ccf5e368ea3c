import { z } from 'zod';
import type { ApiGrant, HttpMethod } from '../catalogue/types.js';
import { AUTH_LEVEL, type AuthLevel } from '../enums.js';
import { idParam } from '../validation/rules.js';

/**
 * One call of the product, declared once: its method, its path (spec 000 §7 / 001 §7, a Fastify
 * pattern), the schemas of its request (path params, query, body), the schema of its answer and the
 * level it needs. From it come the catalogue grant (`grantOf`), the server's route (`mountEndpoint` in
 * the server's platform/endpoints), its OpenAPI entry, and the console's typed call and query key
 * (`clientOf` in the console's api/endpoints). No other file writes its path.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: M;
  path: P;
  /** The path's `:params` (ids unless the declaration says otherwise). */
  params: Params;
  query: Query;
  body: Body;
  /** The 200 answer (JSON), or `tableFile` for a download. */
  response: Response;
  /** The catalogue level a caller needs on a function that grants it (view 1, modify 5, check 10). */
  level: AuthLevel;
  /** One line for the OpenAPI document. */
  summary: string;
  /** OpenAPI tags (a family's slug). */
  tags: readonly string[];
  /** Needs no sign-in. */
  public: boolean;
  /**
   * The path param that is a key of what one server instance alone holds (`held-key.ts`): a request for
   * another instance's is sent to it (the server's instance forwarding).
   */
  heldBy?: PathParamNames<P>;
}

/** Any endpoint (what tables hold). */
// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for constraints only
export type AnyEndpoint = Endpoint<HttpMethod, string, z.ZodType, any, any, z.ZodType>;

/** A table of endpoints by name: a family's calls, a trait's calls. */
export type EndpointTable = Record<string, AnyEndpoint>;

/** The names of a path pattern's `:params`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Path params that are ids (every param of the product's paths so far). */
export type IdParams<P extends string> = z.ZodObject<{ [K in PathParamNames<P>]: ReturnType<typeof idParam> }>;
/** Path params that are ids but those given their own rule. */
// biome-ignore lint/complexity/noBannedTypes: no own rules
export type ParamsSchema<P extends string, Own extends z.ZodRawShape = {}> = z.ZodObject<
  Omit<{ [K in PathParamNames<P>]: ReturnType<typeof idParam> }, keyof Own> & Own
>;

/** The names of a path's params, in order. */
export const paramNames = (path: string): string[] =>
  path
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));

/** The schema of a path's id params. */
export const idParams = <P extends string>(path: P): IdParams<P> =>
  z.object(Object.fromEntries(paramNames(path).map((name) => [name, idParam()]))) as unknown as IdParams<P>;

/**
 * A download (an export): the answer is a file, not JSON, CSV (UTF-8 with BOM) or, with `format=xlsx`,
 * an Excel workbook (`exportQuery`). OpenAPI describes both types; the console links to it (`hrefOf`)
 * instead of fetching it.
 */
export const tableFile = z.string().describe('CSV (UTF-8 with BOM), or an .xlsx workbook with format=xlsx');
export type TableFile = typeof tableFile;

/** The formats of an export: CSV (the default) or an Excel workbook. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A stored file answered as its own media type (an uploaded medium): the console links to it too. */
export const storedFile = z.string().describe('The stored file, as its own media type');

/** Whether an endpoint answers a file (no JSON body to type). */
export const isFile = (e: AnyEndpoint): boolean => e.response === tableFile || e.response === storedFile;

const levelOf = (method: HttpMethod) => (method === 'GET' ? AUTH_LEVEL.view : AUTH_LEVEL.modify);

// biome-ignore lint/complexity/noBannedTypes: no own rules
export interface EndpointInput<Query, Body, Response, Own extends z.ZodRawShape = {}> {
  /** Rules of path params that are not ids (the others are ids). */
  params?: Own;
  query?: Query;
  body?: Body;
  response: Response;
  summary: string;
  /** The level, when not view for GET and modify for other verbs. */
  level?: AuthLevel;
  tags?: readonly string[];
  /** Needs no sign-in (a public display): the catalogue's public calls, not a screen's grant. */
  public?: boolean;
  /** The path param that is a key held by one server instance (see `Endpoint.heldBy`). */
  heldBy?: string;
}

/** Declares one call; its params are the path's ids unless `params` gives a rule. */
export function endpoint<
  M extends HttpMethod,
  P extends string,
  Response extends z.ZodType,
  Query extends z.ZodObject | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  // biome-ignore lint/complexity/noBannedTypes: no own rules
  Own extends z.ZodRawShape = {},
>(
  method: M,
  path: P,
  input: EndpointInput<Query, Body, Response, Own>,
): Endpoint<M, P, ParamsSchema<P, Own>, Query, Body, Response> {
  return {
    method,
    path,
    params: idParams(path).extend(input.params ?? {}) as unknown as ParamsSchema<P, Own>,
    query: input.query as Query,
    body: input.body as Body,
    response: input.response,
    level: input.level ?? levelOf(method),
    summary: input.summary,
    tags: input.tags ?? [],
    public: input.public ?? false,
    ...(input.heldBy ? { heldBy: input.heldBy as PathParamNames<P> } : {}),
  };
}

/** The catalogue grant of a call: its method, path and level. */
export const grantOf = (e: AnyEndpoint): ApiGrant => ({ method: e.method, path: e.path, level: e.level });

/** The grants of every signed-in call of a table (or of several), for a screen's `apis`. */
export const grantsOf = (...tables: readonly EndpointTable[]): ApiGrant[] =>
  tables.flatMap((t) =>
    Object.values(t)
      .filter((e) => !e.public)
      .map(grantOf),
  );

/** The public calls of a table (no sign-in), for the catalogue's public list (a manifest's `publicApis`). */
export const publicGrantsOf = (...tables: readonly EndpointTable[]): ApiGrant[] =>
  tables.flatMap((t) =>
    Object.values(t)
      .filter((e) => e.public)
      .map(grantOf),
  );

/** The request and answer types of a call, for servers and clients. */
export type ParamsOf<E extends AnyEndpoint> = z.output<E['params']>;
export type QueryIn<E extends AnyEndpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type QueryOf<E extends AnyEndpoint> = E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
export type BodyIn<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type BodyOf<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
/** What the handler returns (the schema's input: the serializer checks it). */
export type ReplyOf<E extends AnyEndpoint> = z.input<E['response']>;
/** What the caller receives. */
export type AnswerOf<E extends AnyEndpoint> = z.output<E['response']>;
