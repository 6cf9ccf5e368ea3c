import type { PlannedDevice } from '@sc/contract/demo';
import type { Place } from '../cycles.js';

export type Values = Record<string, number | string | boolean | null>;

export interface SimEvent {
  code: string | number;
  type: 'occur' | 'restore' | 'info';
  level: 'info' | 'warning' | 'alarm';
  detail?: Record<string, unknown>;
}

/** One simulated device (a gateway's child too): its plan, its place and its family's state. */
export interface SimDevice {
  plan: PlannedDevice;
  equipmentId: string;
  type: string;
  place: Place;
  registered: boolean;
  /** Silent (simulated outage) until this time, ms. */
  silentUntil: number;
  /** Next telemetry due, ms. */
  nextTelemetry: number;
  /** What the family keeps between readings (energy counters, fill levels, open alarms…). */
  state: Record<string, unknown>;
}

export interface CommandAnswer {
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface CommandContext {
  now: Date;
  /** Sends a reading of the device now; answers the values (null: the family sends none). */
  report(): Values | null;
  /** Drops the connection for `ms`, then reconnects (a gateway reboot). */
  reboot(ms: number): void;
  /** The children a gateway carries (empty for others). */
  children: readonly SimDevice[];
  /**
   * Runs a command on one of the gateway's children as its own family does (a gateway handing its lamps
   * the policies it keeps for them); absent where nothing runs the children (a lone device).
   */
  relay?(child: SimDevice, command: string, args: Record<string, unknown>): Promise<CommandAnswer>;
}

export type CommandHandler = (
  device: SimDevice,
  args: Record<string, unknown>,
  ctx: CommandContext,
) => CommandAnswer | Promise<CommandAnswer>;

/**
 * The device side of one family: readings, events and command answers. A new family is a new file
 * exporting one of these, listed in families/index.ts.
 */
export interface FamilySim {
  type: string;
  init?(device: SimDevice): void;
  /** A reading at `at`; null when the family only sends heartbeats. */
  telemetry?(device: SimDevice, at: Date): Values | null;
  /** Alarms that occur or are restored given the reading just taken. */
  events?(device: SimDevice, values: Values | null, at: Date): SimEvent[];
  commands?: Record<string, CommandHandler>;
  firmware?: string;
  /** Fields a carrier adds to its own readings from its children (a power-line gateway's `links`). */
  carrier?(device: SimDevice, children: readonly SimDevice[], at: Date): Record<string, unknown>;
}

/** An alarm that occurs past `on` and is restored below `off` (hysteresis), kept in device.state. */
export function threshold(
  device: SimDevice,
  code: string | number,
  value: number,
  on: number,
  off: number,
  detail: Record<string, unknown>,
): SimEvent[] {
  const key = `alarm:${code}`;
  const open = device.state[key] === true;
  if (!open && value > on) {
    device.state[key] = true;
    return [{ code, type: 'occur', level: 'alarm', detail }];
  }
  if (open && value < off) {
    device.state[key] = false;
    return [{ code, type: 'restore', level: 'alarm', detail }];
  }
  return [];
}

/**
 * A daily profile by (solar) hour as steps: `values[i]` before `until[i]`, the last value after the
 * last hour (a bin's fill rate, an AP's share of clients).
 */
export const hourSteps =
  (until: readonly number[], values: readonly number[]) =>
  (hour: number): number => {
    const i = until.findIndex((h) => hour < h);
    return values[i === -1 ? until.length : i] as number;
  };
