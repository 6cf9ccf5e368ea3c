import { ENV_READINGS, idParam, LOG_PAGE_SIZE } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../../platform/errors.js';
import { commonQuery } from '../../../platform/schemas.js';
import { resolutionFor } from '../../telemetry/series.js';
import type { FamilyContext } from '../family-handler.js';
import { familyParams, registrationRoutes } from '../registration.routes.js';
import { createEnvRepository, type EnvReadingRow, presentReading } from './env.repository.js';

const tags = ['envmonitor'];
const period = z.object({
  from: z.coerce.date({ error: 'validation.validParam' }).optional(),
  to: z.coerce.date({ error: 'validation.validParam' }).optional(),
});
const lastN = z.coerce.number({ error: 'validation.numeric' }).int('validation.numeric').min(1).max(100);

/** Spec 001 §7 "envmonitor: register, reports" and the public display (spec 000 §7 "Public"). */
export function envRoutes(app: FastifyInstance, ctx: FamilyContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const env = createEnvRepository(ctx.db);
  registrationRoutes(app, ctx, 'envmonitor', 'envmonitor');

  r.get(
    '/api/pjts/:projectId/iot/envmonitor/reports.do/family/attempts/last/:n',
    {
      schema: {
        tags,
        summary: 'Every environment monitor of the project with its last n readings',
        params: z.object({ projectId: idParam(), n: lastN }),
        querystring: commonQuery,
      },
    },
    async (req) => {
      await ctx.devices.project(req.session!, req.params.projectId);
      const list = await env.devicesOfProject(req.params.projectId);
      const last = await env.lastOf(
        list.map((d) => d.id),
        req.params.n,
      );
      return list.map((d) => ({
        device: {
          ...d,
          lastActiveAt: d.lastActiveAt?.toISOString() ?? null,
          public: (d.props as { public?: boolean }).public === true,
          props: undefined,
        },
        readings: (last.get(d.id) ?? []).map(presentReading),
      }));
    },
  );

  r.get(
    '/api/pjts/:projectId/iot/envmonitor/:id/reports.do',
    {
      schema: {
        tags,
        summary: "A page of a monitor's readings, newest first",
        params: familyParams,
        querystring: commonQuery.extend(period.shape).extend({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce
            .number()
            .int()
            .min(LOG_PAGE_SIZE.min)
            .max(LOG_PAGE_SIZE.max)
            .default(LOG_PAGE_SIZE.default),
        }),
      },
    },
    async (req) => {
      await ctx.devices.get(req.session!, req.params.projectId, req.params.id, 'envmonitor');
      const { page, pageSize, from, to } = req.query;
      const { rows, total } = await env.page(req.params.id, from, to, pageSize, (page - 1) * pageSize);
      return { list: rows.map(presentReading), total, page, pageSize };
    },
  );

  r.get(
    '/api/pjts/:projectId/iot/envmonitor/:id/reports.do/series',
    {
      schema: {
        tags,
        summary:
          'Averaged readings over a period for the line chart: raw readings up to a week, hourly averages up to 35 days, daily beyond (`resolution` says which)',
        params: familyParams,
        querystring: commonQuery.extend(period.shape),
      },
    },
    async (req) => {
      await ctx.devices.get(req.session!, req.params.projectId, req.params.id, 'envmonitor');
      const to = req.query.to ?? new Date();
      const from = req.query.from ?? new Date(to.getTime() - 24 * 3600_000);
      if (from >= to) throw badRequest('validation.validParam', [{ field: 'from', key: 'validation.validParam' }]);
      const series = await env.series(req.params.id, from, to, { dayOffsetHours: await ctx.settings.get('timezone') });
      return { ...series, points: series.points.map((p) => ({ ...p, at: p.at.toISOString() })) };
    },
  );

  r.get(
    '/api/pjts/:projectId/iot/envmonitor/:id/reports.do/export',
    {
      schema: {
        tags,
        summary: "A monitor's readings over a period as CSV (UTF-8 with BOM, for Excel)",
        params: familyParams,
        querystring: commonQuery.extend(period.shape),
      },
    },
    async (req, reply) => {
      const device = await ctx.devices.get(req.session!, req.params.projectId, req.params.id, 'envmonitor');
      const { from, to } = req.query;
      // A long period comes as hourly or daily averages (the rollups), a week or less as the readings.
      const resolution = from && to ? resolutionFor(from, to) : 'raw';
      const time = resolution === 'raw' ? 'time' : `time (${resolution === 'hour' ? 'hourly' : 'daily'} average)`;
      const header = [time, ...ENV_READINGS.map((x) => `${x.key} (${x.unit})`)].join(',');
      const chunks = async function* () {
        if (resolution === 'raw' || !from || !to) {
          yield* env.stream(device.id, from, to);
          return;
        }
        const dayOffsetHours = await ctx.settings.get('timezone');
        yield (await env.series(device.id, from, to, { dayOffsetHours, maxRollupPoints: Infinity }))
          .points as EnvReadingRow[];
      };
      const lines = async function* () {
        yield `\uFEFF${header}\n`;
        for await (const rows of chunks()) {
          if (rows.length === 0) continue;
          yield `${rows
            .map((row) =>
              [row.at.toISOString(), ...ENV_READINGS.map((x) => row[x.key as keyof typeof row] ?? '')].join(','),
            )
            .join('\n')}\n`;
        }
      };
      const { Readable } = await import('node:stream');
      const filename = encodeURIComponent(`${device.name}-env.csv`);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${filename}`)
        .send(Readable.from(lines()));
    },
  );

  // ── Public display (no sign-in): only monitors marked public.
  r.get(
    '/api/pub/iot/env/devices.do',
    { schema: { tags, summary: 'Environment monitors shown on the public display' } },
    async () => (await env.publicDevices()).map((d) => ({ ...d, lastActiveAt: d.lastActiveAt?.toISOString() ?? null })),
  );
  r.get(
    '/api/pub/iot/env/:id/reports.do/last/:n',
    { schema: { tags, summary: "A public monitor's last n readings", params: z.object({ id: idParam(), n: lastN }) } },
    async (req) => {
      const [device] = await env.publicDevices([req.params.id]);
      if (!device) throw notFound();
      const readings = (await env.lastOf([device.id], req.params.n)).get(device.id) ?? [];
      return {
        device: { ...device, lastActiveAt: device.lastActiveAt?.toISOString() ?? null },
        readings: readings.map(presentReading),
      };
    },
  );
}
