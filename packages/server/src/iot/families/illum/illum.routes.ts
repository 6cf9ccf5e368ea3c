import { ILLUM_API, ILLUM_COMMANDS, ILLUM_GROUP_API, illumManifest } from '@sc/contract/families/illum';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { deviceHandlers, readingsHandlers } from '../kit/traits.js';
import { createIllumService } from './illum.service.js';

const manifest = illumManifest;

/**
 * Spec 001 §7 "illum: config, realdata, inuse, logs; illum groups": registration, realdata, events and
 * readings from the traits; the list, configuration, in-use flag, the lamp controllers that follow a
 * sensor and the groups from the service.
 */
export function illumRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const s = createIllumService(ctx);
  mountTable(app, ILLUM_API, {
    ...deviceHandlers(ctx, manifest, ILLUM_COMMANDS),
    ...readingsHandlers(ctx, manifest, s.readings, { csvName: 'illuminance', texts: 'illum.fields' }),
    sensors: ({ session, params, query }) => s.sensors(session, params.projectId, query),
    config: ({ session, params }) => s.config(session, params.projectId, params.id),
    setConfig: ({ actor, params, body }) => s.setConfig(actor, params.projectId, params.id, body),
    setInuse: ({ actor, params, body }) => s.setInuse(actor, params.projectId, params.id, body.enabled),
    lamps: ({ session, params }) => s.lamps(session, params.projectId, params.id),
  });
  mountTable(app, ILLUM_GROUP_API, {
    groups: ({ session, params, query }) => s.groups(session, params.projectId, query),
    groupOptions: ({ session, params }) => s.groupOptions(session, params.projectId),
    group: ({ session, params }) => s.group(session, params.projectId, params.id),
    createGroup: ({ actor, params, body }) => s.createGroup(actor, params.projectId, body),
    updateGroup: ({ actor, params, body }) => s.updateGroup(actor, params.projectId, params.id, body),
    deleteGroup: ({ actor, params }) => s.deleteGroups(actor, params.projectId, [params.id]),
    deleteGroups: ({ actor, params, body }) => s.deleteGroups(actor, params.projectId, body.ids),
  });
}
