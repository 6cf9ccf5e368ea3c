import { LED_API, LED_COMMANDS, LED_RESOURCE_API, ledManifest } from '@sc/contract/families/led';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import { batchHandlers } from '../kit/batches/index.js';
import { deviceListHandler } from '../kit/device-list.js';
import { deviceHandlers, familyDeviceOf } from '../kit/traits.js';
import { createLedService } from './led.service.js';

/** Spec 001 §7 "led: register, realdata, control, runtime, resources with file upload". */
export function ledRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const led = createLedService(ctx);
  const screen = familyDeviceOf(ctx, ledManifest.type);
  const batches = batchHandlers(app, ctx, {
    type: ledManifest.type,
    commands: LED_COMMANDS,
    targetsName: (count) => `${count} screens`,
  });
  mountTable(app, LED_API, {
    ...batches.handlers,
    // realdata and control go on the command bus: offline 409, silent 504, operation log; no events.
    ...deviceHandlers(ctx, ledManifest, LED_COMMANDS, { events: false }),
    page: deviceListHandler(ctx, led.page),
    runtime: async (call) => led.runtime(await screen(call)),
  });
  mountTable(app, LED_RESOURCE_API, {
    resources: ({ session, params, query }) => led.resources(session, params.projectId, query),
    createResource: ({ actor, params, request }) => led.create(actor, params.projectId, request),
    updateResource: ({ actor, params, body }) => led.update(actor, params.projectId, params.resourceId, body),
    deleteResource: ({ actor, params }) => led.remove(actor, params.projectId, params.resourceId),
    putFile: ({ actor, params, request }) => led.putFile(actor, params.projectId, params.resourceId, request),
    removeFile: ({ actor, params }) => led.removeFile(actor, params.projectId, params.resourceId),
    file: ({ session, params, reply }) => led.file(session, params.projectId, params.resourceId, reply),
  });
}
