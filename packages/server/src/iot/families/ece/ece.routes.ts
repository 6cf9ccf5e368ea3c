import { ECE_API, ECE_RECORD_API, eceManifest } from '@sc/contract/families/ece';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { deviceListHandler } from '../kit/device-list.js';
import { deviceHandlers } from '../kit/traits.js';
import type { EceService } from './ece.service.js';
import { eceTalkRoutes } from './ece.talk.js';

/** How often the alarm log is pruned to the setting eceRetentionDays. */
const PRUNE_EVERY_MS = 3600_000;
/** How often the recordings left unstored by an instance that died are looked for. */
const FINALISE_EVERY_MS = 10_000;

/** Spec 001 §7 "ece: logs, counts, replay, settle, connection params", the posts' list and registration, the recordings. */
export function eceRoutes(app: FastifyInstance, ctx: FamilyContext, ece: EceService): void {
  mountTable(app, ECE_API, {
    ...deviceHandlers(ctx, eceManifest, [], { events: false }),
    page: deviceListHandler(ctx, ece.page),
    logs: async (call) => ece.logs(call.session, call.params.projectId, call.query),
    counts: async (call) => ece.counts(call.session, call.params.projectId),
    settle: async (call) => ece.settle(call.actor, call.params.projectId, call.params.alarmId, call.body),
    connection: async (call) => ece.connection(call.session, call.params.projectId),
    saveConnection: async (call) => ece.saveConnection(call.actor, call.params.projectId, call.body),
  });

  // The recordings of answered calls (ece.recorder.ts makes them as the calls are relayed).
  mountTable(app, ECE_RECORD_API, {
    recordings: async (call) => ece.recordings(call.session, call.params.projectId, call.query),
    recordingAudio: async (call) =>
      ece.recordingAudio(call.session, call.params.projectId, call.params.recordingId, call.request, call.reply),
  });

  eceTalkRoutes(app, ctx, ece);

  // The log's retention (deleting past rows is idempotent: several instances may run it).
  const prune = () => void ece.prune().catch((err) => app.log.error({ err }, 'ece alarm retention failed'));
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();

  // Recordings an instance that died was writing: finalised as interrupted at start-up, then every few
  // seconds (one abandoned by an instance that died a moment ago is so only once not written for a while).
  const finalise = () =>
    ece
      .finaliseAbandoned()
      .then((ids) => {
        if (ids.length) app.log.warn({ recordings: ids }, 'ece recordings interrupted by a server stop finalised');
      })
      .catch((err) => app.log.error({ err }, 'ece interrupted recordings not finalised'));
  app.addHook('onReady', finalise);
  const sweep = setInterval(() => void finalise(), FINALISE_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(sweep);
  });
}
