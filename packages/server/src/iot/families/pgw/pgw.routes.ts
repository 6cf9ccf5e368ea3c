import { peerOf } from '@sc/contract';
import { PGW_API, PGW_COMMANDS, PGW_FIRMWARE, pgwManifest } from '@sc/contract/families/pgw';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { carriedScheduleHandlers } from '../kit/carried-schedules.js';
import { firmwareHandlers, linkHandlers, locationHandlers } from '../kit/link-traits.js';
import { commandHandlers, eventHandlers, registrationHandlers } from '../kit/traits.js';
import { createPgwService } from './pgw.service.js';

const manifest = pgwManifest;

/**
 * Spec 001 §7 "pgw": registration, reboot, correct time (the server's time as UNIX seconds at UTC+8),
 * version, events, comm args, peripherals, location, firmware and its lamps' policies from the traits; the list, the lamp controllers behind a gateway, registering and
 * unregistering them, runtime and configuration from the service.
 */
export function pgwRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const s = createPgwService(ctx);
  mountTable(app, PGW_API, {
    ...registrationHandlers(ctx, manifest),
    ...commandHandlers(ctx, manifest, PGW_COMMANDS, { correcttime: s.correcttimeArgs }),
    ...eventHandlers(ctx, manifest),
    ...linkHandlers(ctx, manifest),
    ...locationHandlers(ctx, manifest),
    ...firmwareHandlers(ctx, manifest, PGW_FIRMWARE),
    ...carriedScheduleHandlers(ctx, manifest, peerOf(manifest, 'lamp')),
    gateways: ({ session, params, query }) => s.gateways(session, params.projectId, query),
    lamps: ({ session, params }) => s.lamps(session, params.projectId, params.id),
    lampOptions: ({ session, params }) => s.lampOptions(session, params.projectId, params.id),
    addLamps: ({ actor, params, body }) => s.addLamps(actor, params.projectId, params.id, body.childIds),
    removeLamps: ({ actor, params, body }) => s.removeLamps(actor, params.projectId, params.id, body.childIds),
    runtime: ({ actor, params }) => s.runtime(actor, params.projectId, params.id),
    config: ({ session, params }) => s.config(session, params.projectId, params.id),
    setConfig: ({ actor, params, body }) => s.setConfig(actor, params.projectId, params.id, body),
  });
}
