import { type deviceTypeBody, PARENT_LIST_SIZE, type PageQuery, UPLOAD_LIMITS } from '@sc/contract';
import type { z } from 'zod';
import { AppError, conflict, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { type Actor, type AuditService, changedFields } from '../../logs/audit.service.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { DeviceTypeRecord, DeviceTypesRepository } from './device-types.repository.js';
import { imageSize } from './icon-image.js';

type DeviceTypeBody = z.infer<typeof deviceTypeBody>;

/** The image kind of an icon by its content (magic bytes), never by its name or declared type. */
export function iconMimeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return null;
}

/**
 * Device types (spec 000 §3 "Device type"): global base data. The built-in ones are the device
 * families; their code (`no`) is what devices and models carry, so it never changes.
 */
export function createDeviceTypesService(deps: {
  types: DeviceTypesRepository;
  settings: SettingsService;
  audit: AuditService;
}) {
  const { types, audit } = deps;

  async function found(id: number): Promise<DeviceTypeRecord> {
    const row = await types.find(id);
    if (!row) throw notFound();
    return row;
  }

  async function checkNoFree(no: string, exceptId?: number) {
    const holder = await types.findByNo(no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }

  return {
    list: () => types.list(PARENT_LIST_SIZE),

    async page(query: PageQuery) {
      const window = pageWindow(query, await deps.settings.get('pageSize'));
      const { list, total } = await types.page(query.keyword, window);
      return toPage(list, total, window);
    },

    async get(id: number) {
      await found(id);
      return (await types.view(id))!;
    },

    async create(actor: Actor, body: DeviceTypeBody) {
      await checkNoFree(body.no);
      const id = await types.insert({ name: body.name, no: body.no });
      const view = (await types.view(id))!;
      await audit.manage(actor, {
        action: 'create',
        entity: 'deviceType',
        entityId: id,
        summary: view.name,
        changes: changedFields(null, { ...view }),
      });
      return view;
    },

    async update(actor: Actor, id: number, body: DeviceTypeBody) {
      const current = await found(id);
      if (current.builtin && body.no !== current.no) throw fieldError('no', 'base.builtinNo');
      await checkNoFree(body.no, id);
      const before = (await types.view(id))!;
      await types.update(id, { name: body.name, no: body.no });
      const after = (await types.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'deviceType',
        entityId: id,
        summary: after.name,
        changes: changedFields({ ...before }, { ...after }),
      });
      return after;
    },

    /** Stores a jpg or png icon under the size limit (spec 000 §9) and bumps its version. */
    async setIcon(actor: Actor, id: number, bytes: Buffer) {
      const current = await found(id);
      if (bytes.length >= UPLOAD_LIMITS.icon) throw fieldError('file', 'validation.iconSize');
      const mime = iconMimeOf(bytes);
      if (!mime) throw fieldError('file', 'validation.iconType');
      const size = imageSize(bytes, mime);
      if (!size) throw fieldError('file', 'validation.iconType');
      const max = UPLOAD_LIMITS.iconPixels;
      if (size.width > max || size.height > max)
        throw fieldError('file', 'security.iconPixels', 'VALIDATION', { count: max });
      await types.setIcon(id, bytes, mime);
      const view = (await types.view(id))!;
      await audit.manage(actor, {
        action: 'update',
        entity: 'deviceType',
        entityId: id,
        summary: current.name,
        changes: {
          icon: { from: current.iconVersion, to: current.iconVersion + 1 },
          iconMime: { from: current.iconMime, to: mime },
        },
      });
      return view;
    },

    async icon(id: number) {
      const icon = await types.icon(id);
      if (!icon) throw notFound();
      return icon;
    },

    async remove(actor: Actor, id: number) {
      const current = await found(id);
      if (current.builtin) throw conflict('base.builtinDelete');
      const d = await types.dependents(current.no);
      if (d.devices + d.models > 0) throw new AppError(409, 'CONFLICT', 'base.typeInUse', d);
      await types.delete(id);
      await audit.manage(actor, { action: 'delete', entity: 'deviceType', entityId: id, summary: current.name });
    },
  };
}

export type DeviceTypesService = ReturnType<typeof createDeviceTypesService>;
