import type { FamilyEvent } from './manifest.js';

/** The codes of a family's events. */
export type EventCode<E extends readonly FamilyEvent[]> = E[number]['code'];

/** The codes of a family's events, in their order. */
export const eventCodes = <const E extends readonly FamilyEvent[]>(events: E) =>
  events.map((e) => e.code) as readonly EventCode<E>[];
