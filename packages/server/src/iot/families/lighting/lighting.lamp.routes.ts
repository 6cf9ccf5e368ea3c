import { LIGHTING_COMMANDS, LIGHTING_LAMP_API, lightingManifest as manifest } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { commandHandlers, eventHandlers, readingsHandlers, registrationHandlers } from '../kit/traits.js';
import type { LightingRepository } from './lighting.repository.js';
import type { LightingService } from './lighting.service.js';

/**
 * One lamp: registration, the plain commands, events and readings from the traits; the commands the
 * server keeps a trace of, the last report, configuration, location and policies from the service.
 */
export function lightingLampRoutes(
  app: FastifyInstance,
  ctx: FamilyContext,
  repo: LightingRepository,
  s: LightingService,
): void {
  mountTable(app, LIGHTING_LAMP_API, {
    ...registrationHandlers(ctx, manifest),
    ...commandHandlers(ctx, manifest, LIGHTING_COMMANDS),
    ...eventHandlers(ctx, manifest),
    ...readingsHandlers(ctx, manifest, repo.readings, { csvName: 'lighting' }),
    reset: ({ actor, params, body }) => s.reset(actor, params.projectId, params.id, body.hours),
    runmode: ({ actor, params, body }) => s.runmode(actor, params.projectId, params.id, body),
    correcttime: ({ actor, params }) => s.correcttime(actor, params.projectId, params.id),
    lastReport: ({ session, params }) => s.realdata(session, params.projectId, params.id),
    config: ({ session, params }) => s.config(session, params.projectId, params.id, 'config'),
    saveConfig: ({ actor, params, body }) => s.saveConfig(actor, params.projectId, params.id, 'config', body),
    alarmConfig: ({ session, params }) => s.config(session, params.projectId, params.id, 'alarmconfig'),
    saveAlarmConfig: ({ actor, params, body }) => s.saveConfig(actor, params.projectId, params.id, 'alarmconfig', body),
    location: ({ session, params, body }) => s.setLocation(session, params.projectId, params.id, body),
    lampPolicies: ({ session, params }) => s.lampPolicies(session, params.projectId, params.id),
    policydefLamp: ({ actor, params }) => s.policydef(actor, params.projectId, params.id),
  });
}
