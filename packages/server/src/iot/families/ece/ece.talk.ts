import { randomBytes } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import type {} from '@fastify/websocket';
import {
  ECE_RECORD_MINUTES,
  ECE_TALK_API,
  ECE_TALK_COMMAND,
  ECE_TALK_FORMAT,
  ECE_TALK_PUBLIC,
  ECE_TALK_UPLOAD_MAX,
  type EceTalkMessage,
  type EceTalkOutcome,
  eceManifest,
  talkQuery,
} from '@sc/contract/families/ece';
import { splitFrames } from '@sc/contract/families/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../../platform/errors.js';
import { actorOf, type FamilyContext } from '../family-handler.js';
import { commandOutcome } from '../kit/device-commands.js';
import { isAudioFrame, operatorRoute, pullRoute, writeFrame } from '../kit/live-audio.js';
import type { LiveRecording } from './ece.live-recording.js';
import type { EceService } from './ece.service.js';

const TYPE = eceManifest.type;
/** How often the operator hears how many frames went each way. */
const STATS_MS = 1000;

interface Talk {
  id: string;
  key: string;
  postId: number;
  /** The stream the post pulls (the operator's voice), once it pulls. */
  pull: PassThrough | null;
  say(message: EceTalkMessage): void;
  /** Sends a frame of the post's voice to the operator. */
  hear(frame: Uint8Array): void;
  down: number;
  up: number;
  ended: boolean;
  /** The call's recording (ece.live-recording.ts), written as the call goes on, stored when it ends. */
  recording: LiveRecording;
  alarm: { id: number; projectId: number };
}

/** The absolute address a post reaches: the one the operator's console reached the server at. */
const urlOf = (req: FastifyRequest, path: string, session: string, key: string) =>
  `${req.protocol}://${req.host}${path.replace(':session', session)}?key=${key}`;

/**
 * The agent seat's call with a post, both ways (docs/device-protocol.md "Emergency call posts"), as the
 * speakers' live broadcast does it one way: the operator's socket carries microphone frames in; the
 * post is told (command `talk`) where to pull them and where to post its own, with a key of its own; its
 * frames go back on the operator's socket. The call ends when the operator's socket closes: the pull
 * ends (the post hangs up). A call lives in the instance that holds the operator's socket.
 */
export function eceTalkRoutes(app: FastifyInstance, ctx: FamilyContext, ece: EceService) {
  const talks = new Map<string, Talk>();
  const live = (session: string, key: unknown) => {
    const talk = talks.get(session);
    return talk && !talk.ended && talk.key === String(key ?? '') ? talk : null;
  };

  /** Recordings being written: the server's close waits for them. */
  const saving = new Set<Promise<unknown>>();

  /**
   * The call ends (the operator hung up or closed the tab, or the server closes): the post's pull ends,
   * and the recording's rest is written and it is stored, however the call ended.
   */
  function end(talk: Talk): Promise<unknown> {
    if (talk.ended) return Promise.resolve();
    talk.ended = true;
    talks.delete(talk.id);
    talk.pull?.end();
    talk.pull = null;
    const done = talk.recording
      .end()
      .catch((err) => app.log.error({ err, alarmId: talk.alarm.id }, 'ece recording not saved'))
      .finally(() => saving.delete(done));
    saving.add(done);
    return done;
  }

  /** The longest call recorded (the setting eceRecordMinutes), ms. */
  const recordMs = async () => {
    const minutes = Number(await ctx.settings.get('eceRecordMinutes' as never));
    return (Number.isInteger(minutes) && minutes > 0 ? minutes : ECE_RECORD_MINUTES.default) * 60_000;
  };

  const route = { path: ECE_TALK_API.talk.path, what: 'ece talk refused', query: talkQuery };
  operatorRoute<EceTalkMessage, typeof talkQuery>(app, ctx, route, (socket, say) => {
    let talk: Talk | null = null;
    let stats: NodeJS.Timeout | null = null;
    return {
      frame: (data) => {
        const t = talk;
        if (!t || t.ended) return;
        if (!isAudioFrame(data)) return;
        // The operator's voice is recorded as spoken, also before the post pulls it or once it dropped.
        t.recording.add('seat', data);
        if (t.pull && writeFrame(t.pull, data)) t.down++;
      },
      close: () => {
        if (stats) clearInterval(stats);
        if (talk) void end(talk);
      },
      open: async ({ req, projectId, session, query }) => {
        const alarm = await ece.repo.alarm(projectId, query.alarmId);
        if (!alarm) throw new AppError(404, 'NOT_FOUND', 'ece.rules.alarmMissing');
        const post = await ctx.devices.get(session, projectId, alarm.device.id, TYPE).catch(() => {
          throw new AppError(404, 'NOT_FOUND', 'ece.seat.deviceNotFound');
        });
        const maxMs = await recordMs();
        if (socket.readyState !== socket.OPEN) return;
        const current: Talk = {
          // The call lives here: the post's pull and upload reach this instance from any other.
          id: ctx.instanceKey(32),
          key: randomBytes(16).toString('hex'),
          postId: post.id,
          pull: null,
          say,
          hear: (frame) => {
            current.recording.add('post', frame);
            if (socket.readyState !== socket.OPEN) return;
            socket.send(frame, { binary: true });
            current.up++;
          },
          down: 0,
          up: 0,
          ended: false,
          recording: ece.startRecording({ id: alarm.id, projectId }, session.user.name, maxMs, app.log),
          alarm: { id: alarm.id, projectId },
        };
        talk = current;
        talks.set(current.id, current);
        say({ kind: 'started', session: current.id, post: { id: post.id, name: post.name } });
        // Each second: the counts to the operator, the recording's chunks complete by now to the database.
        stats = setInterval(() => {
          say({ kind: 'stats', down: current.down, up: current.up });
          current.recording.tick();
        }, STATS_MS);
        const actor = actorOf(req);
        await ece.repo.answered(alarm.id, session.user.name);
        const args = {
          session: current.id,
          url: urlOf(req, ECE_TALK_PUBLIC.listen.path, current.id, current.key),
          upload: urlOf(req, ECE_TALK_PUBLIC.speak.path, current.id, current.key),
          key: current.key,
          ...ECE_TALK_FORMAT,
        };
        const outcome: EceTalkOutcome = await commandOutcome(ctx, actor, post, ECE_TALK_COMMAND, args);
        // A post already pulling is reported so (its pull may come before its answer).
        if (!current.ended && !current.pull) say({ kind: 'outcome', outcome });
      },
    };
  });

  pullRoute(app, ECE_TALK_PUBLIC.listen.path, 'x-ece-format', (session, key) => {
    const talk = live(session, key);
    if (!talk) return undefined;
    return {
      current: () => talk.pull,
      keep: (pull) => {
        talk.pull = pull;
      },
      say: (outcome) => talk.say({ kind: 'outcome', outcome }),
      ended: () => talk.ended,
    };
  });

  // The post's voice: bytes of length-prefixed frames, read as they are (a parser of this scope only).
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: ECE_TALK_UPLOAD_MAX },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      ECE_TALK_PUBLIC.speak.path,
      { schema: { hide: true } },
      async (req: FastifyRequest<{ Params: { session: string }; Querystring: { key?: string } }>) => {
        const talk = live(req.params.session, req.query.key);
        if (!talk) throw notFound();
        const body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
        const { frames } = splitFrames(body);
        let received = 0;
        for (const frame of frames) {
          if (!isAudioFrame(frame)) continue;
          talk.hear(frame);
          received++;
        }
        return { received };
      },
    );
  });

  app.addHook('onClose', async () => {
    await Promise.all([...talks.values()].map(end));
    await Promise.all([...saving]);
  });
}
