import { type FamilyManifest, familyCalls, logPageQuery, totalsQuery } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../modules/logs/audit.service.js';
import { AppError, badRequest } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { commonQuery } from '../../../platform/schemas.js';
import { resolutionFor } from '../../telemetry/series.js';
import type { FamilyContext } from '../family-handler.js';
import { presentReading, type ReadingRow, type ReadingsRepository } from './readings.repository.js';
import { familyParams, registrationRoutes } from './registration.routes.js';
import { createTotalsService } from './totals.service.js';

export { familyParams };

const period = z.object({
  from: z.coerce.date({ error: 'validation.validParam' }).optional(),
  to: z.coerce.date({ error: 'validation.validParam' }).optional(),
});

const ok = (schema: z.ZodType | undefined) => (schema ? { response: { 200: schema } } : {});

/**
 * The calls every family repeats, built from its manifest (spec 001 §7 `/iot/{slug}/…`): registration,
 * one POST per command of the manifest (arguments validated, sent on the command bus, written to the
 * operation log by the bus), the device's events page, its children, and its readings (page, series,
 * CSV). Paths come from the contract's `familyCalls`, the same builder the catalogue grants them with.
 */
export function familyRoutes(
  app: FastifyInstance,
  ctx: FamilyContext,
  manifest: FamilyManifest,
  options: {
    /** Adds what the device needs to the caller's validated arguments (e.g. the server's time). */
    commandArgs?: Record<string, (body: Record<string, unknown>) => Record<string, unknown>>;
    /** GET …/:id/events: the device's own events, or with its children's (carriers). */
    events?: 'own' | 'withChildren';
    /** GET …/:id/children: the devices behind it. */
    children?: boolean;
    /** GET …/:id/reports.do, /series, /export: its readings. */
    readings?: ReadingsRepository;
    /** File name suffix of the CSV export (`<device>-<csvName>.csv`); the slug unless given. */
    csvName?: string;
    /** GET …/totals: the project's totals of the `sum` readings per day, month or year (needs `readings`). */
    totals?: boolean;
  } = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const calls = familyCalls(manifest.slug);
  const { type, slug, responses } = manifest;
  const tags = [slug];
  const device = (req: { session?: unknown; params: { projectId: number; id: number } }) =>
    ctx.devices.get(req.session as never, req.params.projectId, req.params.id, type);

  registrationRoutes(app, ctx, manifest);

  for (const command of manifest.commands) {
    r.post(
      calls.path(`:id/${command.name}`),
      {
        schema: {
          tags,
          summary: `Send ${command.name} to a device and await its reply`,
          params: familyParams,
          querystring: commonQuery,
          // A bare POST (the console sends no body for commands without arguments) arrives as null.
          body: command.args.nullish(),
          ...ok(responses.command),
        },
      },
      async (req) => {
        const target = await device(req);
        // A bare POST gets the command's defaults (or a 400 when it needs arguments).
        let body = req.body as Record<string, unknown> | null | undefined;
        if (body === null || body === undefined) {
          const defaults = command.args.safeParse({});
          if (!defaults.success)
            throw badRequest('validation.required', [{ field: 'body', key: 'validation.required' }]);
          body = defaults.data;
        }
        const args = options.commandArgs?.[command.name]?.(body) ?? body;
        const outcome = await ctx.iot.bus.send(actorOf(req), target, command.name, args);
        if (!outcome.ok)
          throw new AppError(502, 'DEVICE_FAILED', 'errors.deviceFailed', { error: outcome.error ?? command.name });
        return {
          command: command.name,
          ok: true as const,
          result: outcome.result ?? null,
          durationMs: outcome.durationMs,
          attempts: outcome.attempts,
        };
      },
    );
  }

  if (options.events) {
    const withChildren = options.events === 'withChildren';
    r.get(
      calls.path(':id/events'),
      {
        schema: {
          tags,
          summary: withChildren
            ? "A page of a device's events and its children's, newest first"
            : "A page of a device's events, newest first",
          params: familyParams,
          querystring: commonQuery.extend(logPageQuery.shape),
          ...ok(responses.events),
        },
      },
      async (req) => {
        const target = await device(req);
        const window = pageWindow(req.query, await ctx.settings.get('logPageSize'));
        const { rows, total } = await ctx.events.page(target.id, {
          withChildren,
          from: req.query.from,
          to: req.query.to,
          limit: window.limit,
          offset: window.offset,
        });
        return toPage(rows, total, window);
      },
    );
  }

  if (options.children) {
    r.get(
      calls.path(':id/children'),
      {
        schema: {
          tags,
          summary: 'The devices behind a device with their state',
          params: familyParams,
          querystring: commonQuery,
          ...ok(responses.children),
        },
      },
      async (req) => ctx.devices.childrenOf((await device(req)).id),
    );
  }

  const readings = options.readings;
  if (readings) {
    r.get(
      calls.path(':id/reports.do'),
      {
        schema: {
          tags,
          summary: "A page of a device's readings, newest first",
          params: familyParams,
          querystring: commonQuery.extend(logPageQuery.shape),
          ...ok(responses.readings),
        },
      },
      async (req) => {
        await device(req);
        const window = pageWindow(req.query, await ctx.settings.get('logPageSize'));
        const { rows, total } = await readings.page(
          req.params.id,
          req.query.from,
          req.query.to,
          window.limit,
          window.offset,
        );
        return toPage(rows.map(presentReading), total, window);
      },
    );

    r.get(
      calls.path(':id/reports.do/series'),
      {
        schema: {
          tags,
          summary:
            'Averaged readings over a period for the line chart: raw readings up to a week, hourly averages up to 35 days, daily beyond (`resolution` says which)',
          params: familyParams,
          querystring: commonQuery.extend(period.shape),
          ...ok(responses.series),
        },
      },
      async (req) => {
        await device(req);
        const to = req.query.to ?? new Date();
        const from = req.query.from ?? new Date(to.getTime() - 24 * 3600_000);
        if (from >= to) throw badRequest('validation.validParam', [{ field: 'from', key: 'validation.validParam' }]);
        const series = await readings.series(req.params.id, from, to, {
          dayOffsetHours: await ctx.settings.get('timezone'),
        });
        return { ...series, points: series.points.map((p) => ({ ...p, at: p.at.toISOString() })) };
      },
    );

    if (options.totals) {
      const sums = manifest.readings.filter((x) => x.sum);
      const service = createTotalsService(
        ctx,
        readings,
        sums.map((x) => x.key),
      );
      r.get(
        calls.path('totals'),
        {
          schema: {
            tags,
            summary: `The project's totals of ${sums.map((x) => `${x.key} (${x.unit})`).join(', ')} per day, month or year over a period (midnight of the system timezone), from the per-project daily rollup`,
            params: z.object({ projectId: familyParams.shape.projectId }),
            querystring: commonQuery.extend(totalsQuery.shape),
            ...ok(responses.totals),
          },
        },
        async (req) => {
          await ctx.devices.project(req.session as never, req.params.projectId);
          return service.totals(req.params.projectId, req.query);
        },
      );
    }

    r.get(
      calls.path(':id/reports.do/export'),
      {
        schema: {
          tags,
          summary: "A device's readings over a period as CSV (UTF-8 with BOM, for Excel)",
          params: familyParams,
          querystring: commonQuery.extend(period.shape),
        },
      },
      async (req, reply) => {
        const target = await device(req);
        const { from, to } = req.query;
        // A long period comes as hourly or daily averages (the rollups), a week or less as the readings.
        const resolution = from && to ? resolutionFor(from, to) : 'raw';
        const time = resolution === 'raw' ? 'time' : `time (${resolution === 'hour' ? 'hourly' : 'daily'} average)`;
        const header = [time, ...manifest.readings.map((x) => `${x.key} (${x.unit})`)].join(',');
        const chunks = async function* () {
          if (resolution === 'raw' || !from || !to) {
            yield* readings.stream(target.id, from, to);
            return;
          }
          const dayOffsetHours = await ctx.settings.get('timezone');
          yield (await readings.series(target.id, from, to, { dayOffsetHours, maxRollupPoints: Infinity }))
            .points as ReadingRow[];
        };
        const lines = async function* () {
          yield `\uFEFF${header}\n`;
          for await (const rows of chunks()) {
            if (rows.length === 0) continue;
            yield `${rows
              .map((row) => [row.at.toISOString(), ...manifest.readings.map((x) => row[x.key] ?? '')].join(','))
              .join('\n')}\n`;
          }
        };
        const { Readable } = await import('node:stream');
        const filename = encodeURIComponent(`${target.name}-${options.csvName ?? slug}.csv`);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename*=UTF-8''${filename}`)
          .send(Readable.from(lines()));
      },
    );
  }
}
