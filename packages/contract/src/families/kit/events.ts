import type { FamilyEvent } from './manifest.js';

/** The codes of a family's events. */
export type EventCode<E extends readonly FamilyEvent[]> = E[number]['code'];

/** The codes of a family's events, in their order. */
export const eventCodes = <const E extends readonly FamilyEvent[]>(events: E) =>
  events.map((e) => e.code) as readonly EventCode<E>[];

/** Events a device only reports (its log), each at level info, in this order. */
export const infoEvents = <const C extends readonly string[]>(...codes: C) =>
  codes.map((code) => ({ code, level: 'info' as const })) as { [I in keyof C]: { code: C[I]; level: 'info' } };

/**
 * What a field device tells of its own upkeep (docs/device-protocol.md): it restarted, its clock was
 * corrected, a firmware upgrade finished (`detail.version`, or why it failed). Cabinets and power-line
 * gateways end their events with these.
 */
export const UPKEEP_EVENTS = infoEvents('REBOOTED', 'TIME_CORRECTED', 'UPGRADE_RESULT');
