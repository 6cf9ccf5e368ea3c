import { DVR_API, DVR_COMMANDS, dvrManifest } from '@sc/contract/families/dvr';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { deviceListHandler } from '../kit/device-list.js';
import { deviceHandlers, familyDeviceOf } from '../kit/traits.js';
import { createDvrReplay } from './dvr.replay.js';
import { createDvrService } from './dvr.service.js';

/** Spec 001 §7 "dvr: register, channels, bind/unbind, record files, reboot, synctime" and the files' replay. */
export function dvrRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const dvr = createDvrService(ctx);
  const one = familyDeviceOf(ctx, dvrManifest.type);
  // Replays of its files: each copied whole into HLS VOD, one ffmpeg per recorder and file.
  const replays = createDvrReplay(ctx);
  app.addHook('onClose', () => replays.close());
  mountTable(app, DVR_API, {
    // reboot and synctime go on the command bus: offline 409, silent 504, operation log. synctime carries our time.
    ...deviceHandlers(ctx, dvrManifest, DVR_COMMANDS, {
      events: false,
      extra: { synctime: () => ({ time: new Date().toISOString() }) },
    }),
    page: deviceListHandler(ctx, dvr.page),
    channels: async (call) => dvr.channels(await one(call)),
    cameras: async (call) => dvr.cameras(await one(call)),
    bind: async (call) => dvr.bind(call.actor, await one(call), call.body),
    unbind: async (call) => dvr.unbind(call.actor, await one(call), call.body),
    records: async (call) => dvr.records(call.actor, await one(call), call.body),
    replay: async (call) => replays.open(call.actor, call.params.projectId, await one(call), call.query),
    replayFile: async (call) => replays.file(await one(call), call.params.key, call.params.file, call.reply),
  });
}
