import { type deviceModelBody, PARENT_LIST_SIZE, type PageQuery } from '@sc/contract';
import type { z } from 'zod';
import { AppError, conflict, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { References } from '../../../platform/references/references.service.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { DeviceFactoriesRepository } from '../device-factories/device-factories.repository.js';
import { type DeviceFactoriesService, factoryInScope } from '../device-factories/device-factories.service.js';
import type { DeviceModelsRepository, ModelFilter } from './device-models.repository.js';

type DeviceModelBody = z.infer<typeof deviceModelBody>;

/**
 * Device models (spec 000 §3 "Device model"): each of a factory and a type. A caller sees the models
 * of the factories they see. Built-in models keep their number and type, and are never deleted.
 */
export function createDeviceModelsService(deps: {
  models: DeviceModelsRepository;
  factories: DeviceFactoriesService;
  factoriesRepository: DeviceFactoriesRepository;
  settings: SettingsService;
  audit: AuditService;
  refs: References;
}) {
  const { models, audit } = deps;

  async function visible(session: SessionContext, id: number) {
    const row = await models.find(id);
    if (!row) throw notFound();
    const factory = await deps.factoriesRepository.find(row.factoryId);
    if (!factory || !factoryInScope(session, factory)) throw notFound();
    return { ...row, projectId: factory.projectId };
  }

  /** The factory and type of a model (platform/references); a model of a shared factory is shared too: root users only. */
  async function checkRefs(session: SessionContext, body: DeviceModelBody) {
    const factory = await deps.refs.factory(session, body.factoryId, undefined, { key: 'validation.factoryRequired' });
    deps.refs.assertOwnable(session, factory, 'factoryId');
    await deps.refs.deviceType(body.typeNo, { field: 'typeNo', key: 'validation.typeRequired' });
  }

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await models.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  const values = (body: DeviceModelBody) => ({
    name: body.name,
    no: body.no,
    factoryId: body.factoryId!,
    typeNo: body.typeNo,
    description: body.description ?? '',
  });

  return {
    /** All visible models, or those a project may use (`projectId` of a project-scoped path). */
    async list(session: SessionContext, filter: ModelFilter = {}, projectId?: number) {
      return models.list(await deps.factories.visibility(session, projectId), filter, PARENT_LIST_SIZE);
    },

    async page(session: SessionContext, query: PageQuery & ModelFilter) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const filter = { factoryId: query.factoryId, typeNo: query.typeNo };
      const v = await deps.factories.visibility(session);
      const { list, total } = await models.page(v, filter, query.keyword, window);
      return toPage(list, total, window);
    },

    async get(session: SessionContext, id: number) {
      await visible(session, id);
      return (await models.view(id))!;
    },

    async create(actor: Actor, body: DeviceModelBody) {
      await checkRefs(actor.session, body);
      await checkNoFree(body.no);
      const id = await models.insert(values(body));
      const view = (await models.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'deviceModel',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: DeviceModelBody) {
      const current = await visible(actor.session, id);
      deps.refs.assertWritable(actor.session, current);
      if (current.builtin && body.no !== current.no) throw fieldError('no', 'base.builtinNo');
      if (current.builtin && body.typeNo !== current.typeNo) throw fieldError('typeNo', 'base.builtinType');
      await checkRefs(actor.session, body);
      await checkNoFree(body.no, id);
      const before = (await models.view(id))!;
      await models.update(id, values(body));
      const after = (await models.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'deviceModel',
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    async remove(actor: Actor, id: number) {
      const current = await visible(actor.session, id);
      deps.refs.assertWritable(actor.session, current);
      if (current.builtin) throw conflict('base.builtinDelete');
      const d = await models.dependents(id);
      if (d.devices + d.items > 0) throw new AppError(409, 'CONFLICT', 'base.modelInUse', d);
      await models.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'deviceModel', entityId: id, summary: current.name });
    },
  };
}

export type DeviceModelsService = ReturnType<typeof createDeviceModelsService>;
