import { and, eq, type SQL } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { deviceModels, devices } from '../../../db/schema/index.js';
import type { SessionContext } from '../../../modules/session/session-context.js';
import { keywordWhere, pageWindow, toPage } from '../../../platform/paging.js';
import type { FamilyContext } from '../family-handler.js';
import { devicesOfProject, type ProjectReach } from './project-reach.js';
import { type PageWindow, pageRows } from './records.repository.js';

/** What every device list is searched and filtered by (its own filters added). */
export interface ListFilter {
  words: string[];
  /** Online state (undefined: every device). */
  activeState?: number;
}

export type { PageWindow };

/**
 * A family's device list (its list screen): the devices of its type in the project's reach, searched
 * by name, number and equipment id, by online state when asked, and by the family's own `filters`
 * (undefined: not filtered).
 */
export const listedDevicesWhere = (
  type: string,
  project: number | ProjectReach,
  filter: ListFilter,
  ...filters: (SQL | undefined)[]
) =>
  and(
    devicesOfProject(project),
    eq(devices.type, type),
    keywordWhere(filter.words, [devices.name, devices.no, devices.equipmentId]),
    filter.activeState === undefined ? undefined : eq(devices.activeState, filter.activeState),
    ...filters,
  );

/** `db.select(columns)` of devices with their model joined (its columns null for a device without one). */
export const devicesWithModel = <T extends SelectedFields>(db: Db, columns: T) =>
  db.select(columns).from(devices).leftJoin(deviceModels, eq(deviceModels.id, devices.modelId));

/**
 * A page of a device list: `list` (a `db.select(…).from(devices)…$dynamic()` with the family's columns
 * and joins) where `where` holds, by name, and how many devices match.
 */
export const pageDevices = <T extends PgSelect>(db: Db, list: T, where: SQL | undefined, window: PageWindow) =>
  pageRows(db, list, devices, where, [devices.name, devices.id], window);

/**
 * The handler of a list call: the project within the caller's reach (with its child projects when
 * asked), the page window (the pageSize setting by default) and `list`'s rows of it as a page.
 */
export function listHandler<Q extends { includeChildren?: boolean; page: number; pageSize?: number }, T>(
  ctx: FamilyContext,
  list: (project: ProjectReach, query: Q, window: PageWindow) => Promise<{ rows: T[]; total: number }>,
) {
  return async ({ session, params, query }: { session: SessionContext; params: { projectId: number }; query: Q }) => {
    const project = await ctx.devices.reach(session, params.projectId, query.includeChildren);
    const window = pageWindow(query, await ctx.settings.get('pageSize'));
    const { rows, total } = await list(project, query, window);
    return toPage(rows, total, window);
  };
}

/**
 * The handler of a family's device list (`listHandler`): `list`'s page of the devices the query's keyword
 * words and online state find, with the family's `own` filters of the query.
 */
export const deviceListHandler = <
  Q extends { keyword: string[]; activeState?: number; includeChildren?: boolean; page: number; pageSize?: number },
  T,
  // biome-ignore lint/complexity/noBannedTypes: no own filters
  F extends object = {},
>(
  ctx: FamilyContext,
  list: (project: ProjectReach, filter: ListFilter & F, window: PageWindow) => Promise<{ rows: T[]; total: number }>,
  own: (query: Q) => F = () => ({}) as F,
) =>
  listHandler<Q, T>(ctx, (project, query, window) =>
    list(project, { words: query.keyword, activeState: query.activeState, ...own(query) }, window),
  );
