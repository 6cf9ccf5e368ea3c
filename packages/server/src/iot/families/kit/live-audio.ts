import { PassThrough } from 'node:stream';
import type {} from '@fastify/websocket';
import { decodeMessage } from '@sc/contract';
import { PCM_FRAME_FORMAT } from '@sc/contract/families/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { AppError, notFound } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';

/**
 * Live audio relayed from an operator's socket to the devices that pull it (the speakers' live
 * broadcast, the emergency call seat's call): the parts both do alike, over the contract kit's frames.
 */

/** A frame larger than this is not audio of the declared format. */
const MAX_FRAME = 8 * 1024;
/** A device's stream holding more than this unsent (about 1.5 s of audio) loses frames until it drains. */
const MAX_BACKLOG = 48 * 1024;

/** Whether bytes may be a frame of the kit's format (at least its header, at most 8 KB); others are dropped. */
export const isAudioFrame = (bytes: Uint8Array) =>
  bytes.length >= PCM_FRAME_FORMAT.headerBytes && bytes.length <= MAX_FRAME;

/**
 * A frame onto the stream a device pulls, preceded by its length (u16 LE); false when the device cannot
 * keep up (its stream's backlog): the frame is lost for it, never delaying the others.
 */
export function writeFrame(pull: PassThrough, frame: Uint8Array): boolean {
  if (pull.writableLength > MAX_BACKLOG) return false;
  const length = Buffer.alloc(2);
  length.writeUInt16LE(frame.length, 0);
  pull.write(length);
  pull.write(frame);
  return true;
}

type SocketError = { kind: 'error'; key: string; params?: Record<string, string | number> };

/**
 * The operator's socket speaking JSON: `say` a message while it is open; `refuse` says why (an
 * AppError's key and parameters, or errors.internal, logged as `what`) and closes it.
 */
export function operatorSocket<M extends { kind: string }>(socket: WebSocket, req: FastifyRequest, what: string) {
  const say = (message: M | SocketError) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const refuse = (err: unknown) => {
    const known = err instanceof AppError;
    if (!known) req.log.error({ err }, what);
    say({
      kind: 'error',
      key: known ? err.key : 'errors.internal',
      ...(known && err.params ? { params: err.params as Record<string, string | number> } : {}),
    });
    socket.close(1008);
  };
  return { say, refuse };
}

/** The socket's query by its schema, or a 400 in the contract's words. */
export function socketQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const { key, params } = decodeMessage(parsed.error.issues[0]!.message);
  throw new AppError(400, 'VALIDATION', key, params);
}

/**
 * Serves the stream a device pulls: straight onto its socket (headers at once, each frame as it is
 * written, no hook buffering it), `formatHeader` saying the format; `left` is called when the device
 * goes away.
 */
export function servePull(
  req: FastifyRequest,
  reply: FastifyReply,
  pull: PassThrough,
  formatHeader: string,
  left: () => void,
) {
  req.raw.socket.setNoDelay(true);
  req.raw.on('close', left);
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'application/octet-stream',
    'cache-control': 'no-store',
    [formatHeader]: `${PCM_FRAME_FORMAT.codec};rate=${PCM_FRAME_FORMAT.sampleRate}`,
  });
  reply.raw.flushHeaders();
  pull.pipe(reply.raw);
}

/**
 * Where a family keeps the pull of one device of a live session: the pull it has (if any), keeping a new
 * one (null: none), telling the operator (`pulling`, `left`), and whether the session has ended.
 */
export interface PullSlot {
  current(): PassThrough | null | undefined;
  keep(pull: PassThrough | null): void;
  say(outcome: 'pulling' | 'left'): void;
  ended(): boolean;
}

/**
 * A device's pull of a live session's audio: GET `path` (held by the instance of the session), the slot
 * `slotOf` finds for the session and the device's key (404 without one). A new pull ends the one before;
 * the operator is told it pulls, and that it left when the pull closes unless another took its place or
 * the session ended.
 */
export function pullRoute(
  app: FastifyInstance,
  path: string,
  formatHeader: string,
  slotOf: (session: string, key: string | undefined) => PullSlot | undefined,
) {
  app.fastPaths?.instanceBound(path, 'session');
  app.get(
    path,
    { schema: { hide: true }, compress: false },
    async (req: FastifyRequest<{ Params: { session: string }; Querystring: { key?: string } }>, reply) => {
      const slot = slotOf(req.params.session, req.query.key);
      if (!slot) throw notFound();
      slot.current()?.end();
      const pull = new PassThrough();
      slot.keep(pull);
      slot.say('pulling');
      servePull(req, reply, pull, formatHeader, () => {
        if (slot.current() !== pull) return;
        slot.keep(null);
        pull.end();
        if (!slot.ended()) slot.say('left');
      });
    },
  );
}

/** What an operator's live session does with its socket, made when the socket opens. */
export interface OperatorSession<Q> {
  /** A binary frame from the operator (from the start: before `open` has answered too). */
  frame(data: Buffer): void;
  /** The socket closed. */
  close(): void;
  /** Starts the session: the operator reaches the project; `query` is the socket's, checked. */
  open(start: {
    req: FastifyRequest<{ Params: { projectId: string } }>;
    projectId: number;
    session: NonNullable<FastifyRequest['session']>;
    query: Q;
  }): Promise<void>;
}

/**
 * An operator's live socket (the seat's call, the speakers' broadcast): GET `path` as a websocket, hidden
 * from the document; the family's session gets the socket's binary frames and its close from the start,
 * then is opened for a project the operator reaches with the query `query` checks. A refusal (an
 * AppError's words, or errors.internal logged as `what`) is said on the socket and closes it.
 */
export function operatorRoute<M extends { kind: string }, Q extends z.ZodType>(
  app: FastifyInstance,
  ctx: FamilyContext,
  route: { path: string; what: string; query: Q },
  sessionOf: (socket: WebSocket, say: ReturnType<typeof operatorSocket<M>>['say']) => OperatorSession<z.infer<Q>>,
) {
  app.get(
    route.path,
    { websocket: true, schema: { hide: true } },
    async (socket, req: FastifyRequest<{ Params: { projectId: string } }>) => {
      const { say, refuse } = operatorSocket<M>(socket, req, route.what);
      const live = sessionOf(socket, say);
      socket.on('message', (data: Buffer, binary: boolean) => {
        if (binary) live.frame(data);
      });
      socket.on('close', () => live.close());
      try {
        const projectId = Number(req.params.projectId);
        const session = req.session!;
        await ctx.devices.project(session, projectId);
        await live.open({ req, projectId, session, query: socketQuery(route.query, req.query) });
      } catch (err) {
        refuse(err);
      }
    },
  );
}
