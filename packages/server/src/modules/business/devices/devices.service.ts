import {
  type DeviceBody,
  type DevicePageQuery,
  type DeviceView,
  familyOf,
  PARENT_LIST_SIZE,
  PRODUCTION_STATUS,
} from '@sc/contract';
import { AppError, badRequest, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPageJson } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import { inScope } from '../../../platform/scope.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { DeviceListFilter, DevicesRepository, DeviceValues } from './devices.repository.js';

/**
 * Where a call works: the caller's project subtree (/api/biz) or one project of it (/api/pjts/{id}).
 * Devices outside it do not exist for the call (404) and are never listed.
 */
export interface DeviceScope {
  /** Who calls: their references are checked against their own subtree. */
  session: SessionContext;
  path: string;
  /** Set for project-scoped calls: the project of the path. */
  projectId?: number;
}

type Filter = DeviceListFilter;

/** Devices (spec 000 §3, §7 "Business data"; spec 001 §7 project-scoped devices). */
export function createDevicesService(deps: {
  devices: DevicesRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { devices: repo, audit, refs } = deps;

  /** The caller's scope for /api/biz calls. */
  const sessionScope = (session: SessionContext): DeviceScope => ({ session, path: session.project.path });

  /** The scope of a project-scoped call: the path's project, when the caller may see it; 404 otherwise. */
  async function projectScope(session: SessionContext, projectId: number): Promise<DeviceScope> {
    const project = await repo.project(projectId);
    if (!project || !inScope(session, project.path)) throw notFound();
    return { session, path: project.path, projectId: project.id };
  }

  async function visible(scope: DeviceScope, id: number) {
    const row = await repo.find(id);
    if (!row?.projectPath.startsWith(scope.path)) throw notFound();
    return row.device;
  }

  const view = async (id: number) => (await repo.view(id))!;

  /** Checks every rule of a device body and answers the values to store. */
  async function validate(scope: DeviceScope, body: DeviceBody, current?: { id: number; loginPassword: string }) {
    // Every reference of the body, checked against the caller's scope in one place (platform/references).
    const session = scope.session;
    const project = await refs.project(session, body.projectId);
    if (!project.path.startsWith(scope.path)) throw fieldError('projectId', 'validation.projectRequired');

    await refs.deviceType(body.type);
    const model = await refs.model(session, body.modelId, project.path);
    if (model.typeNo !== body.type) throw fieldError('modelId', 'registry.modelTypeMismatch');
    const factoryId = body.factoryId ? (await refs.factory(session, body.factoryId, project.path)).id : model.factoryId;

    if (body.areaId) await refs.area(session, body.areaId, project.id);
    if (body.groupId) {
      const group = await refs.group(session, body.groupId, project.id);
      if (body.areaId && group.areaId !== null && group.areaId !== body.areaId)
        throw fieldError('groupId', 'registry.groupAreaMismatch');
    }

    const family = familyOf(body.type);
    if (body.parentId) {
      if (current && body.parentId === current.id) throw fieldError('parentId', 'registry.parentSelf');
      const parent = await refs.device(session, body.parentId, project.id);
      const allowed = family?.parentTypes ?? [];
      if (!allowed.includes(parent.type as (typeof allowed)[number]))
        throw fieldError('parentId', 'registry.parentNotAllowed');
    }

    let props: Record<string, unknown> = {};
    if (family) {
      const parsed = family.props.safeParse(body.props ?? {});
      if (!parsed.success) {
        const fieldErrors = parsed.error.issues.map((issue) => ({
          field: ['props', ...issue.path.map(String)].join('.'),
          key: issue.message,
        }));
        throw badRequest('errors.badRequest', fieldErrors);
      }
      props = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
      for (const field of family.fields) {
        const linked = props[field.key];
        if (field.kind !== 'device' || typeof linked !== 'number') continue;
        // Another project's device answers as one that does not exist: the same words, nothing of it said.
        const row = await refs.device(session, linked, project.id).catch((e: unknown) => {
          if (e instanceof AppError) return null;
          throw e;
        });
        if (!row || row.type !== field.refType) {
          const params = {
            field: [field.label ?? `families.${body.type}.${field.key}`],
            type: [`families.types.${field.refType}`],
          };
          throw new AppError(400, 'VALIDATION', 'registry.linkedDeviceInvalid', params, [
            { field: `props.${field.key}`, key: 'registry.linkedDeviceInvalid', params },
          ]);
        }
      }
    }

    if (body.equipmentId && (await repo.equipmentIdHolder(body.equipmentId, current?.id)))
      throw conflictField('equipmentId', 'registry.duplicateEquipmentId');
    const holder = await repo.nameOrNoHolder(project.id, body.name, body.no, current?.id);
    if (holder?.no === body.no) throw conflictField('no', 'registry.duplicateDeviceNo');
    if (holder) throw conflictField('name', 'registry.duplicateDeviceName');

    const values: DeviceValues = {
      projectId: project.id,
      name: body.name,
      no: body.no,
      type: body.type,
      modelId: model.id,
      factoryId,
      areaId: body.areaId ?? null,
      groupId: body.groupId ?? null,
      parentId: body.parentId ?? null,
      description: body.description ?? '',
      lng: body.lng ?? null,
      lat: body.lat ?? null,
      equipmentId: body.equipmentId ?? null,
      communicateAddress: body.communicateAddress ?? '',
      imei: body.imei ?? '',
      imsi: body.imsi ?? '',
      ip: body.ip ?? '',
      submask: body.submask ?? '',
      gateway: body.gateway ?? '',
      port: body.port ?? null,
      rtspPort: body.rtspPort ?? null,
      minPort: body.minPort ?? null,
      maxPort: body.maxPort ?? null,
      mac: body.mac ?? '',
      loginAccount: body.loginAccount ?? '',
      // Write-only: an update that leaves it out keeps the stored one.
      loginPassword: body.loginPassword ?? current?.loginPassword ?? '',
      alias: body.alias ?? '',
      modbusAddress: body.modbusAddress ?? null,
      channelNo: body.channelNo ?? null,
      protocolVersion: body.protocolVersion ?? 1,
      productionName: body.productionName ?? '',
      productionNo: body.productionNo ?? '',
      props,
    };
    return values;
  }

  /**
   * The production item a device takes: an idle one of the caller's subtree, or none. An item the
   * caller cannot see is as one that does not exist (not taken, nothing said of it); an item another
   * device occupies is a 409 on productionNo.
   */
  async function productionFor(session: SessionContext, no: string, deviceId?: number) {
    const item = await refs.productionItem(session, no);
    if (item && item.status !== PRODUCTION_STATUS.idle && item.occupiedDeviceId !== deviceId)
      throw conflictField('productionNo', 'registry.productionOccupied');
    return item?.id ?? null;
  }

  const forLog = (v: DeviceView) => ({ ...v, updatedAt: undefined, typeName: undefined });

  /**
   * Filters of a list, narrowed to the path's project for project-scoped calls; with `includeChildren`
   * to its subtree (the scope's path), where a project filter may pick one of them (issue 13).
   */
  const narrowed = (scope: DeviceScope, f: Filter, includeChildren = false): Filter =>
    scope.projectId !== undefined && !includeChildren ? { ...f, projectId: scope.projectId } : f;

  return {
    sessionScope,
    projectScope,

    options: (scope: DeviceScope, f: Filter) => repo.options(scope.path, narrowed(scope, f), PARENT_LIST_SIZE),

    async page(scope: DeviceScope, query: DevicePageQuery) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { page: _p, pageSize: _s, keyword, includeChildren, ...filter } = query;
      const { listJson, total } = await repo.page(
        scope.path,
        narrowed(scope, filter, includeChildren),
        keyword,
        window,
      );
      return toPageJson(listJson, total, window);
    },

    async get(scope: DeviceScope, id: number) {
      // Both read at once (one round trip, not two); the view is answered only when the device is visible.
      const [, shown] = await Promise.all([visible(scope, id), view(id)]);
      return shown;
    },

    /** Devices of a type in the project (family list screens). */
    family: (scope: DeviceScope, type: string | undefined, includeChildren = false) =>
      repo.list(scope.path, narrowed(scope, type ? { type } : {}, includeChildren), PARENT_LIST_SIZE),

    async children(scope: DeviceScope, id: number) {
      await visible(scope, id);
      return repo.list(scope.path, { parentId: id }, PARENT_LIST_SIZE);
    },

    batch: (scope: DeviceScope, ids: number[]) => repo.byIds(scope.path, ids),

    /** Models of a type that the scope's project may use: shared ones and those of its own subtree line. */
    modelsOfType: (scope: DeviceScope, type: string) =>
      repo.modelsOfType(type, { scopePath: scope.session.project.path, forProjectPath: scope.path }),

    async create(actor: Actor, scope: DeviceScope, body: DeviceBody) {
      const values = await validate(scope, body);
      const itemId = await productionFor(scope.session, values.productionNo ?? '');
      const id = await repo.insert(values, itemId);
      const after = await view(id);
      await audit.manage(actor, {
        action: 'create',
        entity: 'device',
        entityId: id,
        summary: after.name,
        changes: changedFields(null, forLog(after)),
      });
      return after;
    },

    async update(actor: Actor, scope: DeviceScope, id: number, body: DeviceBody) {
      const current = await visible(scope, id);
      const before = await view(id);
      const values = await validate(scope, body, current);
      const itemId = await productionFor(scope.session, values.productionNo ?? '', id);
      await repo.update(id, values, {
        changed: current.productionNo !== (values.productionNo ?? ''),
        itemId,
        projectId: values.projectId,
      });
      const after = await view(id);
      const changes = changedFields(forLog(before), forLog(after));
      if (body.loginPassword !== undefined && body.loginPassword !== current.loginPassword)
        changes.loginPassword = { from: '******', to: '******' };
      await audit.manage(actor, { action: 'update', entity: 'device', entityId: id, summary: after.name, changes });
      return after;
    },

    async setLocation(actor: Actor, scope: DeviceScope, id: number, location: { lng: number; lat: number }) {
      const current = await visible(scope, id);
      await repo.setLocation(id, location.lng, location.lat);
      await audit.manage(actor, {
        action: 'update',
        entity: 'device',
        entityId: id,
        summary: current.name,
        changes: changedFields({ lng: current.lng, lat: current.lat }, location),
      });
      return view(id);
    },

    async getActive(scope: DeviceScope, id: number) {
      const d = await visible(scope, id);
      return {
        id: d.id,
        activeState: d.activeState,
        activeForcedAt: d.activeForcedAt?.toISOString() ?? null,
        lastActiveAt: d.lastActiveAt?.toISOString() ?? null,
      };
    },

    /** Forces the active state (spec 000 §4: it may not reflect the field). */
    async setActive(actor: Actor, scope: DeviceScope, id: number, activeState: number) {
      const current = await visible(scope, id);
      await repo.setActive(id, activeState);
      await audit.manage(actor, {
        action: 'update',
        entity: 'device',
        entityId: id,
        summary: current.name,
        changes: changedFields({ activeState: current.activeState }, { activeState }),
      });
      return view(id);
    },

    async setActiveMany(actor: Actor, scope: DeviceScope, ids: number[], activeState: number) {
      const path = scope.path;
      const updated = await repo.setActiveMany(path, [...new Set(ids)], activeState);
      if (updated.length)
        await audit.manage(actor, {
          action: 'update',
          entity: 'device',
          entityId: updated.slice(0, 50).join(','),
          summary: `${updated.length}`,
          changes: { activeState: { from: null, to: activeState }, ids: { from: null, to: updated } },
        });
      return { updated: updated.length };
    },

    async remove(actor: Actor, scope: DeviceScope, id: number) {
      const current = await visible(scope, id);
      const children = await repo.childCount(id);
      if (children > 0) throw new AppError(409, 'CONFLICT', 'registry.deviceHasChildren', { count: children });
      await repo.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'device', entityId: id, summary: current.name });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
