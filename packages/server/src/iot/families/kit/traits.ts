import {
  type childrenCalls,
  type commandCalls,
  type ExportFormat,
  type eventCalls,
  type FamilyCommand,
  type FamilyManifest,
  type fedCalls,
  I18N_RESOURCES,
  lookupText,
  type readingsCalls,
  readingWordKey,
  type registrationCalls,
  roundReading,
  titleWithUnit,
  type totalsCalls,
  translate,
} from '@sc/contract';
import type { FastifyReply } from 'fastify';
import type { EndpointCall, EndpointHandler } from '../../../platform/endpoints/mount.js';
import { badRequest } from '../../../platform/errors.js';
import { sendTable } from '../../../platform/export/table-export.js';
import { requestLang } from '../../../platform/lang.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { FamilyContext } from '../family-handler.js';
import { sendCommand } from './device-commands.js';
import { presentReading, type ReadingsRepository } from './readings.repository.js';
import { createTotalsService } from './totals.service.js';

/**
 * The server part of the traits (the calls are declared in the contract's families/kit/calls.ts): each
 * function answers the handlers of one trait's calls for a family, so that a family's routes are
 * `mountTable(app, <FAMILY>_API, { ...registrationHandlers(ctx, manifest), …, its own })`.
 */

type Manifest = Pick<FamilyManifest, 'type' | 'slug' | 'readings'>;
// biome-ignore lint/suspicious/noExplicitAny: the traits' handlers are typed where a family spreads them
export type Loose = EndpointCall<any> & { params: { projectId: number; id: number } };
/**
 * The handlers of a trait's calls by name. Typed loosely (a trait serves every family, whose answers
 * differ by its readings): the declared response schema checks each answer when it is sent.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Handlers<F extends (...args: never[]) => object> = Record<keyof ReturnType<F>, EndpointHandler<any>>;

/** The family's device of the call's `:projectId/:id` (404 outside the caller's reach, 400 of another family). */
export const deviceOf = (ctx: FamilyContext, type: string, call: Pick<Loose, 'session' | 'params'>) =>
  ctx.devices.get(call.session, call.params.projectId, call.params.id, type);

/** `deviceOf` for one family: the device of a call's `:projectId/:id`. */
export const familyDeviceOf = (ctx: FamilyContext, type: string) => (call: Pick<Loose, 'session' | 'params'>) =>
  deviceOf(ctx, type, call);

/**
 * Registration (spec 001 §7): the platform accepts (or ignores) the device's traffic from now on; a
 * connected device is told too, but its silence does not undo the registration.
 */
export function registrationHandlers<S extends string>(
  ctx: FamilyContext,
  manifest: Manifest,
): Handlers<typeof registrationCalls<S>> {
  const handler = (registered: boolean) => async (call: Loose) => {
    const action = registered ? 'register' : 'unregister';
    const device = await deviceOf(ctx, manifest.type, call);
    await ctx.devices.setRegistered(device.id, registered);
    ctx.iot.directory.forget(device.id);
    await ctx.audit.manage(call.actor, {
      action: 'update',
      entity: 'device',
      entityId: device.id,
      summary: `${device.name} ${action}`,
      changes: { registered: { from: device.registered, to: registered } },
    });
    let delivered = false;
    try {
      await ctx.iot.bus.send(call.actor, device, action, {});
      delivered = true;
    } catch {
      // Offline devices learn it when they next connect: registration is the platform's decision.
    }
    return { id: device.id, registered, delivered };
  };
  return { register: handler(true), unregister: handler(false) } as never;
}

/**
 * Commands: the arguments validated by the call's schema (a bare POST gets the command's defaults, or a
 * 400 when it needs arguments), `extra` adds what the device needs (the server's time), the command bus
 * sends it, awaits the reply and writes the operation log.
 */
export function commandHandlers<S extends string, const C extends readonly FamilyCommand[]>(
  ctx: FamilyContext,
  manifest: Pick<Manifest, 'type'>,
  commands: C,
  extra: Partial<Record<C[number]['name'], (body: Record<string, unknown>) => Record<string, unknown>>> = {},
): Handlers<typeof commandCalls<S, C>> {
  const extras = extra as Record<string, (body: Record<string, unknown>) => Record<string, unknown>>;
  return Object.fromEntries(
    commands.map((command) => [
      command.name,
      async (call: Loose) => {
        const target = await deviceOf(ctx, manifest.type, call);
        let body = call.body as Record<string, unknown> | null | undefined;
        if (body === null || body === undefined) {
          const defaults = command.args.safeParse({});
          if (!defaults.success)
            throw badRequest('validation.required', [{ field: 'body', key: 'validation.required' }]);
          body = defaults.data;
        }
        return sendCommand(ctx, call.actor, target, command.name, extras[command.name]?.(body) ?? body);
      },
    ]),
  ) as never;
}

/** Events: a page of the device's events (with its children's for carriers), newest first. */
export function eventHandlers<S extends string>(
  ctx: FamilyContext,
  manifest: Manifest,
  withChildren = false,
): Handlers<typeof eventCalls<S>> {
  return {
    events: async (call: Loose) => {
      const target = await deviceOf(ctx, manifest.type, call);
      const window = pageWindow(call.query, await ctx.settings.get('logPageSize'));
      const { rows, total } = await ctx.events.page(target.id, {
        withChildren,
        from: call.query.from,
        to: call.query.to,
        limit: window.limit,
        offset: window.offset,
      });
      return toPage(rows, total, window);
    },
  } as never;
}

/**
 * The traits of a device the platform talks to itself (the contract's `deviceCalls`): registration, its
 * commands (`extra` as `commandHandlers`) and its events, unless `events: false`.
 */
export function deviceHandlers<S extends string, const C extends readonly FamilyCommand[], E extends boolean = true>(
  ctx: FamilyContext,
  manifest: Manifest,
  commands: C,
  options: {
    extra?: Partial<Record<C[number]['name'], (body: Record<string, unknown>) => Record<string, unknown>>>;
    events?: E;
  } = {},
) {
  return {
    ...registrationHandlers<S>(ctx, manifest),
    ...commandHandlers<S, C>(ctx, manifest, commands, options.extra),
    ...(options.events === false ? {} : eventHandlers<S>(ctx, manifest)),
  } as ReturnType<typeof registrationHandlers<S>> &
    ReturnType<typeof commandHandlers<S, C>> &
    (E extends false ? unknown : ReturnType<typeof eventHandlers<S>>);
}

/** Children: the devices behind a carrier with their state. */
export function childrenHandlers<S extends string>(
  ctx: FamilyContext,
  manifest: Manifest,
): Handlers<typeof childrenCalls<S>> {
  return {
    children: async (call: Loose) => ctx.devices.childrenOf((await deviceOf(ctx, manifest.type, call)).id),
  } as never;
}

/** Fed devices: what a cabinet's circuits power, by circuit. */
export function fedHandlers<S extends string>(ctx: FamilyContext, manifest: Manifest): Handlers<typeof fedCalls<S>> {
  return {
    fed: async (call: Loose) => ctx.devices.fedBy(await deviceOf(ctx, manifest.type, call)),
  } as never;
}

/**
 * Readings history over the family's readings table: a page, the chart's series (raw up to a week,
 * hourly rollups up to 35 days, daily beyond) and the export of the table's rows as CSV or .xlsx
 * (`<device>-<csvName>.<csv|xlsx>`), titled with the family's texts `<texts>.<reading key>` (default
 * `<slug>.readings`) and `<texts>.at` for the time.
 */
export function readingsHandlers<S extends string, const R extends Manifest['readings']>(
  ctx: FamilyContext,
  manifest: Manifest & { readings: R },
  readings: ReadingsRepository,
  options: { csvName?: string; texts?: string } = {},
): Handlers<typeof readingsCalls<S, R>> {
  return {
    readings: async (call: Loose) => {
      await deviceOf(ctx, manifest.type, call);
      const window = pageWindow(call.query, await ctx.settings.get('logPageSize'));
      const { rows, total } = await readings.page(
        call.params.id,
        call.query.from,
        call.query.to,
        window.limit,
        window.offset,
      );
      return toPage(rows.map(presentReading), total, window);
    },
    series: async (call: Loose) => {
      await deviceOf(ctx, manifest.type, call);
      const to: Date = call.query.to ?? new Date();
      const from: Date = call.query.from ?? new Date(to.getTime() - 24 * 3600_000);
      if (from >= to) throw badRequest('validation.validParam', [{ field: 'from', key: 'validation.validParam' }]);
      const series = await readings.series(call.params.id, from, to, {
        dayOffsetHours: await ctx.settings.get('timezone'),
      });
      return { ...series, points: series.points.map((p) => ({ ...p, at: p.at.toISOString() })) };
    },
    export: async (call: Loose): Promise<FastifyReply> => {
      const target = await deviceOf(ctx, manifest.type, call);
      const { from, to, format } = call.query as { from?: Date; to?: Date; format?: ExportFormat };
      // The rows the history table shows for the period (readings.page's window and order), every page.
      const lang = requestLang(call.request);
      const title = (key: string) => translate(lang, key);
      const prefix = options.texts ?? `${manifest.slug}.readings`;
      const timeKey = lookupText(I18N_RESOURCES[lang], `${prefix}.at`) ? `${prefix}.at` : 'common.pickTime';
      const columns = [
        { title: title(timeKey), width: 20 },
        ...manifest.readings.map((x) => ({ title: titleWithUnit(title(`${prefix}.${x.key}`), x.unit), width: 12 })),
      ];
      const rows = async function* () {
        for await (const chunk of readings.stream(target.id, from, to))
          yield chunk.map((row) => [
            row.at,
            ...manifest.readings.map((x) => {
              const v = row[x.key];
              if (v === null || v === undefined || !Number.isFinite(v)) return null;
              // A state in words, as the screen shows it (a value it does not name stays a number).
              const word = x.words && readingWordKey(x.words, v);
              return word ? title(word) : roundReading(v, x.decimals);
            }),
          ]);
      };
      return sendTable(call.reply, {
        format: format ?? 'csv',
        name: `${target.name}-${options.csvName ?? manifest.slug}`,
        sheet: target.name,
        columns,
        rows: rows(),
        timezoneHours: await ctx.settings.get('timezone'),
      });
    },
  } as never;
}

/** Totals: the project's totals of the `sum` readings per day, month or year (the caller's project checked). */
export function totalsHandlers<S extends string, const R extends Manifest['readings']>(
  ctx: FamilyContext,
  manifest: Manifest & { readings: R },
  readings: ReadingsRepository,
): Handlers<typeof totalsCalls<S, R>> {
  const service = createTotalsService(
    ctx,
    readings,
    manifest.readings.filter((x) => x.sum).map((x) => x.key),
  );
  return {
    totals: async (call: Loose) => {
      await ctx.devices.project(call.session, call.params.projectId);
      return service.totals(call.params.projectId, call.query);
    },
  } as never;
}
