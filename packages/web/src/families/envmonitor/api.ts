import { type AnswerOf, ENV_API, ENV_READINGS } from '@sc/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clientOf } from '../../api/endpoints';
import type { ReadingDef } from '../../components/device';

/** Spec 001 §3 "Environment data": the readings in display order, with units. */
export type ReadingKey = (typeof ENV_READINGS)[number]['key'];
export const READING_KEYS: ReadingKey[] = ENV_READINGS.map((r) => r.key);
export const UNIT: Record<ReadingKey, string> = Object.fromEntries(ENV_READINGS.map((r) => [r.key, r.unit])) as Record<
  ReadingKey,
  string
>;

/** A monitor of the list with its latest readings (contract `ENV_API.family`). */
export type EnvEntry = AnswerOf<typeof ENV_API.family>[number];
export type EnvDevice = EnvEntry['device'];
/** A row of readings: the pick time and every reading (null when missing). */
export type EnvReading = EnvEntry['readings'][number];
/** A monitor of the public display with its latest reading (`ENV_API.publicLast`). */
export type PublicEntry = AnswerOf<typeof ENV_API.publicLast>;
export type PublicDevice = PublicEntry['device'];

/** The readings with their units and labels in the reader's language. */
export function useReadingDefs(keys: readonly ReadingKey[] = READING_KEYS): ReadingDef[] {
  const { t } = useTranslation();
  return useMemo(
    () => keys.map((key) => ({ key, unit: UNIT[key], label: t(`envmonitors.readings.${key}`) })),
    [keys, t],
  );
}

/** A telemetry push's values as a reading (keys the push lacks are empty, as the server stores them). */
export function readingOf(values: Record<string, unknown>, at: string): EnvReading {
  const reading: Record<string, number | string | null> = { at };
  for (const key of READING_KEYS) {
    const v = values[key];
    reading[key] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return reading as EnvReading;
}

/** GET …/{id}/reports.do/series. */
export type EnvSeries = AnswerOf<typeof ENV_API.series>;

/** Spec 001 §7 "envmonitor: register, reports": the calls of the contract's table, typed from it. */
export const envApi = (projectId: number) => {
  const calls = clientOf(ENV_API, { projectId });
  return {
    ...calls,
    /** The latest `n` readings of every monitor of the project (and of its child projects, when asked). */
    latest: (n = 1, includeChildren = false) =>
      calls.family({ n, query: { includeChildren: includeChildren || undefined } }),
    setRegistered: (id: number, registered: boolean) => (registered ? calls.register : calls.unregister)({ id }),
  };
};

/** The public display's calls (no sign-in, no project). */
export const publicEnvApi = () => clientOf(ENV_API, {});
