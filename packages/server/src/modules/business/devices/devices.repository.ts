import { DEVICE_LIST_FIELDS, type DeviceView } from '@sc/contract';
import { and, asc, type Column, count, desc, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import {
  deviceAreas,
  deviceFactories,
  deviceGroups,
  deviceModels,
  devices,
  deviceTypes,
  productionItems,
  projects,
} from '../../../db/schema/index.js';
import { conflictField } from '../../../platform/errors.js';
import { keywordWhere } from '../../../platform/paging.js';
import { inProjectTree } from '../../../platform/project-tree.js';
import { isWholeTree } from '../../../platform/scope.js';
import { createTtlCache } from '../../../platform/ttl-cache.js';
import { type FactoryVisibility, factoryVisible } from '../../base/device-factories/device-factories.repository.js';

/** Thrown inside the transaction so that the device row is rolled back with it. */
export const productionOccupied = () => conflictField('productionNo', 'registry.productionOccupied');

const parent = alias(devices, 'parent');

const viewColumns = {
  id: devices.id,
  name: devices.name,
  no: devices.no,
  type: devices.type,
  typeName: deviceTypes.name,
  modelId: devices.modelId,
  modelName: deviceModels.name,
  modelNo: deviceModels.no,
  factoryId: devices.factoryId,
  factoryName: deviceFactories.name,
  projectId: devices.projectId,
  projectName: projects.name,
  areaId: devices.areaId,
  areaName: deviceAreas.name,
  groupId: devices.groupId,
  groupName: deviceGroups.name,
  parentId: devices.parentId,
  parentName: parent.name,
  activeState: devices.activeState,
  activeForcedAt: devices.activeForcedAt,
  lastActiveAt: devices.lastActiveAt,
  registered: devices.registered,
  description: devices.description,
  lng: devices.lng,
  lat: devices.lat,
  equipmentId: devices.equipmentId,
  communicateAddress: devices.communicateAddress,
  imei: devices.imei,
  imsi: devices.imsi,
  ip: devices.ip,
  submask: devices.submask,
  gateway: devices.gateway,
  port: devices.port,
  rtspPort: devices.rtspPort,
  minPort: devices.minPort,
  maxPort: devices.maxPort,
  mac: devices.mac,
  loginAccount: devices.loginAccount,
  hasLoginPassword: sql<boolean>`(${devices.loginPassword} <> '')`,
  alias: devices.alias,
  modbusAddress: devices.modbusAddress,
  channelNo: devices.channelNo,
  protocolVersion: devices.protocolVersion,
  productionName: devices.productionName,
  productionNo: devices.productionNo,
  props: devices.props,
  createdAt: devices.createdAt,
  updatedAt: devices.updatedAt,
};

type Row = Omit<DeviceView, 'createdAt' | 'updatedAt' | 'activeForcedAt' | 'lastActiveAt' | 'typeName'> & {
  typeName: string | null;
  activeForcedAt: Date | null;
  lastActiveAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const presentDevice = (row: Row): DeviceView => ({
  ...row,
  typeName: row.typeName ?? row.type,
  hasLoginPassword: Boolean(row.hasLoginPassword),
  props: (row.props ?? {}) as Record<string, unknown>,
  activeForcedAt: iso(row.activeForcedAt),
  lastActiveAt: iso(row.lastActiveAt),
  createdAt: iso(row.createdAt)!,
  updatedAt: iso(row.updatedAt)!,
});

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`). */
const isoText = (column: Column) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A list page's device summaries (contract DEVICE_LIST_FIELDS) as one JSON text written by PostgreSQL
 * and passed through: mapping 25 rows into objects and serialising them again took most of the
 * server's time per page (docs/performance.md). Same names and formats as `presentDevice`: timestamps
 * as `toISOString` writes them, the type's own value when it has no name (a test compares the two).
 * `json_build_object` reads each column once; `row_to_json` of a wide row re-walked it per column.
 */
const listItemColumns = Object.fromEntries(
  DEVICE_LIST_FIELDS.map((key) => {
    const column = viewColumns[key];
    const value =
      key === 'typeName'
        ? sql`coalesce(${deviceTypes.name}, ${devices.type})`
        : key === 'activeForcedAt' || key === 'lastActiveAt'
          ? isoText(column as Column)
          : sql`${column}`;
    return [key, value.as(key)];
  }),
);

export type DeviceRecord = typeof devices.$inferSelect;
export type DeviceValues = Omit<
  typeof devices.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'activeState' | 'activeForcedAt' | 'lastActiveAt' | 'registered'
>;

/** Filters of the lists: every field optional; `scopePath` is the project subtree the caller may see. */
export interface DeviceListFilter {
  projectId?: number;
  areaId?: number;
  groupId?: number;
  parentId?: number;
  type?: string;
  modelId?: number;
  activeState?: number;
  registered?: boolean;
}

export { inProjectTree };

/** The list filters other than the project subtree. */
const filterConditions = (f: DeviceListFilter, words: string[]) => [
  f.projectId !== undefined ? eq(devices.projectId, f.projectId) : undefined,
  f.areaId !== undefined ? eq(devices.areaId, f.areaId) : undefined,
  f.groupId !== undefined ? eq(devices.groupId, f.groupId) : undefined,
  f.parentId !== undefined ? eq(devices.parentId, f.parentId) : undefined,
  f.type !== undefined ? eq(devices.type, f.type) : undefined,
  f.modelId !== undefined ? eq(devices.modelId, f.modelId) : undefined,
  f.activeState !== undefined ? eq(devices.activeState, f.activeState) : undefined,
  f.registered !== undefined ? eq(devices.registered, f.registered) : undefined,
  keywordWhere(words, [devices.name, devices.no, devices.equipmentId, devices.ip]),
];

function filterWhere(scopePath: string, f: DeviceListFilter, words: string[] = []): SQL | undefined {
  return and(inProjectTree(scopePath), ...filterConditions(f, words));
}

/** The SQL of the device registry: devices, their references, and the production items they occupy. */
export function createDevicesRepository(db: Db, onChange: (ids?: readonly number[]) => void = () => {}) {
  const totals = createTtlCache<number>(5000);
  /**
   * After a write has committed: totals start afresh, and whatever else reads devices (the map) learns
   * which devices changed (`ids` of the result; none known: all may have).
   */
  const write = async <T>(work: Promise<T>, ids?: (result: T | undefined) => readonly number[]): Promise<T> => {
    let result: T | undefined;
    try {
      result = await work;
      return result;
    } finally {
      totals.clear();
      onChange(ids?.(result));
    }
  };
  const select = () =>
    db
      .select(viewColumns)
      .from(devices)
      .innerJoin(projects, eq(projects.id, devices.projectId))
      .leftJoin(deviceTypes, eq(deviceTypes.no, devices.type))
      .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .leftJoin(deviceFactories, eq(deviceFactories.id, devices.factoryId))
      .leftJoin(deviceAreas, eq(deviceAreas.id, devices.areaId))
      .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
      .leftJoin(parent, eq(parent.id, devices.parentId));

  // Named statements: PostgreSQL plans them once per connection instead of on every page.
  const subtreeProjects = db
    .select({ id: projects.id })
    .from(projects)
    .where(like(projects.path, sql.placeholder('path')))
    .prepare('devices_subtree_projects');
  /** The summaries of a page's ids, as JSON text, newest first. */
  const pageRows = db
    .select(listItemColumns)
    .from(devices)
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .leftJoin(deviceTypes, eq(deviceTypes.no, devices.type))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(deviceAreas, eq(deviceAreas.id, devices.areaId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
    .where(sql`${devices.id} = any(${sql.placeholder('ids')})`)
    .as('page_rows');
  const pageJson = db
    .select({
      json: sql<string>`coalesce(json_agg(row_to_json(${sql.identifier('page_rows')}) order by ${pageRows.id} desc), '[]')::text`,
    })
    .from(pageRows)
    .prepare('devices_page_json');

  /** The subtree's projects as a list of ids (see `page`); nothing for the root's. */
  const projectList = async (scopePath: string) => {
    if (isWholeTree(scopePath)) return undefined;
    const ids = (await subtreeProjects.execute({ path: `${scopePath}%` })).map((r) => r.id);
    return sql`${devices.projectId} = any(${sql.param(ids)})`;
  };

  const views = async (where: SQL | undefined, limit = 1000) =>
    (await select().where(where).orderBy(desc(devices.id)).limit(limit)).map((r) => presentDevice(r as Row));

  return {
    /** Picker list: id, name, no and type of up to `limit` devices. */
    options: (scopePath: string, f: DeviceListFilter, limit: number) =>
      db
        .select({ id: devices.id, name: devices.name, no: devices.no, type: devices.type })
        .from(devices)
        .where(filterWhere(scopePath, f))
        .orderBy(asc(devices.name), asc(devices.id))
        .limit(limit),

    /**
     * A page, newest first, as `{ listJson, total }`: the page's ids by one index walk, then those rows
     * with their lookups as JSON text (joining first would join every matching device before sorting).
     * The subtree's projects are passed as a list rather than a subquery so that the planner can weigh
     * their share of the devices: with a subquery it joined every matching device of each project and
     * sorted them. The count reads the devices table only and is cached briefly.
     */
    async page(scopePath: string, f: DeviceListFilter, words: string[], window: { limit: number; offset: number }) {
      const where = and(await projectList(scopePath), ...filterConditions(f, words));
      // Two statements: the ids are planned per call (the plan depends on the filters' values: a
      // generic plan cannot know the page's LIMIT), the rows are a named statement planned once.
      const listJson = async () => {
        const ids = (
          await db
            .select({ id: devices.id })
            .from(devices)
            .where(where)
            .orderBy(desc(devices.id))
            .limit(window.limit)
            .offset(window.offset)
        ).map((r) => r.id);
        return ids.length ? (await pageJson.execute({ ids }))[0]!.json : '[]';
      };
      const [json, total] = await Promise.all([
        listJson(),
        totals.get(JSON.stringify([scopePath, f, words]), async () => {
          const [row] = await db.select({ n: count() }).from(devices).where(where);
          return row?.n ?? 0;
        }),
      ]);
      return { listJson: json, total };
    },

    list: (scopePath: string, f: DeviceListFilter, limit = 1000) => views(filterWhere(scopePath, f), limit),

    byIds: (scopePath: string, ids: number[]) => views(and(inProjectTree(scopePath), inArray(devices.id, ids))),

    async view(id: number) {
      const [row] = await select().where(eq(devices.id, id));
      return row ? presentDevice(row as Row) : null;
    },

    /** The device with its project's path, for scope checks. */
    async find(id: number) {
      const [row] = await db
        .select({ device: devices, projectPath: projects.path })
        .from(devices)
        .innerJoin(projects, eq(projects.id, devices.projectId))
        .where(eq(devices.id, id));
      return row ?? null;
    },

    async project(id: number) {
      const [row] = await db
        .select({ id: projects.id, path: projects.path, name: projects.name })
        .from(projects)
        .where(eq(projects.id, id));
      return row ?? null;
    },

    /** Models of a type that a project may use (their factory shared, or visible to it). */
    modelsOfType: (type: string, v: FactoryVisibility) =>
      db
        .select({
          id: deviceModels.id,
          name: deviceModels.name,
          no: deviceModels.no,
          typeNo: deviceModels.typeNo,
          factoryId: deviceModels.factoryId,
          factoryName: deviceFactories.name,
        })
        .from(deviceModels)
        .innerJoin(deviceFactories, eq(deviceFactories.id, deviceModels.factoryId))
        .leftJoin(projects, eq(projects.id, deviceFactories.projectId))
        .where(and(eq(deviceModels.typeNo, type), factoryVisible(v)))
        .orderBy(asc(deviceModels.name)),

    /** Another device of the project with this name or number (uses devices_project_idx). */
    async nameOrNoHolder(projectId: number, name: string, no: string, exceptId?: number) {
      const [row] = await db
        .select({ name: devices.name, no: devices.no })
        .from(devices)
        .where(
          and(
            eq(devices.projectId, projectId),
            or(eq(devices.name, name), eq(devices.no, no)),
            exceptId ? ne(devices.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async equipmentIdHolder(equipmentId: string, exceptId?: number) {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.equipmentId, equipmentId), exceptId ? ne(devices.id, exceptId) : undefined))
        .limit(1);
      return row ?? null;
    },

    async childCount(id: number) {
      const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.parentId, id));
      return row?.n ?? 0;
    },

    /**
     * Inserts a device and, in the same transaction, occupies the idle production item `itemId` (the
     * item of its production number, checked by the service). Throws 409 on productionNo when
     * another device took the item meanwhile.
     */
    insert: (values: DeviceValues, itemId: number | null) =>
      write(
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(devices)
            .values(values)
            .returning({ id: devices.id, projectId: devices.projectId });
          const id = row!.id;
          if (itemId !== null && (await occupy(tx, itemId, id, row!.projectId)) === 'occupied')
            throw productionOccupied();
          return id;
        }),
        (id) => (id === undefined ? [] : [id]),
      ),

    /** Updates a device; a changed production number frees the old item and occupies the new one (`itemId`). */
    update: (
      id: number,
      values: Partial<DeviceValues>,
      production?: { changed: boolean; itemId: number | null; projectId: number },
    ) =>
      write(
        db.transaction(async (tx) => {
          await tx
            .update(devices)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(devices.id, id));
          if (production?.changed) {
            await free(tx, id);
            if (
              production.itemId !== null &&
              (await occupy(tx, production.itemId, id, production.projectId)) === 'occupied'
            )
              throw productionOccupied();
          }
        }),
        () => [id],
      ),

    setLocation: (id: number, lng: number, lat: number) =>
      write(db.update(devices).set({ lng, lat, updatedAt: new Date() }).where(eq(devices.id, id)), () => [id]),

    setActive: (id: number, activeState: number) =>
      write(
        db
          .update(devices)
          .set({ activeState, activeForcedAt: new Date(), updatedAt: new Date() })
          .where(eq(devices.id, id)),
        () => [id],
      ),

    async setActiveMany(scopePath: string, ids: number[], activeState: number) {
      const rows = await write(
        db
          .update(devices)
          .set({ activeState, activeForcedAt: new Date(), updatedAt: new Date() })
          .where(and(inArray(devices.id, ids), inProjectTree(scopePath)))
          .returning({ id: devices.id }),
        () => ids,
      );
      return rows.map((r) => r.id);
    },

    /** Deletes a device and frees the production item it occupied, in one transaction. */
    delete: (id: number) =>
      write(
        db.transaction(async (tx) => {
          await free(tx, id);
          await tx.delete(devices).where(eq(devices.id, id));
        }),
        () => [id],
      ),
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks the idle item occupied by the device; 'occupied' when another device holds it; null when no item. */
async function occupy(tx: Tx, itemId: number, deviceId: number, projectId: number) {
  const [item] = await tx
    .select({ id: productionItems.id, status: productionItems.status })
    .from(productionItems)
    .where(eq(productionItems.id, itemId))
    .for('update');
  if (!item) return null;
  if (item.status !== 0) return 'occupied' as const;
  await tx
    .update(productionItems)
    .set({ status: 1, occupiedProjectId: projectId, occupiedDeviceId: deviceId, occupiedAt: new Date() })
    .where(eq(productionItems.id, item.id));
  return 'done' as const;
}

async function free(tx: Tx, deviceId: number) {
  await tx
    .update(productionItems)
    .set({ status: 0, occupiedProjectId: null, occupiedDeviceId: null, occupiedAt: null })
    .where(eq(productionItems.occupiedDeviceId, deviceId));
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
