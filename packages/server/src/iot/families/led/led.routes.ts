import {
  LED_API,
  LED_COMMANDS,
  LED_MEDIA_API,
  LED_PROGRAM_API,
  LED_PROGRAM_COMMAND,
  LED_RESOURCE_API,
  ledManifest,
} from '@sc/contract/families/led';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { notFound } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';
import { batchHandlers } from '../kit/batches/index.js';
import { deviceListHandler } from '../kit/device-list.js';
import { reviewedCalls } from '../kit/record-calls.js';
import { deviceHandlers, familyDeviceOf } from '../kit/traits.js';
import { fetchSeconds } from './led.fetch-time.js';
import { createLedProgramService } from './led.programs.service.js';
import { createLedService } from './led.service.js';

/** Spec 001 §7 "led: register, realdata, control, runtime, resources with file upload". */
export function ledRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const led = createLedService(ctx);
  const screen = familyDeviceOf(ctx, ledManifest.type);
  const programs = createLedProgramService(ctx, () => batches.batches);
  const batches = batchHandlers(app, ctx, {
    type: ledManifest.type,
    commands: LED_COMMANDS,
    targetsName: (count) => `${count} screens`,
    // A program published to a screen is delivered once the screen acknowledged it.
    onAcks: programs.onAcks,
    // It acknowledges once it holds the program's files: its reply is awaited while they come.
    extraSeconds: (command, args) => (command === LED_PROGRAM_COMMAND ? fetchSeconds(args) : 0),
  });
  mountTable(app, LED_API, {
    ...batches.handlers,
    // realdata and control go on the command bus: offline 409, silent 504, operation log; no events.
    ...deviceHandlers(ctx, ledManifest, LED_COMMANDS, { events: false }),
    page: deviceListHandler(ctx, led.page),
    runtime: async (call) => led.runtime(await screen(call)),
    screenPrograms: async (call) => programs.ofScreen((await screen(call)).id),
  });
  mountTable(app, LED_RESOURCE_API, {
    resources: ({ session, params, query }) => led.resources(session, params.projectId, query),
    createResource: ({ actor, params, request }) => led.create(actor, params.projectId, request),
    updateResource: ({ actor, params, body }) => led.update(actor, params.projectId, params.resourceId, body),
    deleteResource: ({ actor, params }) => led.remove(actor, params.projectId, params.resourceId),
    putFile: ({ actor, params, request }) => led.putFile(actor, params.projectId, params.resourceId, request),
    removeFile: ({ actor, params }) => led.removeFile(actor, params.projectId, params.resourceId),
    file: ({ session, params, request, reply }) =>
      led.file(session, params.projectId, params.resourceId, request, reply),
  });
  mountTable(app, LED_PROGRAM_API, {
    ...reviewedCalls('program', programs),
    publishProgram: ({ actor, params, body, request }) =>
      programs.publish(actor, params.projectId, params.programId, body, `${request.protocol}://${request.host}`),
    publishGroups: ({ session, params }) => programs.publishGroups(session, params.projectId),
    programScreens: ({ session, params }) => programs.programScreens(session, params.projectId, params.programId),
    publishes: ({ session, params, query }) => programs.publishes(session, params.projectId, query),
  });

  // The media files screens fetch: no sign-in, the key of the screen's publishing (404 for anything else).
  const mediaQuery = z.object({ ...LED_MEDIA_API.media.params.shape, ...LED_MEDIA_API.media.query.shape });
  app.get(LED_MEDIA_API.media.path, { schema: { hide: true }, compress: false }, async (req: FastifyRequest, reply) => {
    const parsed = mediaQuery.safeParse({ ...(req.params as object), ...(req.query as object) });
    if (!parsed.success) throw notFound();
    const file = await programs.media(parsed.data);
    reply.raw.once('finish', () => void file.sent().catch(() => undefined));
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.bytes);
  });
}
