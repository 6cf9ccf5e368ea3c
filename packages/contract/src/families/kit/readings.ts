import type { FamilyReading } from './manifest.js';

/**
 * How a family writes its readings (docs/device-protocol.md): a key, a unit and the plausible range
 * (`max`, from 0; or `[min, max]`). A value outside it is kept out (null).
 */
export const reading = <const K extends string>(key: K, unit: string, range: number | readonly [number, number]) => {
  const [min, max] = typeof range === 'number' ? [0, range] : range;
  return { key, unit, min, max };
};

/** A share in % (0-100). */
export const percent = <const K extends string>(key: K) => reading(key, '%', 100);

/** A cumulative register (a meter's reading, hours since installation), stored at double precision. */
export const cumulative = <const K extends string>(key: K, unit: string, max: number) => ({
  ...reading(key, unit, max),
  register: true as const,
});

/** A quantity per interval (the energy since the previous message): rollups and long charts add it up. */
export const perInterval = <const K extends string>(key: K, unit: string, max: number) => ({
  ...reading(key, unit, max),
  sum: true as const,
});

/** One quantity on the three phases: `<key>A`, `<key>B` and `<key>C`. */
export const threePhase = <const K extends string>(key: K, unit: string, max: number) =>
  [reading(`${key}A`, unit, max), reading(`${key}B`, unit, max), reading(`${key}C`, unit, max)] as const;

/** The keys of a family's readings. */
export type ReadingKey<R extends readonly FamilyReading[]> = R[number]['key'];
