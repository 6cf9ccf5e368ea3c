import { ENV_API, ENV_READINGS, envmonitorManifest } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { mountTable } from '../../../platform/endpoints/mount.js';
import { notFound } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';
import { presentReadings } from '../kit/readings.repository.js';
import { readingsHandlers, registrationHandlers } from '../kit/traits.js';
import { createEnvRepository } from './env.repository.js';

const manifest = envmonitorManifest;
const present = <T extends { lastActiveAt: Date | null }>(d: T) => ({
  ...d,
  lastActiveAt: d.lastActiveAt?.toISOString() ?? null,
});

/** Spec 001 §7 "envmonitor: register, reports" and the public display (spec 000 §7 "Public"). */
export function envRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const env = ctx.repository(createEnvRepository);
  mountTable(app, ENV_API, {
    ...registrationHandlers(ctx, manifest),
    ...readingsHandlers(ctx, manifest, env.readings, { csvName: 'env', texts: 'envmonitors.readings' }),
    family: async ({ session, params, query }) => {
      const project = await ctx.devices.reach(session, params.projectId, query.includeChildren);
      const list = await env.devicesOfProject(project);
      const last = await env.readings.lastOf(
        list.map((d) => d.id),
        params.n,
      );
      return list.map(({ props, ...d }) => ({
        device: { ...present(d), public: (props as { public?: boolean }).public === true },
        readings: presentReadings(ENV_READINGS, last.get(d.id) ?? []),
      }));
    },
    // ── Public display (no sign-in): only monitors marked public.
    publicDevices: async () => (await env.publicDevices()).map(present),
    publicLast: async ({ params }) => {
      const [device] = await env.publicDevices([params.id]);
      if (!device) throw notFound();
      const readings = (await env.readings.lastOf([device.id], params.n)).get(device.id) ?? [];
      return { device: present(device), readings: presentReadings(ENV_READINGS, readings) };
    },
  });
}
