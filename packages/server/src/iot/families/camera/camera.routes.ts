import {
  CAMERA_API,
  CAMERA_COMMANDS,
  cameraManifest,
  presetBody,
  ptzBody,
  snapshotBody,
} from '@sc/contract/families/camera';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { badRequest } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';
import { deviceListHandler } from '../kit/device-list.js';
import { findFfmpeg } from '../kit/ffmpeg-binary.js';
import { createLiveGateway } from '../kit/live-gateway.js';
import { deviceHandlers, familyDeviceOf } from '../kit/traits.js';
import { createReplayGateway } from '../kit/video-replay.js';
import { createCameraLive, liveMediaRoute } from './camera.live.js';
import { createCameraReplay } from './camera.replay.js';
import { createCameraService } from './camera.service.js';

/** A command's arguments as validated by the call (a bare POST is refused when the command needs some). */
function argsOf<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest('validation.required', [{ field: 'body', key: 'validation.required' }]);
  return parsed.data;
}

/** Spec 001 §7 "camera: register, live, PTZ, reboot, synctime, local records, replay" and snapshots: the traits plus the list. */
export function cameraRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const one = familyDeviceOf(ctx, cameraManifest.type);
  // The camera list shows each camera's live state as it changes: pushed as the camera's `live` value.
  const projectOf = new Map<number, number>();
  const gateway = createLiveGateway({
    ffmpeg: findFfmpeg(),
    keyOf: ctx.instanceKey,
    idleMs: async () => Number(await ctx.settings.get('cameraLiveIdle')) * 1000,
    onState: (id, state) => {
      const projectId = projectOf.get(id);
      if (projectId === undefined) return;
      ctx.iot.hub.publish({
        kind: 'telemetry',
        deviceId: id,
        projectId,
        type: cameraManifest.type,
        values: { live: state },
        at: new Date().toISOString(),
      });
    },
  });
  const known = async (call: Parameters<typeof one>[0]) => {
    const camera = await one(call);
    projectOf.set(camera.id, camera.projectId);
    return camera;
  };
  // Replays: the recorded period copied whole into HLS VOD, one ffmpeg per camera and period.
  const replays = createCameraReplay(
    ctx,
    createReplayGateway(async () => Number(await ctx.settings.get('cameraLiveIdle')) * 1000),
  );
  app.addHook('onClose', () => {
    gateway.close();
    replays.close();
  });
  const live = createCameraLive(ctx, gateway);
  // Other families' screens play a camera through the kit's live-video calls: the same stream and check.
  ctx.liveVideo.provide(cameraManifest.type, {
    open: (actor, camera) => {
      projectOf.set(camera.id, camera.projectId);
      return live.open(actor, camera);
    },
  });
  const camera = createCameraService(ctx, (id) => gateway.state(id).state);
  mountTable(app, CAMERA_API, {
    // Commands go on the command bus: offline 409, silent 504, operation log. synctime carries our time.
    ...deviceHandlers(ctx, cameraManifest, CAMERA_COMMANDS, {
      extra: { synctime: () => ({ time: new Date().toISOString() }) },
    }),
    ptz: async (call) => camera.ptz(call.actor, await one(call), argsOf(ptzBody, call.body)),
    preset: async (call) => camera.preset(call.actor, await one(call), argsOf(presetBody, call.body)),
    snapshot: async (call) => camera.snapshot(call.actor, await one(call), argsOf(snapshotBody, call.body).count),
    live: async (call) => live.open(call.actor, await known(call)),
    liveRestart: async (call) => live.restart(call.actor, await known(call)),
    liveStop: async (call) => live.stop(await known(call)),
    liveFile: async (call) => live.file(await one(call), call.params.file, call.reply),
    records: async (call) => replays.records(call.actor, await one(call), call.query),
    replay: async (call) => replays.open(call.actor, call.params.projectId, await one(call), call.query),
    replayFile: async (call) => replays.file(await one(call), call.params.key, call.params.file, call.reply),
    page: deviceListHandler(ctx, camera.page, (query) => ({
      ptz: query.ptz === undefined ? undefined : query.ptz === 'true',
    })),
  });
  liveMediaRoute(app, gateway);
}
