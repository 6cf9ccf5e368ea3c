import { LIVE_VIDEO_API, type LiveVideo } from '@sc/contract/families/kit';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import type { FamilyDevice } from './devices.repository.js';

/**
 * Live video for every family's screens (the contract's `LIVE_VIDEO_API`): the family whose devices
 * stream provides them once (`ctx.liveVideo.provide(type, source)`, with the stream gateway its own
 * `live` call uses), and a screen of another family (the emergency call seat) plays such a device by
 * its id without naming that family. Same stream, same check as the family's own call.
 */
export interface LiveVideoSource {
  /** Opens the device's stream for a viewer, as its family's own `live` does (the same answer, its playlist). */
  open(actor: Actor, device: FamilyDevice): Promise<LiveVideo>;
}

export function createLiveVideos() {
  const sources = new Map<string, LiveVideoSource>();
  return {
    /** The family of `type` streams its devices with `source` (once, when its routes are registered). */
    provide(type: string, source: LiveVideoSource) {
      sources.set(type, source);
    },
    /** The source of devices of `type`, if their family streams. */
    of: (type: string): LiveVideoSource | undefined => sources.get(type),
  };
}
export type LiveVideos = ReturnType<typeof createLiveVideos>;

/**
 * The shared call: the device of `:projectId/:id` as any family's call finds it (404 outside the
 * caller's reach, a child project's through its parent as issue 13 allows), 400 in the caller's words
 * when its family does not stream; then its family's source answers.
 */
export function liveVideoRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const streamed = async (call: { session: SessionContext; params: { projectId: number; id: number } }) => {
    const { projectId, id } = call.params;
    const found = await ctx.devices.byId(id);
    const device = await ctx.devices.get(call.session, projectId, id, found?.type ?? '');
    const source = ctx.liveVideo.of(device.type);
    if (!source) throw new AppError(400, 'VALIDATION', 'errors.wrongFamily');
    return { device, source };
  };
  mountTable(app, LIVE_VIDEO_API, {
    live: async (call) => {
      const { device, source } = await streamed(call);
      return source.open(call.actor, device);
    },
  });
}
