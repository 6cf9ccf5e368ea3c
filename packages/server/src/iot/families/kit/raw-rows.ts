import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { CommandTarget } from '../../command-bus.js';

/**
 * Reading the rows of the families' raw SQL (`db.execute`): the rows themselves and their values as the
 * answers carry them (numbers, ISO times, parsed JSON, text or null).
 */
export type Row = Record<string, unknown>;
export const rows = async <T = Row>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
export const json = <T>(v: unknown): T | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);
export const textOrNull = (v: unknown) => (v as string | null | undefined) ?? null;

/**
 * A command target from a row of `devices d` with its parent's equipment id as `parent_equipment_id`
 * (the device's id in `id` unless given).
 */
/** A device as the command bus needs it, with its place on the map (the drawn-area commands). */
export type PlacedTarget = RowTarget & { lng: number | null; lat: number | null };
type RowTarget = CommandTarget & { parentEquipmentId: string | null };

export const targetOf = (r: Row, id: unknown = r.id): RowTarget => ({
  id: Number(id),
  projectId: Number(r.project_id),
  name: String(r.name),
  equipmentId: textOrNull(r.equipment_id),
  activeState: Number(r.active_state),
  parentEquipmentId: textOrNull(r.parent_equipment_id),
});

/** Where a listed device stands: its area and group (id and name) and its coordinates. */
export const placeOf = (r: Row) => ({
  areaId: num(r.area_id),
  areaName: textOrNull(r.area_name),
  groupId: num(r.group_id),
  groupName: textOrNull(r.group_name),
  lng: num(r.lng),
  lat: num(r.lat),
});
