import { z } from 'zod';
import { DEVICE_SEARCH_WORD_LIMIT } from '../constants.js';
import { ACTIVE_STATE } from '../enums.js';
import { msg } from '../validation/message.js';
import {
  altCodeRule,
  baseName,
  baseNo,
  description,
  idParam,
  intRange,
  ipv4Rule,
  latitude,
  listedId,
  longitude,
  nameRule,
  subnetMaskRule,
} from '../validation/rules.js';
import { keywordRule, pageQuery, projectTreeQuery } from './paging.js';

/** '' and null from a form mean "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = () => z.preprocess(blank, idParam().optional());
const requiredId = (message: string) =>
  z.preprocess(blank, idParam().optional()).refine((v) => v !== undefined, message);
const optionalCoordinate = () => ({
  lng: z.preprocess(blank, longitude().optional()),
  lat: z.preprocess(blank, latitude().optional()),
});

export const scopedNameRule = () => nameRule(2, 32);
export const scopedNoRule = () => altCodeRule(2, 32);

// ── Base data (/api/bas/)
export const deviceTypeBody = z.object({ name: baseName(), no: baseNo() });
export const deviceFactoryBody = z.object({
  name: baseName(),
  no: baseNo(),
  description: description(),
  projectId: optionalId(),
});
export const deviceModelBody = z.object({
  name: baseName(),
  no: baseNo(),
  factoryId: requiredId('validation.factoryRequired'),
  typeNo: z.string({ error: 'validation.typeRequired' }).trim().min(1, 'validation.typeRequired'),
  description: description(),
});

// ── Areas and groups (/api/biz/)
export const deviceAreaBody = z.object({
  name: scopedNameRule(),
  no: scopedNoRule(),
  projectId: requiredId('validation.projectRequired'),
  description: description(),
  ...optionalCoordinate(),
});
export const deviceGroupBody = deviceAreaBody.extend({ areaId: optionalId() });
/** "Group or device location requires a picked coordinate" (spec 000 §5). */
export const requiredLocationBody = z.object({
  lng: z.preprocess(blank, longitude()),
  lat: z.preprocess(blank, latitude()),
});
export const activeBody = z.object({
  activeState: z.coerce
    .number({ error: 'validation.validParam' })
    .refine((v) => Object.values(ACTIVE_STATE).includes(v as -1 | 0 | 1), 'validation.validParam')
    .default(ACTIVE_STATE.active),
});

// ── Devices
const mac = () =>
  z
    .string()
    .trim()
    .regex(/^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/, 'validation.mac');
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

export const deviceBody = z
  .object({
    name: scopedNameRule(),
    no: scopedNoRule(),
    type: z.string({ error: 'validation.typeRequired' }).trim().min(1, 'validation.typeRequired'),
    modelId: requiredId('validation.modelRequired'),
    factoryId: optionalId(),
    projectId: requiredId('validation.projectRequired'),
    areaId: optionalId(),
    groupId: optionalId(),
    parentId: optionalId(),
    description: description(),
    ...optionalCoordinate(),
    equipmentId: optional(altCodeRule(1, 64)),
    communicateAddress: optional(
      z
        .string()
        .trim()
        .max(64, msg('validation.tooLongMax', { count: 64 })),
    ),
    imei: optional(
      z
        .string()
        .trim()
        .regex(/^\d{15}$/, 'validation.imei'),
    ),
    imsi: optional(
      z
        .string()
        .trim()
        .regex(/^\d{6,15}$/, 'validation.validParam'),
    ),
    ip: optional(ipv4Rule()),
    submask: optional(subnetMaskRule()),
    gateway: optional(ipv4Rule()),
    port: optional(intRange(0, 65535)),
    rtspPort: optional(intRange(0, 65535)),
    minPort: optional(intRange(0, 65535)),
    maxPort: optional(intRange(0, 65535)),
    mac: optional(mac()),
    loginAccount: optional(
      z
        .string()
        .trim()
        .max(64, msg('validation.tooLongMax', { count: 64 })),
    ),
    /** Write-only: never answered; left unchanged on update when not given. */
    loginPassword: optional(z.string().max(128, msg('validation.tooLongMax', { count: 128 }))),
    alias: optional(
      z
        .string()
        .trim()
        .max(64, msg('validation.tooLongMax', { count: 64 })),
    ),
    modbusAddress: optional(intRange(0, 255)),
    channelNo: optional(intRange(0, 1024)),
    protocolVersion: optional(z.coerce.number().refine((v) => v === 1 || v === 2, 'validation.protocolVersion')),
    productionName: optional(
      z
        .string()
        .trim()
        .max(64, msg('validation.tooLongMax', { count: 64 })),
    ),
    productionNo: optional(
      z
        .string()
        .trim()
        .max(64, msg('validation.tooLongMax', { count: 64 })),
    ),
    /** Type-specific properties; a JSON string in a form. Validated by the type's family. */
    props: z
      .union([
        z.record(z.string(), z.unknown()),
        z.string().transform((s, ctx) => {
          if (!s.trim()) return {};
          try {
            return JSON.parse(s) as Record<string, unknown>;
          } catch {
            ctx.addIssue({ code: 'custom', message: 'validation.validParam' });
            return z.NEVER;
          }
        }),
      ])
      .optional()
      .default({}),
  })
  .superRefine((d, ctx) => {
    if (d.minPort !== undefined && d.maxPort !== undefined && d.minPort >= d.maxPort) {
      ctx.addIssue({ code: 'custom', path: ['minPort'], message: 'validation.portOrder' });
    }
  });
export type DeviceBody = z.infer<typeof deviceBody>;

/** Filters of the device lists (spec 000 §2 "Filters by project, area, group, type, model, state"). */
export const deviceFilter = z.object({
  projectId: optionalId(),
  areaId: optionalId(),
  groupId: optionalId(),
  parentId: optionalId(),
  type: optional(z.string().trim().max(32)),
  modelId: optionalId(),
  activeState: optional(z.coerce.number().refine((v) => [-1, 0, 1].includes(v), 'validation.validParam')),
  registered: optional(z.enum(['true', 'false']).transform((v) => v === 'true')),
});
export const devicePageQuery = pageQuery
  .extend({ keyword: keywordRule(DEVICE_SEARCH_WORD_LIMIT) })
  .extend(deviceFilter.shape)
  .extend(projectTreeQuery.shape);
export type DevicePageQuery = z.infer<typeof devicePageQuery>;

/**
 * What a device list page answers per device: the columns of the list views (mixed, device, project,
 * type properties, map) and what their actions need. The edit screen reads the whole device by id.
 * A page of 25 summaries is about half the bytes of 25 whole devices, and the server writes it straight
 * from the database (docs/performance.md).
 */
export const DEVICE_LIST_FIELDS = [
  'id',
  'name',
  'no',
  'type',
  'typeName',
  'modelId',
  'modelName',
  'projectId',
  'projectName',
  'areaId',
  'areaName',
  'groupId',
  'groupName',
  'parentId',
  'activeState',
  'activeForcedAt',
  'lastActiveAt',
  'registered',
  'lng',
  'lat',
  'equipmentId',
  'communicateAddress',
  'imei',
  'ip',
  'mac',
  'port',
  'protocolVersion',
  'productionNo',
  'props',
] as const;

export const batchActiveBody = z.object({
  ids: z
    .union([z.array(z.coerce.number()), z.string().transform((s) => s.split(',').filter(Boolean).map(Number))])
    .pipe(z.array(listedId()).min(1, 'validation.required').max(1000)),
  activeState: activeBody.shape.activeState,
});

// ── Map (/map/bizindex)
export const mapQuery = z.object({
  west: z.coerce.number({ error: 'validation.numeric' }).min(-180).max(180),
  south: z.coerce.number({ error: 'validation.numeric' }).min(-90).max(90),
  east: z.coerce.number({ error: 'validation.numeric' }).min(-180).max(180),
  north: z.coerce.number({ error: 'validation.numeric' }).min(-90).max(90),
  zoom: z.coerce.number({ error: 'validation.numeric' }).int().min(0).max(22),
  projectId: optionalId(),
  type: optional(z.string().trim().max(32)),
  activeState: optional(z.coerce.number().refine((v) => [-1, 0, 1].includes(v), 'validation.validParam')),
  /** With `projectId`: its child projects' devices too (the project map's switch, issue 13). */
  includeChildren: projectTreeQuery.shape.includeChildren,
});
/** The filters of GET /api/map/extent.do: the map opens fitted to these devices. */
export const mapExtentQuery = mapQuery.pick({ projectId: true, type: true, activeState: true, includeChildren: true });

// ── Production library (/api/biz/productionlib.do)
/**
 * What every list and answer shows instead of an item's key1 (a device's MQTT password): the key
 * itself is read one item at a time at edit level (GET …/{id}/key1). An update that sends the mask
 * back keeps the stored key.
 */
export const KEY1_MASK = '******';
export const productionItemBody = z.object({
  name: nameRule(1, 64),
  no: altCodeRule(1, 64),
  key1: z
    .string({ error: 'validation.key1Required' })
    .trim()
    .min(1, 'validation.key1Required')
    .max(128, msg('validation.tooLongMax', { count: 128 })),
  modelId: requiredId('validation.modelRequired'),
  projectId: requiredId('validation.projectRequired'),
  description: description(),
});
export const productionAutoBody = z.object({
  name: nameRule(1, 48),
  /** First number; the rest follow it (the trailing digits are incremented, zero-padded). */
  startNo: altCodeRule(1, 56),
  count: intRange(1, 10000),
  modelId: requiredId('validation.modelRequired'),
  projectId: requiredId('validation.projectRequired'),
  description: description(),
});
export const productionPageQuery = pageQuery.extend({
  status: z.enum(['all', 'idle', 'occupied']).optional().default('all'),
  projectId: optionalId(),
  modelId: optionalId(),
});
/** CSV columns of the import template, in order. */
export const PRODUCTION_CSV_COLUMNS = ['name', 'no', 'key1', 'modelNo', 'projectNo', 'description'] as const;
