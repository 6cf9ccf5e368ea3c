import { illumManifest } from '@sc/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { devices, projects } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';
import { CHILD_COLUMNS, DEVICE_COLUMNS } from '../kit/device-columns.js';
import { listedDevicesWhere, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';
import { createReadingsRepository } from '../kit/readings.repository.js';
import { pageRows, takenInProject } from '../kit/records.repository.js';
import { illumGroupChildren, illumGroups, illumTelemetry } from './illum.tables.js';

const TYPE = illumManifest.type;
const parent = alias(devices, 'parent');
// The group's gateway: a device row joined a second time (its own alias in the SQL).
const groupGateway = alias(devices, 'group_gateway');
const sensor = alias(devices, 'sensor');
/** What the sensor list shows of each besides its latest reading (its settings are in `props`). */
const LISTED = { ...DEVICE_COLUMNS, parentId: devices.parentId, props: devices.props };

export interface GroupValues {
  projectId: number;
  name: string;
  no: string;
  gatewayId: number;
  sensorId: number;
  description: string;
  childIds: number[];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** A device named by a group (its gateway, its sensor): selected as one object, null when it is gone. */
const refColumns = <T extends { id: PgColumn; name: PgColumn; no: PgColumn }>(d: T) =>
  ({ id: d.id, name: d.name, no: d.no }) as Pick<T, 'id' | 'name' | 'no'>;
const ref = (r: { id: number | null; name: string | null; no: string | null }) =>
  r.id === null ? null : { id: r.id, name: r.name ?? '', no: r.no ?? '' };

/** The SQL of illumination sensors and groups; readings through the kit's repository. */
export function createIllumRepository(db: Db) {
  const readings = createReadingsRepository(db, illumTelemetry);

  /** The lamp controllers of groups, by group. */
  async function childrenOf(groupIds: number[]) {
    const map = new Map<number, { id: number; name: string; no: string }[]>();
    if (groupIds.length === 0) return map;
    const rows = await db
      .select({ groupId: illumGroupChildren.groupId, id: devices.id, name: devices.name, no: devices.no })
      .from(illumGroupChildren)
      .innerJoin(devices, eq(devices.id, illumGroupChildren.deviceId))
      .where(inArray(illumGroupChildren.groupId, groupIds))
      .orderBy(asc(devices.name));
    for (const { groupId, ...child } of rows) map.set(groupId, [...(map.get(groupId) ?? []), child]);
    return map;
  }

  const groupSelect = () =>
    db
      .select({
        id: illumGroups.id,
        name: illumGroups.name,
        no: illumGroups.no,
        projectId: illumGroups.projectId,
        projectName: projects.name,
        description: illumGroups.description,
        createdAt: illumGroups.createdAt,
        gateway: refColumns(groupGateway),
        sensor: refColumns(sensor),
      })
      .from(illumGroups)
      .innerJoin(projects, eq(projects.id, illumGroups.projectId))
      .leftJoin(groupGateway, eq(groupGateway.id, illumGroups.gatewayId))
      .leftJoin(sensor, eq(sensor.id, illumGroups.sensorId));

  async function present(rows: Awaited<ReturnType<ReturnType<typeof groupSelect>['where']>>) {
    const children = await childrenOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      no: r.no,
      projectId: r.projectId,
      projectName: r.projectName,
      description: r.description,
      gateway: r.gateway ? ref(r.gateway) : null,
      sensor: r.sensor ? ref(r.sensor) : null,
      lamps: children.get(r.id) ?? [],
      createdAt: r.createdAt.toISOString(),
    }));
  }

  async function writeChildren(tx: Db, groupId: number, childIds: number[]) {
    await tx.delete(illumGroupChildren).where(eq(illumGroupChildren.groupId, groupId));
    if (childIds.length > 0)
      await tx.insert(illumGroupChildren).values(childIds.map((deviceId) => ({ groupId, deviceId })));
  }

  return {
    readings,

    /** A page of the project's sensors (keyword over name, no and equipment id), by name. */
    async sensorsPage(project: number | ProjectReach, words: string[], limit: number, offset: number) {
      const list = db
        .select({ ...LISTED, parentName: parent.name, projectName: deviceProjectName })
        .from(devices)
        .leftJoin(parent, eq(parent.id, devices.parentId))
        .$dynamic();
      const where = listedDevicesWhere(TYPE, project, { words });
      const { rows, total } = await pageDevices(db, list, where, { limit, offset });
      const props = (r: (typeof rows)[number]) => (r.props ?? {}) as Record<string, unknown>;
      return { rows: rows.map((r) => ({ ...r, lastActiveAt: iso(r.lastActiveAt), props: props(r) })), total };
    },

    /** The lamp controllers that follow a sensor: the children of its groups. */
    async lampsOf(sensorId: number) {
      const rows = await db
        .select({ ...CHILD_COLUMNS, groupId: illumGroups.id, groupName: illumGroups.name })
        .from(illumGroups)
        .innerJoin(illumGroupChildren, eq(illumGroupChildren.groupId, illumGroups.id))
        .innerJoin(devices, eq(devices.id, illumGroupChildren.deviceId))
        .where(eq(illumGroups.sensorId, sensorId))
        .orderBy(asc(illumGroups.name), asc(devices.name))
        .limit(4096);
      return rows.map((r) => ({ ...r, lastActiveAt: iso(r.lastActiveAt) }));
    },

    // ── Groups
    async groupsPage(projectId: number, words: string[], limit: number, offset: number) {
      const where = and(
        eq(illumGroups.projectId, projectId),
        keywordWhere(words, [illumGroups.name, illumGroups.no, illumGroups.description]),
      );
      const order = [asc(illumGroups.name), asc(illumGroups.id)];
      const { rows, total } = await pageRows(db, groupSelect().$dynamic(), illumGroups, where, order, {
        limit,
        offset,
      });
      return { rows: await present(rows), total };
    },

    async group(id: number) {
      const [row] = await present(await groupSelect().where(eq(illumGroups.id, id)));
      return row ?? null;
    },

    /** The groups among `ids` and their projects (to check them before a delete). */
    groupsOf: (ids: number[]) =>
      db
        .select({ id: illumGroups.id, projectId: illumGroups.projectId, name: illumGroups.name })
        .from(illumGroups)
        .where(inArray(illumGroups.id, ids)),

    /** Whether another group of the project has this number. */
    noTaken: (projectId: number, no: string, exceptId?: number) =>
      takenInProject(db, illumGroups, illumGroups.no, no, projectId, exceptId),

    /** The first of these lamp controllers already in another group, with that group's name. */
    async childTaken(deviceIds: number[], exceptGroupId?: number) {
      if (deviceIds.length === 0) return null;
      const [row] = await db
        .select({ device: devices.name, group: illumGroups.name })
        .from(illumGroupChildren)
        .innerJoin(illumGroups, eq(illumGroups.id, illumGroupChildren.groupId))
        .innerJoin(devices, eq(devices.id, illumGroupChildren.deviceId))
        .where(
          and(
            inArray(illumGroupChildren.deviceId, deviceIds),
            exceptGroupId ? ne(illumGroupChildren.groupId, exceptGroupId) : undefined,
          ),
        )
        .orderBy(asc(devices.name))
        .limit(1);
      return row ?? null;
    },

    insertGroup: (values: GroupValues) =>
      db.transaction(async (tx) => {
        const { childIds, ...group } = values;
        const [row] = await tx.insert(illumGroups).values(group).returning({ id: illumGroups.id });
        await writeChildren(tx as unknown as Db, row!.id, childIds);
        return row!.id;
      }),

    updateGroup: (id: number, values: GroupValues) =>
      db.transaction(async (tx) => {
        const { childIds, ...group } = values;
        await tx
          .update(illumGroups)
          .set({ ...group, updatedAt: new Date() })
          .where(eq(illumGroups.id, id));
        await writeChildren(tx as unknown as Db, id, childIds);
      }),

    async deleteGroups(ids: number[]) {
      const rows = await db.delete(illumGroups).where(inArray(illumGroups.id, ids)).returning({ id: illumGroups.id });
      return rows.length;
    },

    /** Devices of the project of some types (the group form's choices), up to 1000 each, by name. */
    async devicesOfTypes(projectId: number, types: string[]) {
      const rows = await db
        .select({ id: devices.id, name: devices.name, no: devices.no, type: devices.type, parentId: devices.parentId })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), inArray(devices.type, types)))
        .orderBy(asc(devices.name), asc(devices.id))
        .limit(1000 * types.length);
      return rows;
    },
  };
}

export type IllumRepository = ReturnType<typeof createIllumRepository>;
