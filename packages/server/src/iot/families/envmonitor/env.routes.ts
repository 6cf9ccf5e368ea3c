import { ENV_PUBLIC, envmonitorManifest, familyCalls, idParam, projectTreeQuery } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../platform/errors.js';
import { commonQuery } from '../../../platform/schemas.js';
import type { FamilyContext } from '../family-handler.js';
import { presentReading } from '../kit/readings.repository.js';
import { familyRoutes } from '../kit/routes.js';
import { createEnvRepository } from './env.repository.js';

const manifest = envmonitorManifest;
const { responses } = manifest;
const tags = [manifest.slug];
const lastN = z.coerce.number({ error: 'validation.numeric' }).int('validation.numeric').min(1).max(100);
const present = <T extends { lastActiveAt: Date | null }>(d: T) => ({
  ...d,
  lastActiveAt: d.lastActiveAt?.toISOString() ?? null,
});

/** Spec 001 §7 "envmonitor: register, reports" and the public display (spec 000 §7 "Public"). */
export function envRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const env = ctx.repository(createEnvRepository);
  familyRoutes(app, ctx, manifest, { readings: env.readings, csvName: 'env' });

  r.get(
    familyCalls(manifest.slug).path('reports.do/family/attempts/last/:n'),
    {
      schema: {
        tags,
        summary: 'Every environment monitor of the project with its last n readings',
        params: z.object({ projectId: idParam(), n: lastN }),
        querystring: commonQuery.extend(projectTreeQuery.shape),
        response: { 200: responses.family! },
      },
    },
    async (req) => {
      const project = await ctx.devices.reach(req.session!, req.params.projectId, req.query.includeChildren);
      const list = await env.devicesOfProject(project);
      const last = await env.readings.lastOf(
        list.map((d) => d.id),
        req.params.n,
      );
      return list.map(({ props, ...d }) => ({
        device: { ...present(d), public: (props as { public?: boolean }).public === true },
        readings: (last.get(d.id) ?? []).map(presentReading),
      }));
    },
  );

  // ── Public display (no sign-in): only monitors marked public.
  r.get(
    ENV_PUBLIC.devices,
    {
      schema: {
        tags,
        summary: 'Environment monitors shown on the public display',
        response: { 200: responses.publicDevices! },
      },
    },
    async () => (await env.publicDevices()).map(present),
  );
  r.get(
    ENV_PUBLIC.last,
    {
      schema: {
        tags,
        summary: "A public monitor's last n readings",
        params: z.object({ id: idParam(), n: lastN }),
        response: { 200: responses.publicLast! },
      },
    },
    async (req) => {
      const [device] = await env.publicDevices([req.params.id]);
      if (!device) throw notFound();
      const readings = (await env.readings.lastOf([device.id], req.params.n)).get(device.id) ?? [];
      return { device: present(device), readings: readings.map(presentReading) };
    },
  );
}
