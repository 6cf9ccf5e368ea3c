import { peerOf, pgwManifest } from '@sc/contract';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { deviceModels, devices } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';
import { CHILD_COLUMNS, DEVICE_COLUMNS } from '../kit/device-columns.js';
import { devicesWithModel } from '../kit/device-list.js';
import { deviceProjectName, devicesOfProject, type ProjectReach } from '../kit/project-reach.js';
import { pgwLinks } from './pgw.tables.js';

const TYPE = pgwManifest.type;
const LAMP = peerOf(pgwManifest, 'lamp');
/** The model of lamp controllers on the power line (spec 000 §3 model values). */
export const POWER_LINE_MODEL = 'lcuplc';

const child = alias(devices, 'child');
const parent = alias(devices, 'parent');
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The SQL of power-line gateways: the list with lamp counts, a gateway's lamps with their carrier link, their parent. */
export function createPgwRepository(db: Db) {
  return {
    async gatewaysPage(project: number | ProjectReach, words: string[], limit: number, offset: number) {
      const where = and(
        devicesOfProject(project),
        eq(devices.type, TYPE),
        keywordWhere(words, [
          devices.name,
          devices.no,
          devices.equipmentId,
          sql`${devices.props}->>'wireNo'`,
          sql`${devices.props}->>'zoneCode'`,
        ]),
      );
      const lamps = db
        .select({ n: count() })
        .from(child)
        .where(and(eq(child.parentId, devices.id), eq(child.type, LAMP)));
      const reachable = db
        .select({ n: count() })
        .from(child)
        .innerJoin(pgwLinks, and(eq(pgwLinks.gatewayId, devices.id), eq(pgwLinks.equipmentId, child.equipmentId)))
        .where(and(eq(child.parentId, devices.id), eq(child.type, LAMP), sql`${pgwLinks.signal} > 0`));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            ...DEVICE_COLUMNS,
            props: devices.props,
            projectName: deviceProjectName,
            lamps: sql<number>`(${lamps})::int`,
            reachable: sql<number>`(${reachable})::int`,
          })
          .from(devices)
          .where(where)
          .orderBy(asc(devices.name), asc(devices.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(devices).where(where),
      ]);
      return {
        rows: rows.map(({ props, ...r }) => {
          const p = (props ?? {}) as Record<string, unknown>;
          return {
            ...r,
            lastActiveAt: iso(r.lastActiveAt),
            wireNo: typeof p.wireNo === 'string' ? p.wireNo : '',
            zoneCode: typeof p.zoneCode === 'string' ? p.zoneCode : '',
            lamps: Number(r.lamps),
            reachable: Number(r.reachable),
          };
        }),
        total: total?.n ?? 0,
      };
    },

    /** The lamp controllers behind a gateway with the signal and last contact it last reported. */
    async lampsOf(gatewayId: number) {
      const rows = await devicesWithModel(db, {
        ...CHILD_COLUMNS,
        model: deviceModels.no,
        signal: pgwLinks.signal,
        lastContact: pgwLinks.seen,
      })
        .leftJoin(pgwLinks, and(eq(pgwLinks.gatewayId, gatewayId), eq(pgwLinks.equipmentId, devices.equipmentId)))
        .where(and(eq(devices.parentId, gatewayId), eq(devices.type, LAMP)))
        .orderBy(asc(devices.name), asc(devices.id))
        .limit(4096);
      return rows.map((r) => ({ ...r, lastActiveAt: iso(r.lastActiveAt), lastContact: iso(r.lastContact) }));
    },

    /** Power-line lamp controllers of the project behind no carrier (what a gateway may take), up to 1000. */
    async lampOptions(projectId: number) {
      return devicesWithModel(db, {
        id: devices.id,
        name: devices.name,
        no: devices.no,
        equipmentId: devices.equipmentId,
      })
        .where(
          and(
            eq(devices.projectId, projectId),
            eq(devices.type, LAMP),
            isNull(devices.parentId),
            or(isNull(devices.modelId), eq(deviceModels.no, POWER_LINE_MODEL)),
          ),
        )
        .orderBy(asc(devices.name), asc(devices.id))
        .limit(1000);
    },

    /** What registering needs of the named devices: model, current parent (already scope-checked ids). */
    async lampsInfo(ids: number[]) {
      if (ids.length === 0) return [];
      return devicesWithModel(db, {
        id: devices.id,
        name: devices.name,
        type: devices.type,
        equipmentId: devices.equipmentId,
        model: deviceModels.no,
        parentId: devices.parentId,
        parentName: parent.name,
      })
        .leftJoin(parent, eq(parent.id, devices.parentId))
        .where(inArray(devices.id, ids));
    },

    /** Hangs lamp controllers under a gateway (or takes them off it: null). */
    setParent: (ids: number[], parentId: number | null) =>
      db.update(devices).set({ parentId, updatedAt: new Date() }).where(inArray(devices.id, ids)),

    /**
     * What a gateway that comes back is sent (pgw.service.ts): its command target, type properties
     * (its configuration), the equipment ids of the lamps registered behind it, and of those it may
     * still hold without being registered (carrier links it reported of lamps not behind it, among them
     * the lamps unregistered while it was away: `removeLamps` keeps their links until it is told).
     */
    async resendOf(gatewayId: number) {
      const [gw] = await db
        .select({
          id: devices.id,
          projectId: devices.projectId,
          name: devices.name,
          equipmentId: devices.equipmentId,
          activeState: devices.activeState,
          props: devices.props,
          parentEquipmentId: parent.equipmentId,
        })
        .from(devices)
        .leftJoin(parent, eq(parent.id, devices.parentId))
        .where(and(eq(devices.id, gatewayId), eq(devices.type, TYPE)));
      if (!gw) return null;
      const lamps = await db
        .select({ equipmentId: devices.equipmentId })
        .from(devices)
        .where(and(eq(devices.parentId, gatewayId), eq(devices.type, LAMP)))
        .orderBy(asc(devices.id));
      const registered = lamps.map((l) => l.equipmentId).filter((e): e is string => !!e);
      const held = new Set(registered);
      const links = await db
        .select({ equipmentId: pgwLinks.equipmentId })
        .from(pgwLinks)
        .where(eq(pgwLinks.gatewayId, gatewayId));
      return {
        target: { ...gw, props: (gw.props ?? {}) as Record<string, unknown> },
        lamps: registered,
        stale: links.map((l) => l.equipmentId).filter((e) => !held.has(e)),
      };
    },

    /** Forgets the carrier links of lamps no longer behind the gateway. */
    async deleteLinks(gatewayId: number, equipmentIds: string[]) {
      if (equipmentIds.length === 0) return;
      await db
        .delete(pgwLinks)
        .where(and(eq(pgwLinks.gatewayId, gatewayId), inArray(pgwLinks.equipmentId, equipmentIds)));
    },
  };
}

export type PgwRepository = ReturnType<typeof createPgwRepository>;
