import { devices } from '../../../db/schema/index.js';

/** What every family's lists and child rows show of a device: select it with `...DEVICE_COLUMNS`. */
export const DEVICE_COLUMNS = {
  id: devices.id,
  name: devices.name,
  no: devices.no,
  equipmentId: devices.equipmentId,
  activeState: devices.activeState,
  registered: devices.registered,
  lastActiveAt: devices.lastActiveAt,
} as const;

/** What a carrier's child rows show (the kit's children call, a group's lamps): the device and its type. */
export const CHILD_COLUMNS = { ...DEVICE_COLUMNS, type: devices.type } as const;

/** What the command bus needs of a device (with its parent's equipment id, joined as the caller's `parent`). */
export const TARGET_COLUMNS = {
  id: devices.id,
  projectId: devices.projectId,
  name: devices.name,
  equipmentId: devices.equipmentId,
  activeState: devices.activeState,
} as const;
