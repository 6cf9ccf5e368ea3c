import {
  type AnyEndpoint,
  type BodyOf,
  type EndpointTable,
  isFile,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
  storedFile,
  type TableFile,
  XLSX_TYPE,
} from '@sc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../modules/logs/audit.service.js';
import type { SessionContext } from '../../modules/session/session-context.js';
import { commonQuery } from '../schemas.js';

/** What a handler of a declared call gets: its validated request, typed from the declaration. */
export interface EndpointCall<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** The signed-in caller (every mounted call but public ones has one: the authorize hook saw to it). */
  session: SessionContext;
  /** Who does it and from where, for the operation and management logs. */
  actor: Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the declared response (a file call answers through the reply). */
export type EndpointHandler<E extends AnyEndpoint> = (
  call: EndpointCall<E>,
) => Promise<E['response'] extends TableFile ? FastifyReply : ReplyOf<E>>;

/** A handler for every call of a table: a missing or extra one is a type error. */
export type TableHandlers<T extends EndpointTable> = { [K in keyof T]: EndpointHandler<T[K]> };

const responseOf = (e: AnyEndpoint) =>
  isFile(e)
    ? {
        200: {
          description: e.response.description,
          content:
            e.response === storedFile
              ? { 'application/octet-stream': { schema: e.response } }
              : { 'text/csv': { schema: e.response }, [XLSX_TYPE]: { schema: e.response } },
        },
      }
    : { 200: e.response };

/**
 * Mounts one declared call: its route at the declared path, validated by its schemas (the query plus
 * `token` and `lang`), its answer checked and described in OpenAPI, the handler typed from them.
 */
export function mountEndpoint<E extends AnyEndpoint>(app: FastifyInstance, e: E, handler: EndpointHandler<E>): void {
  const query = e.query ? commonQuery.extend(e.query.shape) : commonQuery;
  // What another instance holds is sent there before routing (its key names it).
  if (e.heldBy) app.fastPaths?.instanceBound(e.path, e.heldBy);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      params: e.params,
      querystring: query,
      ...(e.body ? { body: e.body } : {}),
      response: responseOf(e) as never,
    },
    handler: (request, reply) =>
      handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        session: request.session!,
        actor: actorOf(request),
        request,
        reply,
      }) as Promise<unknown>,
  });
}

/** Mounts every call of a table with its handler. */
export function mountTable<T extends EndpointTable>(app: FastifyInstance, table: T, handlers: TableHandlers<T>): void {
  for (const [name, e] of Object.entries(table)) mountEndpoint(app, e, handlers[name as keyof T] as never);
}
