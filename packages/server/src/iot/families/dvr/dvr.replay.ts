import {
  DVR_API,
  type DvrReplay,
  REPLAY_COMMAND,
  type ReplayArgs,
  type ReplayQuery,
  recordsPeriodError,
  replayNameOf,
} from '@sc/contract/families/dvr';
import type { FastifyReply } from 'fastify';
import { fieldError } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import { createReplayGateway, createVideoReplays } from '../kit/video-replay.js';
import { channelCountOf } from './dvr.service.js';

/**
 * A recorder's files replayed (docs/device-protocol.md "Recorder", `replay`): the recorder is asked where
 * the file of a channel and period streams from, and the kit's stream gateway in VOD mode copies it whole
 * into a seekable HLS playlist, shared by everybody replaying the same file of the recorder and kept
 * until nobody asked for it within the idle time (the live video's setting cameraLiveIdle).
 */
export function createDvrReplay(ctx: FamilyContext) {
  const replays = createVideoReplays(
    ctx,
    createReplayGateway(async () => Number(await ctx.settings.get('cameraLiveIdle')) * 1000),
    DVR_API.replayFile,
  );

  return {
    /**
     * Opens a file's replay: the channel within the recorder's channel count and the period right (400 in
     * the caller's words, before the recorder is asked); offline 409, silent 504.
     */
    async open(actor: Actor, projectId: number, dvr: FamilyDevice, query: ReplayQuery): Promise<DvrReplay> {
      const count = channelCountOf(dvr.props);
      if (count === null) throw fieldError('channel', 'dvr.rules.noChannels');
      if (query.channel > count) throw fieldError('channel', 'dvr.rules.channelRange', 'VALIDATION', { max: count });
      const wrong = recordsPeriodError(query.from, query.to);
      if (wrong) throw fieldError('to', wrong.key, 'VALIDATION', wrong.params);
      const args: ReplayArgs = { channel: query.channel, from: query.from.toISOString(), to: query.to.toISOString() };
      const replay = await replays.open(actor, dvr, {
        name: replayNameOf(query.channel, query.from, query.to),
        from: query.from,
        to: query.to,
        command: REPLAY_COMMAND,
        args: args as unknown as Record<string, unknown>,
        projectId,
      });
      return { ...replay, channel: query.channel };
    },

    file: (dvr: FamilyDevice, key: string, name: string, reply: FastifyReply) => replays.file(dvr, key, name, reply),

    close: replays.close,
  };
}
