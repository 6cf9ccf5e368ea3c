import { type FamilyManifest, familyCalls, idParam } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../modules/logs/audit.service.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';

export const familyParams = z.object({ projectId: idParam(), id: idParam() });

/**
 * POST /api/pjts/{projectId}/iot/{kind}/{id}/register and …/unregister (spec 001 §7): the platform
 * accepts (or ignores) the device's traffic from now on; a connected device is told too, but its
 * silence does not undo the registration.
 */
export function registrationRoutes(app: FastifyInstance, ctx: FamilyContext, manifest: FamilyManifest): void {
  const { type, slug, responses } = manifest;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const registered of [true, false]) {
    const action = registered ? 'register' : 'unregister';
    r.post(
      familyCalls(slug).path(`:id/${action}`),
      {
        schema: {
          tags: [slug],
          summary: `${action} a device of this family`,
          params: familyParams,
          querystring: commonQuery,
          ...(responses.registration ? { response: { 200: responses.registration } } : {}),
        },
      },
      async (req) => {
        const device = await ctx.devices.get(req.session!, req.params.projectId, req.params.id, type);
        const actor = actorOf(req);
        await ctx.devices.setRegistered(device.id, registered);
        ctx.iot.directory.forget(device.id);
        await ctx.audit.manage(actor, {
          action: 'update',
          entity: 'device',
          entityId: device.id,
          summary: `${device.name} ${action}`,
          changes: { registered: { from: device.registered, to: registered } },
        });
        let delivered = false;
        try {
          await ctx.iot.bus.send(actor, device, action, {});
          delivered = true;
        } catch {
          // Offline devices learn it when they next connect: registration is the platform's decision.
        }
        return { id: device.id, registered, delivered };
      },
    );
  }
}
