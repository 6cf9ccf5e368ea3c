import { z } from 'zod';
import { type EventCode, eventCodes, UPKEEP_EVENTS } from '../kit/events.js';
import type { FamilyEvent } from '../kit/manifest.js';
import { MTC_PHASES } from './schemas.js';

/**
 * Event codes of a cabinet (docs/device-protocol.md "Centralized controllers"). The spec names the
 * alarms (§3 alarm statuses, §5 thresholds) but gives no codes; these are ours. Alarms occur and
 * restore (`type`); the label of code C is `mtc.eventCodes.<C>` in both languages.
 */
export const MTC_EVENTS = [
  { code: 'CABLE_THEFT', level: 'alarm' },
  { code: 'OVER_CURRENT', level: 'alarm' },
  { code: 'UNDER_CURRENT', level: 'warning' },
  { code: 'OVER_VOLTAGE', level: 'alarm' },
  { code: 'UNDER_VOLTAGE', level: 'warning' },
  { code: 'LEAKAGE', level: 'alarm' },
  { code: 'OVER_TEMPERATURE', level: 'warning' },
  { code: 'PHASE_CURRENT_DIFF', level: 'warning' },
  { code: 'PHASE_VOLTAGE_DIFF', level: 'warning' },
  { code: 'DOOR_OPEN', level: 'alarm' },
  { code: 'CIRCUIT_SWITCHED', level: 'info' },
  { code: 'MODE_CHANGED', level: 'info' },
  ...UPKEEP_EVENTS,
] as const satisfies readonly FamilyEvent[];
export type MtcEventCode = EventCode<typeof MTC_EVENTS>;
export const MTC_EVENT_CODES = eventCodes(MTC_EVENTS);

/** The event code of each alarm kind (alarm statuses and thresholds, schemas.ts). */
export const MTC_ALARM_EVENT = {
  cableTheft: 'CABLE_THEFT',
  overCurrent: 'OVER_CURRENT',
  underCurrent: 'UNDER_CURRENT',
  overVoltage: 'OVER_VOLTAGE',
  underVoltage: 'UNDER_VOLTAGE',
  leakage: 'LEAKAGE',
  temperature: 'OVER_TEMPERATURE',
  phaseCurrentDiff: 'PHASE_CURRENT_DIFF',
  phaseVoltageDiff: 'PHASE_VOLTAGE_DIFF',
  door: 'DOOR_OPEN',
} as const satisfies Record<string, MtcEventCode>;

/** What a cabinet's event carries in `detail`. */
export const mtcEventDetail = z.object({
  /** The circuit it concerns (cable theft, switching). */
  circuit: z.number().int().optional(),
  phase: z.enum(MTC_PHASES).optional(),
  /** The measured value and the threshold it crossed (units of the threshold). */
  value: z.number().optional(),
  threshold: z.number().optional(),
  /** CIRCUIT_SWITCHED: on or off; by hand or by a policy. */
  on: z.boolean().optional(),
  trigger: z.enum(['manual', 'policy']).optional(),
  /** UPGRADE_RESULT: the version now running, or why it failed. */
  version: z.string().optional(),
  ok: z.boolean().optional(),
  error: z.string().optional(),
});
export type MtcEventDetail = z.infer<typeof mtcEventDetail>;
