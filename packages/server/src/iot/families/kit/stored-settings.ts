import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { tellDevice } from './device-commands.js';
import type { FamilyDevice } from './devices.repository.js';
import { json, rows } from './raw-rows.js';

/** One setting a family stores for its devices: the command that tells the device, and its values before anyone set them. */
export interface StoredPart {
  command: string;
  defaults: (device: FamilyDevice) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Called after a value is stored (a cache the family keeps, such as the same-event interval). */
  onSaved?: (deviceId: number, value: Record<string, unknown>) => void;
}

type Row = { part: string; value: unknown; updated_at: string | Date };
const parsed = (v: unknown) => json<Record<string, unknown>>(v) ?? {};

export function createSettingsRepository(db: Db) {
  return {
    async of(deviceId: number): Promise<Map<string, { value: Record<string, unknown>; updatedAt: Date }>> {
      const list = await rows<Row>(
        db,
        sql`SELECT part, value, updated_at FROM device_settings WHERE device_id = ${deviceId}`,
      );
      return new Map(list.map((r) => [r.part, { value: parsed(r.value), updatedAt: new Date(r.updated_at) }]));
    },
    save: (deviceId: number, projectId: number, part: string, value: unknown, at: Date) =>
      db.execute(
        sql`INSERT INTO device_settings (device_id, part, project_id, value, updated_at)
          VALUES (${deviceId}, ${part}, ${projectId}, ${JSON.stringify(value)}::jsonb, ${at.toISOString()}::timestamptz)
          ON CONFLICT (device_id, part) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      ),
    /** Every stored value of a part for the devices of a type (a family's cache at start). */
    async all(type: string, part: string) {
      const list = await rows<{ device_id: number; value: unknown }>(
        db,
        sql`SELECT s.device_id, s.value FROM device_settings s JOIN devices d ON d.id = s.device_id
          WHERE s.part = ${part} AND d.type = ${type}`,
      );
      return list.map((r) => [Number(r.device_id), parsed(r.value)] as const);
    },
  };
}

/**
 * The stored-settings trait: a part is read (stored values, or its defaults), written (stored as the
 * body schema parsed it, remembered, audited, told to a connected device: `delivered`), and sent again
 * to a device that comes back online (the kit's resender, once per return), so that it ends up with the
 * server's values whatever was changed while it was away.
 */
export function createStoredSettings<P extends string>(
  ctx: FamilyContext,
  type: string,
  parts: Record<P, StoredPart>,
  options: {
    /** false: the family sends `storedCommands` in its own reconnection round (first, before its own). */
    resend?: boolean;
  } = {},
) {
  const repo = ctx.repository(createSettingsRepository);
  const device = (session: SessionContext, projectId: number, id: number) =>
    ctx.devices.get(session, projectId, id, type);

  /** The stored parts as the commands that tell a device them, in the order of `parts`. */
  async function storedCommands(deviceId: number): Promise<[string, Record<string, unknown>][]> {
    const stored = await repo.of(deviceId);
    return (Object.keys(parts) as P[]).flatMap((part) => {
      const row = stored.get(part);
      return row ? [[parts[part].command, row.value] as [string, Record<string, unknown>]] : [];
    });
  }

  if (options.resend !== false)
    ctx.iot.resendWhenOnline(type, async (change) => {
      const commands = await storedCommands(change.id);
      if (!commands.length) return null;
      const target = await ctx.devices.byId(change.id);
      return target ? { target, commands } : null;
    });

  return {
    storedCommands,
    all: (part: P) => repo.all(type, part),

    /** The stored values (or the part's defaults); `V` is the part's answer, which the call's schema checks. */
    async read<V extends Record<string, unknown>>(session: SessionContext, projectId: number, id: number, part: P) {
      const d = await device(session, projectId, id);
      const row = (await repo.of(d.id)).get(part);
      const value = (row?.value ?? (await parts[part].defaults(d))) as V;
      return { ...value, updatedAt: row ? row.updatedAt.toISOString() : null, delivered: false };
    },

    async write<V extends Record<string, unknown>>(actor: Actor, projectId: number, id: number, part: P, value: V) {
      const d = await device(actor.session, projectId, id);
      const at = new Date();
      await repo.save(d.id, d.projectId, part, value, at);
      parts[part].onSaved?.(d.id, value);
      await ctx.audit.manage(actor, {
        action: 'update',
        entity: 'device',
        entityId: d.id,
        summary: d.name,
        changes: Object.keys(value).map((field) => ({ field: `${part}.${field}`, from: null, to: value[field] })),
      });
      // Offline or silent: the reconnection round sends the stored values.
      const delivered = await tellDevice(ctx, actor, d, parts[part].command, value);
      return { ...value, updatedAt: at.toISOString(), delivered };
    },
  };
}
export type StoredSettings<P extends string> = ReturnType<typeof createStoredSettings<P>>;
