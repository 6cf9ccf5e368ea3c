import { z } from 'zod';
import { type EventCode, eventCodes } from '../kit/events.js';
import type { FamilyEvent } from '../kit/manifest.js';

/**
 * Lamp event codes of spec 001 §3, in the spec's order. The spec lists the codes (14-23, 28, 36, 37, 51,
 * 52, 99, 1001-1015) and the labels in order without pairing them beyond that; the pairing below keeps
 * both orders (19 stays "lamp fault", as the simulator and older firmware send it) and names the codes
 * the spec leaves unlabelled after the alarm-config values they belong to (docs/device-protocol.md).
 * The label of code C is `lighting.eventCodes.<C>` in both languages.
 */
export const LIGHTING_EVENTS = [
  { code: '14', level: 'warning' }, // abnormal state
  { code: '15', level: 'info' }, // normal on/off
  { code: '16', level: 'alarm' }, // over current
  { code: '17', level: 'warning' }, // under current
  { code: '18', level: 'alarm' }, // capacitor fault
  { code: '19', level: 'alarm' }, // lamp fault
  { code: '20', level: 'alarm' }, // fuse fault
  { code: '21', level: 'info' }, // time sync result
  { code: '22', level: 'alarm' }, // pole leakage
  { code: '23', level: 'alarm' }, // lightning protection failure
  { code: '28', level: 'info' }, // upgrade result
  { code: '36', level: 'info' }, // status change
  { code: '37', level: 'alarm' }, // communication fault
  { code: '51', level: 'info' }, // on
  { code: '52', level: 'info' }, // off
  { code: '99', level: 'info' }, // dim
  { code: '1001', level: 'info' }, // restart
  { code: '1002', level: 'alarm' }, // hardware fault
  { code: '1003', level: 'warning' }, // over voltage
  { code: '1004', level: 'warning' }, // under voltage
  { code: '1005', level: 'alarm' }, // over leakage
  { code: '1006', level: 'alarm' }, // switching abnormal
  { code: '1007', level: 'warning' }, // tilt
  { code: '1008', level: 'warning' }, // over temperature
  { code: '1009', level: 'alarm' }, // over current (alarm config)
  { code: '1010', level: 'warning' }, // under current (alarm config)
  { code: '1011', level: 'warning' }, // lamp life reached
  { code: '1012', level: 'warning' }, // fatigue threshold reached
  { code: '1013', level: 'warning' }, // clock drift
  { code: '1014', level: 'warning' }, // no matching policy
  { code: '1015', level: 'alarm' }, // channel fault
] as const satisfies readonly FamilyEvent[];

export type LightingEventCode = EventCode<typeof LIGHTING_EVENTS>;
export const LIGHTING_EVENT_CODES = eventCodes(LIGHTING_EVENTS);

/** Well-known codes the server and simulator name. */
export const LIGHTING_EVENT = {
  overCurrent: '16',
  lampFault: '19',
  communicationFault: '37',
  on: '51',
  off: '52',
  dim: '99',
  restart: '1001',
  noPolicy: '1014',
} as const;

/** Event type of spec 001 §3: an alarm occurs, then restores. */
export const LIGHTING_EVENT_TYPES = ['occur', 'restore'] as const;
/** Trigger type of spec 001 §3 (`lighting.triggerTypes.<t>`). */
export const LIGHTING_TRIGGER_TYPES = ['none', 'manual', 'policy', 'other'] as const;
/** Trigger detail of spec 001 §3 (`lighting.triggerDetails.<d>`). */
export const LIGHTING_TRIGGER_DETAILS = [
  'ambientBrightness',
  'delaySwitch',
  'tilt',
  'voltage',
  'current',
  'leakage',
] as const;

/** What a lamp's event carries in `detail` (device-protocol.md). */
export const lightingEventDetail = z.object({
  triggerType: z.enum(LIGHTING_TRIGGER_TYPES).optional(),
  triggerDetail: z.enum(LIGHTING_TRIGGER_DETAILS).optional(),
  channel: z.number().int().optional(),
  /** The measured value that raised it (mA, V, °, …) when there is one. */
  value: z.number().optional(),
});
export type LightingEventDetail = z.infer<typeof lightingEventDetail>;
