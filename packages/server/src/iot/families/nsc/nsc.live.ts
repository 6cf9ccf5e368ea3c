import { randomBytes } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import type {} from '@fastify/websocket';
import {
  NSC_LIVE_API,
  NSC_LIVE_COMMAND,
  NSC_LIVE_FORMAT,
  NSC_LIVE_MAX_SPEAKERS,
  NSC_STREAM_API,
  type NscLiveMessage,
  type NscLiveOutcome,
  nscLiveQuery,
  nscManifest,
} from '@sc/contract/families/nsc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.js';
import type { CommandTarget } from '../../command-bus.js';
import { type Actor, actorOf, type FamilyContext } from '../family-handler.js';
import { commandOutcome } from '../kit/device-commands.js';
import { isAudioFrame, operatorRoute, pullRoute, writeFrame } from '../kit/live-audio.js';
import { createNscRepository } from './nsc.repository.js';

const TYPE = nscManifest.type;

interface Live {
  id: string;
  projectId: number;
  /** Each speaker's key (given in its `live` command) to its id. */
  keys: Map<string, number>;
  /** The streams the speakers pull, by speaker id. */
  pulls: Map<number, PassThrough>;
  say(message: NscLiveMessage): void;
  ended: boolean;
}

/** The absolute address a speaker pulls from: the one the operator's console reached the server at. */
const streamUrl = (req: FastifyRequest, session: string, key: string) => {
  const path = NSC_STREAM_API.stream.path.replace(':session', session);
  return `${req.protocol}://${req.host}${path}?key=${key}`;
};

/**
 * The control center's live broadcast (docs/nsc-live.md): the operator's WebSocket carries microphone
 * frames in; each chosen speaker (the speakers and the members of the groups chosen, of the path's
 * project) is told by the command `live` where to pull them, with a key of its own; the frames are
 * relayed to the streams the speakers pull as they arrive (a speaker that cannot keep up loses frames,
 * never delays the others). The broadcast ends when the operator's socket closes: every pull ends.
 * Broadcasts live in the instance that holds the operator's socket.
 */
export function nscLiveRoutes(app: FastifyInstance, ctx: FamilyContext) {
  const repo = ctx.repository(createNscRepository);
  const lives = new Map<string, Live>();

  /** The speakers chosen: by id and as members of the chosen groups, all of the project. */
  async function speakersOf(projectId: number, deviceIds: number[], groupIds: number[]): Promise<CommandTarget[]> {
    const groups = await repo.groupsOf(groupIds);
    if (groups.length !== groupIds.length || groups.some((g) => g.projectId !== projectId))
      throw new AppError(404, 'NOT_FOUND', 'nsc.live.notFound');
    const members = [...(await repo.speakersOf(groupIds)).values()].flat().map((m) => m.id);
    const ids = [...new Set([...deviceIds, ...members])];
    if (!ids.length)
      throw new AppError(400, 'VALIDATION', groupIds.length ? 'nsc.live.noSpeakers' : 'nsc.live.noTargets');
    if (ids.length > NSC_LIVE_MAX_SPEAKERS)
      throw new AppError(400, 'VALIDATION', 'nsc.live.tooMany', { count: NSC_LIVE_MAX_SPEAKERS });
    const { targets, missing } = await ctx.devices.targets(projectId, ids, TYPE);
    if (missing.some((id) => deviceIds.includes(id))) throw new AppError(404, 'NOT_FOUND', 'nsc.live.notFound');
    return targets.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  /** Tells a speaker to pull the broadcast; answers what happened. */
  async function tell(actor: Actor, live: Live, target: CommandTarget, url: string, key: string) {
    const args = { session: live.id, url, key, ...NSC_LIVE_FORMAT };
    const outcome: NscLiveOutcome = await commandOutcome(ctx, actor, target, NSC_LIVE_COMMAND, args);
    // A speaker already pulling is reported so (its pull may come before its answer).
    if (!live.ended && !live.pulls.has(target.id)) live.say({ kind: 'outcome', id: target.id, outcome });
  }

  function end(live: Live) {
    live.ended = true;
    lives.delete(live.id);
    for (const pull of live.pulls.values()) pull.end();
    live.pulls.clear();
  }

  /** A frame in: to every speaker pulling, length-prefixed; a speaker with a backlog skips it. */
  function relay(live: Live, frame: Buffer) {
    if (!isAudioFrame(frame)) return;
    for (const pull of live.pulls.values()) writeFrame(pull, frame);
  }

  const route = { path: NSC_LIVE_API.broadcast.path, what: 'live broadcast refused', query: nscLiveQuery };
  operatorRoute<NscLiveMessage, typeof nscLiveQuery>(app, ctx, route, (socket, say) => {
    // Frames that come while the speakers are looked up are dropped (the broadcast has not begun).
    let live: Live | null = null;
    return {
      frame: (data) => {
        if (live) relay(live, data);
      },
      close: () => {
        if (live) end(live);
      },
      open: async ({ req, projectId, query }) => {
        const targets = await speakersOf(projectId, query.deviceIds, query.groupIds);
        if (socket.readyState !== socket.OPEN) return;
        const current: Live = {
          // The broadcast lives here: the speakers' pulls reach this instance from any other.
          id: ctx.instanceKey(32),
          projectId,
          keys: new Map(),
          pulls: new Map(),
          say,
          ended: false,
        };
        live = current;
        lives.set(current.id, current);
        say({ kind: 'started', session: current.id, speakers: targets.map((t) => ({ id: t.id, name: t.name })) });
        const actor = actorOf(req);
        for (const target of targets) {
          const key = randomBytes(16).toString('hex');
          current.keys.set(key, target.id);
          void tell(actor, current, target, streamUrl(req, current.id, key), key);
        }
      },
    };
  });

  pullRoute(app, NSC_STREAM_API.stream.path, 'x-nsc-format', (session, key) => {
    const live = lives.get(session);
    const id = live?.keys.get(String(key ?? ''));
    if (!live || id === undefined) return undefined;
    return {
      current: () => live.pulls.get(id),
      keep: (pull) => (pull ? live.pulls.set(id, pull) : live.pulls.delete(id)),
      say: (outcome) => live.say({ kind: 'outcome', id, outcome }),
      ended: () => live.ended,
    };
  });
}
