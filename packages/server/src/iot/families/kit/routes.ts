import {
  childrenCalls,
  commandCalls,
  eventCalls,
  type FamilyManifest,
  familyEndpoints,
  idParam,
  readingsCalls,
  registrationCalls,
  totalsCalls,
} from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mountTable } from '../../../platform/endpoints/mount.js';
import type { FamilyContext } from '../family-handler.js';
import type { ReadingsRepository } from './readings.repository.js';
import {
  childrenHandlers,
  commandHandlers,
  eventHandlers,
  readingsHandlers,
  registrationHandlers,
  totalsHandlers,
} from './traits.js';

/** `:projectId` and `:id` of a family's device calls not yet declared in a table. */
export const familyParams = z.object({ projectId: idParam(), id: idParam() });

/**
 * The traits' calls of a family whose manifest does not declare its table yet (`api`): the same
 * declarations (contract families/kit/calls.ts) and handlers (traits.ts) a declared family spreads,
 * picked by options. A family that declares its table mounts it with `mountTable` instead.
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
  const e = familyEndpoints(manifest.slug);
  mountTable(app, registrationCalls(e), registrationHandlers(ctx, manifest));
  mountTable(
    app,
    commandCalls(e, manifest.commands),
    commandHandlers(ctx, manifest, manifest.commands, options.commandArgs),
  );
  if (options.events)
    mountTable(
      app,
      eventCalls(e, options.events === 'withChildren'),
      eventHandlers(ctx, manifest, options.events === 'withChildren'),
    );
  if (options.children) mountTable(app, childrenCalls(e), childrenHandlers(ctx, manifest));
  const readings = options.readings;
  if (readings) {
    mountTable(app, readingsCalls(e, manifest.readings), readingsHandlers(ctx, manifest, readings, options));
    if (options.totals) mountTable(app, totalsCalls(e, manifest.readings), totalsHandlers(ctx, manifest, readings));
  }
}
