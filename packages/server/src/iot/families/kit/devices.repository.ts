import { FEEDER } from '@sc/contract/families/kit';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { devices, projects } from '../../../db/schema/index.js';
import type { SessionContext } from '../../../modules/session/session-context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { inScope } from '../../../platform/scope.js';
import type { CommandTarget } from '../../command-bus.js';
import { CHILD_COLUMNS, TARGET_COLUMNS } from './device-columns.js';
import { inSubtreeOfD, type ProjectReach } from './project-reach.js';
import { rows, targetOf } from './raw-rows.js';

const parent = alias(devices, 'parent');
/** What `get` reads of a device: the command bus's fields, its project's path, family, registration and properties. */
const FAMILY_DEVICE_COLUMNS = {
  ...TARGET_COLUMNS,
  projectPath: projects.path,
  type: devices.type,
  registered: devices.registered,
  props: devices.props,
  parentEquipmentId: parent.equipmentId,
};

/** A device of one family inside a project the caller may see, as the command bus needs it. */
export interface FamilyDevice extends CommandTarget {
  type: string;
  registered: boolean;
  props: Record<string, unknown>;
}

/**
 * Finds `/api/pjts/{projectId}/iot/{family}/{id}` devices: 404 when the project is outside the
 * caller's subtree or the device is not in that project's subtree (its own or a child project's, as
 * the lists with child projects show them), 400 when it is of another family.
 */
export function createFamilyDevices(db: Db) {
  async function byId(id: number) {
    const [row] = await db
      .select(FAMILY_DEVICE_COLUMNS)
      .from(devices)
      .innerJoin(projects, eq(projects.id, devices.projectId))
      .leftJoin(parent, eq(parent.id, devices.parentId))
      .where(eq(devices.id, id));
    return row ? { ...row, props: (row.props ?? {}) as Record<string, unknown> } : null;
  }
  return {
    async get(session: SessionContext, projectId: number, id: number, type: string): Promise<FamilyDevice> {
      const row = await byId(id);
      if (!row || !inScope(session, row.projectPath)) throw notFound();
      if (row.projectId !== projectId) {
        // A device of a child project, opened from a list that includes them (issue 13): inside the
        // path's project's subtree, which the caller must see; any other project's is not there.
        const [path] = await db.select({ path: projects.path }).from(projects).where(eq(projects.id, projectId));
        if (!path || !inScope(session, path.path) || !row.projectPath.startsWith(path.path)) throw notFound();
      }
      if (row.type !== type) throw new AppError(400, 'VALIDATION', 'errors.wrongFamily');
      const { projectPath: _, ...device } = row;
      return device;
    },

    /** A device by id, whoever asks (the platform's own work: resending to a device that came back). */
    async byId(id: number): Promise<FamilyDevice | null> {
      const row = await byId(id);
      if (!row) return null;
      const { projectPath: _, ...device } = row;
      return device;
    },

    /** Sets a device's coordinates (the map and the device directory read them again). */
    setLocation: (id: number, lng: number, lat: number) =>
      db.update(devices).set({ lng, lat, updatedAt: new Date() }).where(eq(devices.id, id)),

    /** 404 unless the project is inside the caller's subtree. */
    async project(session: SessionContext, projectId: number) {
      const [row] = await db
        .select({ id: projects.id, path: projects.path })
        .from(projects)
        .where(eq(projects.id, projectId));
      if (!row || !inScope(session, row.path)) throw notFound();
      return row;
    },

    /** What a project's list shows: its own devices, or its subtree's (404 as `project`). */
    async reach(session: SessionContext, projectId: number, includeChildren = false): Promise<ProjectReach> {
      const row = await this.project(session, projectId);
      return { ...row, includeChildren };
    },

    setRegistered: (id: number, registered: boolean) =>
      db.update(devices).set({ registered, updatedAt: new Date() }).where(eq(devices.id, id)),

    /** Replaces type properties (already validated by the family's manifest). */
    setProps: (id: number, props: Record<string, unknown>) =>
      db.update(devices).set({ props, updatedAt: new Date() }).where(eq(devices.id, id)),

    /**
     * Devices of a family by id, as the command bus needs them (with their gateway's equipment id), those
     * of the project's subtree only; `missing` the ids that are not such a device.
     */
    async targets(projectId: number, ids: number[], type: string) {
      const found = (
        await rows(
          db,
          sql`SELECT d.id, d.project_id, d.name, d.equipment_id, d.active_state, p.equipment_id AS parent_equipment_id
            FROM devices d LEFT JOIN devices p ON p.id = d.parent_id
            WHERE ${inSubtreeOfD(projectId)} AND d.type = ${type} AND d.id = ANY(${sql.param(ids)}::int4[])
            ORDER BY d.id`,
        )
      ).map((r) => targetOf(r));
      const known = new Set(found.map((t) => t.id));
      return { targets: found, missing: ids.filter((id) => !known.has(id)) };
    },

    /** The devices behind a carrier with their state (at most 4096). */
    async childrenOf(parentId: number, type?: string) {
      const rows = await db
        .select(CHILD_COLUMNS)
        .from(devices)
        .where(and(eq(devices.parentId, parentId), type ? eq(devices.type, type) : undefined))
        .orderBy(devices.name)
        .limit(4096);
      return rows.map((d) => ({ ...d, lastActiveAt: d.lastActiveAt?.toISOString() ?? null }));
    },

    /**
     * The devices a cabinet powers (at most 4096): those of its project's subtree whose feeder property
     * names its number, by circuit (unsaid last) and name.
     */
    async fedBy(cabinet: { id: number; projectId: number }) {
      const found = await rows(
        db,
        sql`SELECT d.id, d.name, d.no, d.type, d.equipment_id, d.active_state, d.registered, d.last_active_at,
            CASE WHEN d.props->>${FEEDER.circuit} ~ '^[0-9]{1,2}$' THEN (d.props->>${FEEDER.circuit})::int END AS circuit
          FROM devices d
          WHERE ${inSubtreeOfD(cabinet.projectId)}
            AND d.props->>${FEEDER.no} = (SELECT c.no FROM devices c WHERE c.id = ${cabinet.id})
          ORDER BY circuit NULLS LAST, d.name
          LIMIT 4096`,
      );
      return found.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        no: String(r.no),
        type: String(r.type),
        equipmentId: (r.equipment_id as string | null) ?? null,
        activeState: Number(r.active_state),
        registered: Boolean(r.registered),
        lastActiveAt: r.last_active_at ? new Date(r.last_active_at as string).toISOString() : null,
        circuit: r.circuit === null || r.circuit === undefined ? null : Number(r.circuit),
      }));
    },
  };
}

export type FamilyDevices = ReturnType<typeof createFamilyDevices>;
