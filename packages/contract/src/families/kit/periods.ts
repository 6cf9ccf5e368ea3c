/** What is wrong with a period a search asks for: a message key with its parameters, null when right. */
export type PeriodError = { key: string; params?: Record<string, number> } | null;

/**
 * A search's period checked the one way every family words it: `from` before `to` (`<ns>.rules.periodOrder`),
 * at most `count` units of `unitMs` long (`<ns>.rules.periodTooLong` with `{ count }`). The server checks
 * it and the console's form before asking.
 */
export function periodLimitError(ns: string, from: Date, to: Date, count: number, unitMs: number): PeriodError {
  if (from >= to) return { key: `${ns}.rules.periodOrder` };
  if (to.getTime() - from.getTime() > count * unitMs) return { key: `${ns}.rules.periodTooLong`, params: { count } };
  return null;
}
