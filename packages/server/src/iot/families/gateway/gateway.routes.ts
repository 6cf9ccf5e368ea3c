import { LOG_PAGE_SIZE } from '@sc/contract';
import { and, count, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceEvents, devices } from '../../../db/schema/index.js';
import { actorOf } from '../../../modules/logs/audit.service.js';
import { AppError } from '../../../platform/errors.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';
import { familyParams, registrationRoutes } from '../registration.routes.js';

const tags = ['gateway'];

/** Commands of spec 001 §7 "gateway: correcttime, reboot, clearlcus", with the arguments they carry. */
const COMMANDS: Record<string, () => Record<string, unknown>> = {
  correcttime: () => ({ time: new Date().toISOString(), epochMs: Date.now() }),
  reboot: () => ({}),
  clearlcus: () => ({}),
};

/** Spec 001 §7 "gateway: register, unregister, correcttime, reboot, clearlcus, events, children". */
export function gatewayRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registrationRoutes(app, ctx, 'gateway', 'gateway');

  for (const [command, args] of Object.entries(COMMANDS)) {
    r.post(
      `/api/pjts/:projectId/iot/gateway/:id/${command}`,
      {
        schema: {
          tags,
          summary: `Send ${command} to a gateway and await its reply`,
          params: familyParams,
          querystring: commonQuery,
        },
      },
      async (req) => {
        const device = await ctx.devices.get(req.session!, req.params.projectId, req.params.id, 'gateway');
        const outcome = await ctx.iot.bus.send(actorOf(req), device, command, args());
        if (!outcome.ok)
          throw new AppError(502, 'DEVICE_FAILED', 'errors.deviceFailed', { error: outcome.error ?? command });
        return {
          command,
          ok: true,
          result: outcome.result ?? null,
          durationMs: outcome.durationMs,
          attempts: outcome.attempts,
        };
      },
    );
  }

  r.get(
    '/api/pjts/:projectId/iot/gateway/:id/events',
    {
      schema: {
        tags,
        summary: "A page of a gateway's events (its own and its children's), newest first",
        params: familyParams,
        querystring: commonQuery.extend({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce
            .number()
            .int()
            .min(LOG_PAGE_SIZE.min)
            .max(LOG_PAGE_SIZE.max)
            .default(LOG_PAGE_SIZE.default),
          from: z.coerce.date({ error: 'validation.validParam' }).optional(),
          to: z.coerce.date({ error: 'validation.validParam' }).optional(),
        }),
      },
    },
    async (req) => {
      const gateway = await ctx.devices.get(req.session!, req.params.projectId, req.params.id, 'gateway');
      const { page, pageSize, from, to } = req.query;
      const children = ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.parentId, gateway.id));
      const where = and(
        // Its own events and its children's: one gateway's page tells what happened behind it.
        or(eq(deviceEvents.deviceId, gateway.id), inArray(deviceEvents.deviceId, children)),
        from ? gte(deviceEvents.at, from) : undefined,
        to ? lte(deviceEvents.at, to) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select({
            id: deviceEvents.id,
            deviceId: deviceEvents.deviceId,
            deviceName: devices.name,
            at: deviceEvents.at,
            code: deviceEvents.code,
            eventType: deviceEvents.eventType,
            level: deviceEvents.level,
            detail: deviceEvents.detail,
          })
          .from(deviceEvents)
          .innerJoin(devices, eq(devices.id, deviceEvents.deviceId))
          .where(where)
          .orderBy(desc(deviceEvents.at))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        ctx.db.select({ n: count() }).from(deviceEvents).where(where),
      ]);
      return { list: rows.map((e) => ({ ...e, at: e.at.toISOString() })), total: total?.n ?? 0, page, pageSize };
    },
  );

  r.get(
    '/api/pjts/:projectId/iot/gateway/:id/children',
    {
      schema: {
        tags,
        summary: 'The devices behind a gateway with their state',
        params: familyParams,
        querystring: commonQuery,
      },
    },
    async (req) => {
      const gateway = await ctx.devices.get(req.session!, req.params.projectId, req.params.id, 'gateway');
      const rows = await ctx.db
        .select({
          id: devices.id,
          name: devices.name,
          no: devices.no,
          type: devices.type,
          equipmentId: devices.equipmentId,
          activeState: devices.activeState,
          registered: devices.registered,
          lastActiveAt: devices.lastActiveAt,
        })
        .from(devices)
        .where(eq(devices.parentId, gateway.id))
        .orderBy(devices.name)
        .limit(4096);
      return rows.map((d) => ({ ...d, lastActiveAt: d.lastActiveAt?.toISOString() ?? null }));
    },
  );
}
