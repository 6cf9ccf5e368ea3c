import {
  NSC_API,
  NSC_COMMANDS,
  NSC_GROUP_API,
  NSC_MEDIA_API,
  NSC_TASK_API,
  NSC_TIMER_API,
  NSC_VOD_API,
  nscManifest,
} from '@sc/contract/families/nsc';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { deviceListHandler } from '../kit/device-list.js';
import { recordCalls, reviewedCalls } from '../kit/record-calls.js';
import { deviceHandlers } from '../kit/traits.js';
import { nscLiveRoutes } from './nsc.live.js';
import { createNscService } from './nsc.service.js';
import { createNscTaskService } from './nsc.tasks.service.js';
import { createNscTimerService } from './nsc.timers.service.js';
import { readUpload } from './nsc.upload.js';
import { createNscVodService } from './nsc.vod.service.js';

/**
 * Spec 001 §7 "nsc: groups, media with upload, media groups": the speakers (registration, volume, stop
 * and play, the list), terminal groups, media and media groups.
 */
export function nscRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const s = createNscService(ctx);
  const tasks = createNscTaskService(ctx);
  mountTable(app, NSC_API, {
    // volume and stop go on the command bus: offline 409, silent 504, operation log; no events.
    ...deviceHandlers(ctx, nscManifest, NSC_COMMANDS, { events: false }),
    play: ({ actor, params, body }) => s.play(actor, params.projectId, params.id, body.mediaId),
    page: deviceListHandler(ctx, s.page),
  });
  mountTable(app, NSC_GROUP_API, {
    groups: ({ session, params, query }) => s.groups(session, params.projectId, query),
    groupOptions: ({ session, params }) => s.groupOptions(session, params.projectId),
    group: ({ session, params }) => s.group(session, params.projectId, params.id),
    createGroup: ({ actor, params, body }) => s.saveGroup(actor, params.projectId, body),
    updateGroup: ({ actor, params, body }) => s.saveGroup(actor, params.projectId, body, params.id),
    deleteGroup: ({ actor, params }) => s.deleteGroups(actor, params.projectId, [params.id]),
    deleteGroups: ({ actor, params, body }) => s.deleteGroups(actor, params.projectId, body.ids),
  });
  mountTable(app, NSC_MEDIA_API, {
    media: ({ session, params, query }) => s.media(session, params.projectId, query),
    upload: async ({ actor, params, request }) => {
      const { fields, file } = await readUpload(request);
      return s.upload(actor, params.projectId, fields, file);
    },
    updateMedia: ({ actor, params, body }) => s.updateMedia(actor, params.projectId, params.id, body),
    deleteMedia: ({ actor, params }) => s.deleteMedia(actor, params.projectId, params.id),
    mediaOptions: ({ session, params }) => s.mediaOptions(session, params.projectId),
    mediaGroups: ({ session, params, query }) => s.mediaGroups(session, params.projectId, query),
    mediaGroup: ({ session, params }) => s.mediaGroup(session, params.projectId, params.id),
    createMediaGroup: ({ actor, params, body }) => s.saveMediaGroup(actor, params.projectId, body),
    updateMediaGroup: ({ actor, params, body }) => s.saveMediaGroup(actor, params.projectId, body, params.id),
    deleteMediaGroup: ({ actor, params }) => s.deleteMediaGroups(actor, params.projectId, [params.id]),
    deleteMediaGroups: ({ actor, params, body }) => s.deleteMediaGroups(actor, params.projectId, body.ids),
  });
  mountTable(app, NSC_TASK_API, {
    ...reviewedCalls('task', tasks),
    taskConflicts: ({ session, params, body }) => tasks.conflicts(session, params.projectId, body),
    taskWeek: ({ session, params, query }) => tasks.week(session, params.projectId, query.from),
    startTask: ({ actor, params }) => tasks.start(actor, params.projectId, params.taskId),
    stopTask: ({ actor, params }) => tasks.stop(actor, params.projectId, params.taskId),
  });
  const vod = createNscVodService(ctx);
  mountTable(app, NSC_VOD_API, {
    ...recordCalls('vod', vod),
    playVod: ({ actor, params }) => vod.play(actor, params.projectId, params.vodId),
    pauseVod: ({ actor, params }) => vod.pause(actor, params.projectId, params.vodId),
    resumeVod: ({ actor, params }) => vod.resume(actor, params.projectId, params.vodId),
    stopVod: ({ actor, params }) => vod.stop(actor, params.projectId, params.vodId),
    vodVolume: ({ actor, params, body }) => vod.volume(actor, params.projectId, params.vodId, body.volume as number),
  });
  const timers = createNscTimerService(ctx);
  mountTable(app, NSC_TIMER_API, {
    ...recordCalls('timer', timers),
    enableTimer: ({ actor, params }) => timers.enable(actor, params.projectId, params.timerId),
    disableTimer: ({ actor, params }) => timers.disable(actor, params.projectId, params.timerId),
  });
  nscLiveRoutes(app, ctx);
}
