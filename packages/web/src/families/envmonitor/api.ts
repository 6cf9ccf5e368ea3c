import { ENV_READINGS, type Page, type seriesOf } from '@sc/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Answer, ReadingDef, RegistrationAnswer } from '../../components/device';

/** Spec 001 §3 "Environment data": the readings in display order, with units. */
export type ReadingKey = (typeof ENV_READINGS)[number]['key'];
export const READING_KEYS: ReadingKey[] = ENV_READINGS.map((r) => r.key);
export const UNIT: Record<ReadingKey, string> = Object.fromEntries(ENV_READINGS.map((r) => [r.key, r.unit])) as Record<
  ReadingKey,
  string
>;

export type EnvReading = { at: string } & Partial<Record<ReadingKey, number | null>>;

export interface EnvDevice {
  id: number;
  name: string;
  no?: string;
  activeState: number;
  lastActiveAt: string | null;
  registered?: boolean;
  lng?: number | null;
  lat?: number | null;
  public?: boolean;
  /** The monitor's project, when the list includes child projects. */
  projectName?: string;
}

export interface EnvEntry {
  device: EnvDevice;
  readings: EnvReading[];
}

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
  const reading: EnvReading = { at };
  for (const key of READING_KEYS) {
    const v = values[key];
    reading[key] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return reading;
}

/** GET …/{id}/reports.do/series (contract `seriesOf(ENV_READINGS)`). */
export type EnvSeries = Answer<ReturnType<typeof seriesOf>>;

export const envKeys = {
  latest: (projectId: number, includeChildren = false) => ['envmonitors', projectId, 'latest', includeChildren],
};

export const envApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}/iot/envmonitor`;
  return {
    /** The latest `n` readings of every monitor of the project (and of its child projects, when asked). */
    latest: (n = 1, includeChildren = false) =>
      api.get<EnvEntry[]>(`${base}/reports.do/family/attempts/last/${n}`, {
        includeChildren: includeChildren || undefined,
      }),
    register: (id: number, registered: boolean) =>
      api.post<RegistrationAnswer>(`${base}/${id}/${registered ? 'register' : 'unregister'}`),
    page: (id: number, query: { from: string; to: string; page: number; pageSize: number }) =>
      api.get<Page<EnvReading>>(`${base}/${id}/reports.do`, query),
    series: (id: number, query: { from: string; to: string }) =>
      api.get<EnvSeries>(`${base}/${id}/reports.do/series`, query),
    exportPath: (id: number) => `${base}/${id}/reports.do/export`,
  };
};
