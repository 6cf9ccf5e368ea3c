import type { FamilyEvent } from './manifest.js';

/** The codes of a family's events. */
export type EventCode<E extends readonly FamilyEvent[]> = E[number]['code'];

/** The codes of a family's events, in their order. */
export const eventCodes = <const E extends readonly FamilyEvent[]>(events: E) =>
  events.map((e) => e.code) as readonly EventCode<E>[];

/** Events a device only reports (its log), each at level info, in this order. */
export const infoEvents = <const C extends readonly string[]>(...codes: C) =>
  codes.map((code) => ({ code, level: 'info' as const })) as { [I in keyof C]: { code: C[I]; level: 'info' } };
