import type { Place } from '../cycles.js';
import type { CommandContext, FamilySim, SimDevice, Values } from './types.js';

/** Where the families' tests put a device unless they say otherwise (Beijing, mid-way in its district). */
export const TEST_PLACE: Place = { lng: 116.4, lat: 39.9, offset: 0.5 };

/**
 * A simulated device as the fleet builds one, for a family's tests: its planned properties (district 0,
 * under `parentEquipmentId` when given) at `place`, registered and due now. `family.init` runs when given.
 */
export function simDevice(
  type: string,
  equipmentId: string,
  options: { props?: Record<string, unknown>; place?: Place; parent?: string | null; family?: FamilySim } = {},
): SimDevice {
  const device = {
    plan: { no: equipmentId, props: options.props ?? {}, district: 0, parentEquipmentId: options.parent ?? null },
    equipmentId,
    type,
    place: options.place ?? TEST_PLACE,
    registered: true,
    silentUntil: 0,
    nextTelemetry: 0,
    state: {},
  } as unknown as SimDevice;
  options.family?.init?.(device);
  return device;
}

/** What a command handler is given at `now`: `report` sends the family's reading, the children a carrier's. */
export const commandContext = (
  now: Date,
  report: () => Values | null = () => null,
  children: readonly SimDevice[] = [],
): CommandContext => ({ now, report, reboot: () => {}, children });

/** A local (UTC+8) date's minute as an instant. */
export const localMinute = (date: string, minute: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 8 * 3_600_000 + minute * 60_000);
