import { illumManifest, type PageQuery, type ProjectTreeQuery, peerOf } from '@sc/contract';
import type { IllumGroupBody } from '@sc/contract/families/illum';
import { AppError, conflictField, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { FamilyContext, SessionContext } from '../family-handler.js';
import { type Actor, changedFields } from '../family-handler.js';
import { saveDeviceSettings } from '../kit/device-commands.js';
import { familyDeviceGetter, familyReferences } from '../kit/family-service.js';
import { presentReading } from '../kit/readings.repository.js';
import { createIllumRepository } from './illum.repository.js';

const TYPE = illumManifest.type;
const GATEWAY = peerOf(illumManifest, 'lampGateway');
const LAMP = peerOf(illumManifest, 'lamp');

/** A sensor's configuration as stored in its type properties (spec 001 §3: threshold, peripheral index, enabled). */
const configOf = (props: Record<string, unknown>) => ({
  threshold: typeof props.threshold === 'number' ? props.threshold : null,
  peripheralIndex: typeof props.peripheralIndex === 'number' ? props.peripheralIndex : null,
  // A sensor is in use unless it was disabled.
  enabled: props.enabled !== false,
});

/**
 * Illumination sensors and groups (spec 001 §7 "illum: config, realdata, inuse, logs; illum groups"):
 * the list with the latest reading, the configuration (kept in the device's type properties and sent
 * to the sensor), the lamp controllers that follow a sensor, and the groups. Every device or project a
 * request names is checked against the caller's scope by the references checker.
 */
export function createIllumService(ctx: FamilyContext) {
  const repo = ctx.repository(createIllumRepository);
  const refs = familyReferences(ctx);

  const sensor = familyDeviceGetter(ctx, TYPE);

  /** Stores new type properties, logs the change and tells the sensor when it is connected. */
  async function saveConfig(actor: Actor, projectId: number, id: number, change: Record<string, unknown>) {
    return saveDeviceSettings(ctx, actor, await sensor(actor.session, projectId, id), change, configOf);
  }

  /** A device of the path's project and of the given type, or a 400 on the field (references checker). */
  async function deviceOf(
    session: SessionContext,
    id: number,
    projectId: number,
    type: string,
    field: string,
    key: string,
  ) {
    const row = await refs.device(session, id, projectId, { field, key });
    if (row.type !== type) throw new AppError(400, 'VALIDATION', key, undefined, [{ field, key }]);
    return row;
  }

  async function checkGroup(session: SessionContext, projectId: number, body: IllumGroupBody, exceptId?: number) {
    await refs.project(session, projectId);
    await deviceOf(session, body.gatewayId, projectId, GATEWAY, 'gatewayId', 'illum.groups.gatewayNotFound');
    await deviceOf(session, body.sensorId, projectId, TYPE, 'sensorId', 'illum.groups.sensorNotFound');
    const childRef = { field: 'childIds', key: 'illum.groups.childNotFound' };
    for (const child of await refs.devices(session, body.childIds, projectId, childRef))
      if (child.type !== LAMP) throw new AppError(400, 'VALIDATION', childRef.key, undefined, [childRef]);
    // A group's lamp controllers are reached through its gateway: each must be behind it.
    if (body.childIds.length) {
      const lamps = new Map((await repo.devicesOfTypes(projectId, [LAMP])).map((l) => [l.id, l]));
      const stray = body.childIds.map((id) => lamps.get(id)).find((l) => l && l.parentId !== body.gatewayId);
      if (stray) {
        const key = 'illum.groups.childOtherGateway';
        throw new AppError(400, 'VALIDATION', key, { device: stray.name }, [
          { field: 'childIds', key, params: { device: stray.name } },
        ]);
      }
    }
    if (await repo.noTaken(projectId, body.no, exceptId)) throw conflictField('no', 'illum.groups.duplicateNo');
    const taken = await repo.childTaken(body.childIds, exceptId);
    if (taken)
      throw new AppError(409, 'CONFLICT', 'illum.groups.childTaken', taken, [
        { field: 'childIds', key: 'illum.groups.childTaken' },
      ]);
    return {
      projectId,
      name: body.name,
      no: body.no,
      gatewayId: body.gatewayId,
      sensorId: body.sensorId,
      description: body.description ?? '',
      childIds: body.childIds,
    };
  }

  /** A group of the path's project in the caller's scope; 404 otherwise (as one that does not exist). */
  async function groupOf(session: SessionContext, projectId: number, id: number) {
    await ctx.devices.project(session, projectId);
    const group = await repo.group(id);
    if (!group || group.projectId !== projectId) throw notFound();
    return group;
  }

  const summary = (g: { name: string; gateway: unknown; sensor: unknown; lamps: { id: number }[] }) => ({
    name: g.name,
    gateway: (g.gateway as { name?: string } | null)?.name ?? null,
    sensor: (g.sensor as { name?: string } | null)?.name ?? null,
    lamps: g.lamps.length,
  });

  return {
    readings: repo.readings,

    async sensors(session: SessionContext, projectId: number, query: PageQuery & ProjectTreeQuery) {
      const reach = await ctx.devices.reach(session, projectId, query.includeChildren);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.sensorsPage(reach, query.keyword, window.limit, window.offset);
      const last = await repo.readings.lastOf(
        rows.map((r) => r.id),
        1,
      );
      const list = rows.map(({ props, ...r }) => {
        const reading = last.get(r.id)?.[0];
        return {
          ...r,
          ...configOf(props),
          illuminance: (reading?.illuminance as number | null | undefined) ?? null,
          at: reading ? presentReading(reading).at : null,
        };
      });
      return toPage(list, total, window);
    },

    config: async (session: SessionContext, projectId: number, id: number) =>
      configOf((await sensor(session, projectId, id)).props),

    setConfig: (actor: Actor, projectId: number, id: number, body: { threshold?: number; peripheralIndex?: number }) =>
      saveConfig(actor, projectId, id, {
        threshold: body.threshold,
        ...(body.peripheralIndex !== undefined ? { peripheralIndex: body.peripheralIndex } : {}),
      }),

    setInuse: (actor: Actor, projectId: number, id: number, enabled: boolean) =>
      saveConfig(actor, projectId, id, { enabled }),

    lamps: async (session: SessionContext, projectId: number, id: number) =>
      repo.lampsOf((await sensor(session, projectId, id)).id),

    // ── Groups
    async groups(session: SessionContext, projectId: number, query: PageQuery) {
      await ctx.devices.project(session, projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.groupsPage(projectId, query.keyword, window.limit, window.offset);
      return toPage(rows, total, window);
    },

    group: groupOf,

    async groupOptions(session: SessionContext, projectId: number) {
      await ctx.devices.project(session, projectId);
      const rows = await repo.devicesOfTypes(projectId, [GATEWAY, TYPE, LAMP]);
      const of = (type: string) => rows.filter((r) => r.type === type).map(({ type: _, ...r }) => r);
      return { gateways: of(GATEWAY), sensors: of(TYPE), lamps: of(LAMP) };
    },

    async createGroup(actor: Actor, projectId: number, body: IllumGroupBody) {
      const values = await checkGroup(actor.session, projectId, body);
      const id = await repo.insertGroup(values);
      const group = (await repo.group(id))!;
      await ctx.audit.manage(actor, {
        action: 'create',
        entity: 'illumGroup',
        entityId: id,
        summary: group.name,
        changes: changedFields(null, summary(group)),
      });
      return group;
    },

    async updateGroup(actor: Actor, projectId: number, id: number, body: IllumGroupBody) {
      const before = await groupOf(actor.session, projectId, id);
      const values = await checkGroup(actor.session, projectId, body, id);
      await repo.updateGroup(id, values);
      const after = (await repo.group(id))!;
      await ctx.audit.manage(actor, {
        action: 'update',
        entity: 'illumGroup',
        entityId: id,
        summary: after.name,
        changes: changedFields(summary(before), summary(after)),
      });
      return after;
    },

    /** Deletes groups of the path's project; an id of another project (or none) is a 404 and nothing is deleted. */
    async deleteGroups(actor: Actor, projectId: number, ids: number[]) {
      await ctx.devices.project(actor.session, projectId);
      const found = await repo.groupsOf(ids);
      if (found.length !== new Set(ids).size || found.some((g) => g.projectId !== projectId)) throw notFound();
      const deleted = await repo.deleteGroups(ids);
      for (const g of found)
        await ctx.audit.manage(actor, { action: 'delete', entity: 'illumGroup', entityId: g.id, summary: g.name });
      return { deleted };
    },
  };
}

export type IllumService = ReturnType<typeof createIllumService>;
