import { z } from 'zod';
import { isoTimeAnswer, pageAnswer } from './paging.js';
import { DEVICE_LIST_FIELDS } from './registry.js';

/** Answers of the registry: base data (/api/bas), areas, groups, devices, production library, map. */

const id = () => z.number().int();
const nullableId = () => z.number().int().nullable();

// ── Device types, factories, models (/api/bas and the project's read-only lists)
export const deviceTypeView = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  builtin: z.boolean(),
  /** URL of the icon (with a version for caching), or null. */
  icon: z.string().nullable(),
  deviceCount: z.number().int(),
  createdAt: isoTimeAnswer,
});
export type DeviceTypeView = z.infer<typeof deviceTypeView>;
export const deviceTypeList = z.array(deviceTypeView);
export const deviceTypePage = pageAnswer(deviceTypeView);

export const deviceFactoryView = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  description: z.string(),
  projectId: nullableId(),
  projectName: z.string().nullable(),
  builtin: z.boolean(),
  modelCount: z.number().int(),
  createdAt: isoTimeAnswer,
});
export type DeviceFactoryView = z.infer<typeof deviceFactoryView>;
export const deviceFactoryList = z.array(deviceFactoryView);
export const deviceFactoryPage = pageAnswer(deviceFactoryView);

export const deviceModelView = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  factoryId: id(),
  factoryName: z.string(),
  typeNo: z.string(),
  typeName: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  deviceCount: z.number().int(),
  createdAt: isoTimeAnswer,
});
export type DeviceModelView = z.infer<typeof deviceModelView>;
export const deviceModelList = z.array(deviceModelView);
export const deviceModelPage = pageAnswer(deviceModelView);

/** GET /api/bas/mediatypes.do */
export const mediaTypeList = z.array(z.object({ code: z.string(), name: z.string() }));
/** GET /api/bas/layoutunits.do */
export const layoutUnitList = z.array(z.object({ code: z.string(), value: z.number(), name: z.string() }));

// ── Areas and groups
export const deviceAreaView = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  projectId: id(),
  projectName: z.string(),
  description: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  groupCount: z.number().int(),
  deviceCount: z.number().int(),
  createdAt: isoTimeAnswer,
});
export type DeviceAreaView = z.infer<typeof deviceAreaView>;
export const deviceAreaList = z.array(deviceAreaView);
export const deviceAreaPage = pageAnswer(deviceAreaView);

export const deviceGroupView = deviceAreaView.omit({ groupCount: true }).extend({
  areaId: nullableId(),
  areaName: z.string().nullable(),
  activeState: z.number().int(),
  activeForcedAt: isoTimeAnswer.nullable(),
});
export type DeviceGroupView = z.infer<typeof deviceGroupView>;
export const deviceGroupList = z.array(deviceGroupView);
export const deviceGroupPage = pageAnswer(deviceGroupView);

// ── Devices
export const deviceView = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  type: z.string(),
  typeName: z.string(),
  modelId: nullableId(),
  modelName: z.string().nullable(),
  modelNo: z.string().nullable(),
  factoryId: nullableId(),
  factoryName: z.string().nullable(),
  projectId: id(),
  projectName: z.string(),
  areaId: nullableId(),
  areaName: z.string().nullable(),
  groupId: nullableId(),
  groupName: z.string().nullable(),
  parentId: nullableId(),
  parentName: z.string().nullable(),
  activeState: z.number().int(),
  activeForcedAt: isoTimeAnswer.nullable(),
  lastActiveAt: isoTimeAnswer.nullable(),
  registered: z.boolean(),
  description: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  equipmentId: z.string().nullable(),
  communicateAddress: z.string(),
  imei: z.string(),
  imsi: z.string(),
  ip: z.string(),
  submask: z.string(),
  gateway: z.string(),
  port: z.number().int().nullable(),
  rtspPort: z.number().int().nullable(),
  minPort: z.number().int().nullable(),
  maxPort: z.number().int().nullable(),
  mac: z.string(),
  loginAccount: z.string(),
  /** Whether a login password is stored (the password itself is never answered). */
  hasLoginPassword: z.boolean(),
  alias: z.string(),
  modbusAddress: z.number().int().nullable(),
  channelNo: z.number().int().nullable(),
  protocolVersion: z.number().int(),
  productionName: z.string(),
  productionNo: z.string(),
  props: z.record(z.string(), z.unknown()),
  createdAt: isoTimeAnswer,
  updatedAt: isoTimeAnswer,
});
export type DeviceView = z.infer<typeof deviceView>;
export const deviceList = z.array(deviceView);

/** What a device list page answers per device (DEVICE_LIST_FIELDS): the list views' columns. */
export const deviceListItem = deviceView.pick(
  Object.fromEntries(DEVICE_LIST_FIELDS.map((key) => [key, true])) as {
    [K in (typeof DEVICE_LIST_FIELDS)[number]]: true;
  },
);
export type DeviceListItem = z.infer<typeof deviceListItem>;
export const deviceListPage = pageAnswer(deviceListItem);

/** A device picker's rows (GET /api/biz/devices.do). */
export const deviceOptionList = z.array(z.object({ id: id(), name: z.string(), no: z.string(), type: z.string() }));

/** GET …/devices.do/{id}/active */
export const deviceActiveView = z.object({
  id: id(),
  activeState: z.number().int(),
  activeForcedAt: isoTimeAnswer.nullable(),
  lastActiveAt: isoTimeAnswer.nullable(),
});

/** Models a project may give a device of one type (GET …/devices.do/types/{type}/models). */
export const deviceTypeModelList = z.array(
  z.object({
    id: id(),
    name: z.string(),
    no: z.string(),
    typeNo: z.string(),
    factoryId: id(),
    factoryName: z.string(),
  }),
);

// ── Production library
export const productionItemView = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  /** Masked (KEY1_MASK) in every list and answer; GET …/{id}/key1 reads it. */
  key1: z.string(),
  modelId: id(),
  modelName: z.string(),
  projectId: id(),
  projectName: z.string(),
  description: z.string(),
  status: z.number().int(),
  occupiedProjectId: nullableId(),
  occupiedProjectName: z.string().nullable(),
  occupiedDeviceId: nullableId(),
  occupiedDeviceName: z.string().nullable(),
  occupiedAt: isoTimeAnswer.nullable(),
  createdAt: isoTimeAnswer,
});
export type ProductionItemView = z.infer<typeof productionItemView>;
export const productionItemPage = pageAnswer(productionItemView);
export const productionKey1 = z.object({ key1: z.string() });
export const productionAutoResult = z.object({ created: z.number().int(), firstNo: z.string(), lastNo: z.string() });
export const productionImportResult = z.object({
  imported: z.number().int(),
  /** When anything is wrong nothing is imported and every bad line is listed (1-based, header is 1). */
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
});
export type ProductionImportResult = z.infer<typeof productionImportResult>;

// ── Map (/map/bizindex)
/** The box holding every located device in scope, or only the count 0 when there is none. */
export const mapExtent = z.union([
  z.object({ count: z.literal(0) }),
  z.object({ count: z.number().int(), west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
]);
export type MapExtent = z.infer<typeof mapExtent>;
/** One device as the map draws it: [id, lat, lng, index into `types`, active state (-1, 0, 1)]. */
export const mapPoint = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
export type MapPoint = z.infer<typeof mapPoint>;
/** A cluster as the map draws it: [lat, lng, count, error, unknown, active]. */
export const mapClusterTuple = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]);
export type MapClusterTuple = z.infer<typeof mapClusterTuple>;
/**
 * A pole as the map draws it: [group id, lat, lng, count, worst state (-1 abnormal, 0 unknown, 1 all
 * normal)]. A pole is a device group whose located devices all stand within 15 m of their centre.
 */
export const mapPoleTuple = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
export type MapPoleTuple = z.infer<typeof mapPoleTuple>;
/**
 * GET /api/map/view.do: what the map draws for a box and zoom, compactly. Every device in the box is
 * either a point, counted in a cluster or counted on its pole; nothing is cut.
 */
export const mapView = z.object({
  types: z.array(z.string()),
  points: z.array(mapPoint),
  clusters: z.array(mapClusterTuple),
  /** Poles, each one marker for its devices (which are then neither points nor in a cluster). */
  poles: z.array(mapPoleTuple).optional(),
});
export type MapView = z.infer<typeof mapView>;
export const mapCluster = z.object({
  /** Present when the cluster is a single device. */
  id: id().optional(),
  lng: z.number(),
  lat: z.number(),
  count: z.number().int(),
  /** Counts by active state, for the cluster's colour. */
  states: z.object({ error: z.number().int(), unknown: z.number().int(), active: z.number().int() }),
  name: z.string().optional(),
  type: z.string().optional(),
});
export type MapCluster = z.infer<typeof mapCluster>;
export const mapClusterList = z.array(mapCluster);
/** GET /api/map/poles.do/{groupId}/summary: the popup of a pole on the map. */
export const mapPoleSummary = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  projectId: id(),
  projectName: z.string(),
  /** Every device of the pole (located or not), by type and name. */
  devices: z.array(z.object({ id: id(), name: z.string(), type: z.string(), activeState: z.number().int() })),
});
export type MapPoleSummary = z.infer<typeof mapPoleSummary>;
/** GET /api/map/devices.do/{id}/summary: the popup of a device on the map. */
export const mapDeviceSummary = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  type: z.string(),
  typeName: z.string(),
  modelName: z.string().nullable(),
  activeState: z.number().int(),
  lastActiveAt: isoTimeAnswer.nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  projectId: id(),
  projectName: z.string(),
  areaName: z.string().nullable(),
  groupName: z.string().nullable(),
  /** The console route that edits the device. */
  link: z.string(),
});
export type MapDeviceSummary = z.infer<typeof mapDeviceSummary>;
