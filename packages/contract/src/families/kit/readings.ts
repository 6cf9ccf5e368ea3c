import type { FamilyReading } from './manifest.js';

/**
 * How a family writes its readings (docs/device-protocol.md): a key, a unit and the plausible range
 * (`max`, from 0; or `[min, max]`), a value outside it kept out (null); `kind` marks a quantity per
 * interval (`{ sum: true }`: the energy since the previous message, added up by rollups and long charts)
 * or a cumulative register (`{ register: true }`: a meter's reading, stored at double precision).
 */
export const reading = <
  const K extends string,
  const Kind extends { sum: true } | { register: true } | object = object,
>(
  key: K,
  unit: string,
  range: number | readonly [number, number],
  kind?: Kind,
) => {
  const [min, max] = typeof range === 'number' ? [0, range] : range;
  return { key, unit, min, max, ...(kind as Kind) };
};

/** A share in % (0-100). */
export const percent = <const K extends string>(key: K) => reading(key, '%', 100);

/** One quantity on the three phases: `<key>A`, `<key>B` and `<key>C`. */
export const threePhase = <const K extends string>(key: K, unit: string, max: number) =>
  [reading(`${key}A`, unit, max), reading(`${key}B`, unit, max), reading(`${key}C`, unit, max)] as const;

/** The keys of a family's readings. */
export type ReadingKey<R extends readonly FamilyReading[]> = R[number]['key'];
