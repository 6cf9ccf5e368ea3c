import { z } from 'zod';
import { handledWork } from './alarm-work.js';
import { BILL_STATUSES, DETAIL_STATUSES } from './maintenance.js';
import { isoTimeAnswer, pageAnswer } from './paging.js';

/** Answers of the work orders (spec 001 §7 "Maintenance", /api/pjts/{projectId}/maintenance.do). */

const id = () => z.number().int();
const count = () => z.number().int();
const billStatus = z.literal(BILL_STATUSES);
const detailStatus = z.literal(DETAIL_STATUSES);

export const maintenanceMessageView = z.object({
  id: id(),
  /** The device line it is on; null on the order's header. */
  detailId: id().nullable(),
  senderName: z.string(),
  content: z.string(),
  createdAt: isoTimeAnswer,
});
export type MaintenanceMessageView = z.infer<typeof maintenanceMessageView>;

/** One device of an order, with how it was handled and the alarm that called for it. */
export const maintenanceDetailView = z.object({
  id: id(),
  billId: id(),
  deviceId: id(),
  deviceName: z.string(),
  deviceNo: z.string(),
  deviceType: z.string(),
  groupId: id().nullable(),
  groupName: z.string().nullable(),
  handleStatus: detailStatus,
  note: z.string(),
  handlerName: z.string().nullable(),
  handledAt: isoTimeAnswer.nullable(),
  alarmCode: z.string().nullable(),
  alarmAt: isoTimeAnswer.nullable(),
  hasPhoto: z.boolean(),
  createdAt: isoTimeAnswer,
});
export type MaintenanceDetailView = z.infer<typeof maintenanceDetailView>;

export const maintenanceBillView = z.object({
  id: id(),
  no: z.string(),
  title: z.string(),
  projectId: id(),
  projectName: z.string(),
  creatorName: z.string(),
  billDate: isoTimeAnswer,
  status: billStatus,
  /** Completed details and all details (the progress column). */
  completed: count(),
  total: count(),
  approverName: z.string().nullable(),
  approvedAt: isoTimeAnswer.nullable(),
  modifierName: z.string().nullable(),
  updatedAt: isoTimeAnswer,
});
export type MaintenanceBillView = z.infer<typeof maintenanceBillView>;
export const maintenanceBillPage = pageAnswer(maintenanceBillView);

/** An order with its devices and messages, and the device cap setting (the answer of every change). */
export const maintenanceBillFull = maintenanceBillView.extend({
  details: z.array(maintenanceDetailView),
  messages: z.array(maintenanceMessageView),
  deviceCap: count(),
});
export type MaintenanceBillFull = z.infer<typeof maintenanceBillFull>;

/** Deletes and approvals of several orders: how many it took. */
export const maintenanceCountAnswer = z.object({ ok: z.literal(true), count: count() });

/** The same message on several orders: the order when one, else how many. */
export const maintenanceMessagesAnswer = z.union([maintenanceBillFull, maintenanceCountAnswer]);

/** One line of a device's maintenance history (GET devices/{id}/pages). */
export const deviceMaintenanceRow = maintenanceDetailView.extend({
  billNo: z.string(),
  billTitle: z.string(),
  billStatus,
});
export type DeviceMaintenanceRow = z.infer<typeof deviceMaintenanceRow>;
export const deviceMaintenancePage = pageAnswer(deviceMaintenanceRow);

/** One pole (device group) in one bill (GET pole/pages). */
export const poleOrderRow = z.object({
  billId: id(),
  billNo: z.string(),
  billTitle: z.string(),
  billStatus,
  billDate: isoTimeAnswer,
  groupId: id(),
  groupName: z.string(),
  total: count(),
  completed: count(),
  abandoned: count(),
  pending: count(),
  /** in process, finished or denied (spec 001 §4 group filter). */
  state: z.enum(['process', 'finished', 'denied']),
});
export type PoleOrderRow = z.infer<typeof poleOrderRow>;
export const poleOrderPage = pageAnswer(poleOrderRow);

/** A device on a pole: its live state and last alarm, with the work order that completed that alarm. */
export const maintenancePoleDevice = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  type: z.string(),
  activeState: z.number().int(),
  alarmCode: z.string().nullable(),
  alarmAt: isoTimeAnswer.nullable(),
  alarmType: z.string().nullable(),
  handled: handledWork.nullable(),
});
export type MaintenancePoleDevice = z.infer<typeof maintenancePoleDevice>;

/** GET devices/located: a located device of the project, for picking on the editor's map. */
export const maintenanceMapDevice = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  type: z.string(),
  lng: z.number(),
  lat: z.number(),
  activeState: z.number().int(),
});
export type MaintenanceMapDevice = z.infer<typeof maintenanceMapDevice>;
export const maintenanceMapDevices = z.array(maintenanceMapDevice);

/** GET poles/{groupId}: a pole (device group) and every device on it. */
export const maintenancePole = z.object({
  id: id(),
  name: z.string(),
  no: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  devices: z.array(maintenancePoleDevice),
});
export type MaintenancePole = z.infer<typeof maintenancePole>;

/** The maintenance unit of the project dashboard: open, in-process, finished and canceled bills. */
export const maintenanceCounts = z.object({
  open: count(),
  inProcess: count(),
  finished: count(),
  canceled: count(),
});
export type MaintenanceCounts = z.infer<typeof maintenanceCounts>;
