import type { DeviceView, TotalsUnit } from '@sc/contract';
import {
  WHM_COMMANDS,
  WHM_READINGS,
  type WHM_RESPONSES,
  type WhmReadingKey,
  whmManifest,
} from '@sc/contract/families/whm';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Answer, CommandAnswer, DeviceEvent, ReadingDef, RegistrationAnswer } from '../../components/device';

export { WHM_COMMANDS, WHM_READINGS, type WhmReadingKey };
/** The meters' device type (telemetry pushes of other families are ignored). */
export const WHM_TYPE = whmManifest.type;
export const LIST_PAGE = '/pjt/pjtdevicewhmlist';
export const DEVICE_PAGE = '/pjt/pjtdevicewhm';

/** Answers of the meter calls, typed from the contract's response schemas. */
export type WhmPage = Answer<typeof WHM_RESPONSES.page>;
export type WhmMeter = WhmPage['list'][number];
export type WhmReadingsPage = Answer<typeof WHM_RESPONSES.readings>;
export type WhmReading = WhmReadingsPage['list'][number];
export type WhmSeries = Answer<typeof WHM_RESPONSES.series>;
export type WhmConfig = Answer<typeof WHM_RESPONSES.config>;
export type WhmConfigSaved = Answer<typeof WHM_RESPONSES.configSaved>;
export type WhmInUse = Answer<typeof WHM_RESPONSES.inUse>;
export type WhmTotals = Answer<typeof WHM_RESPONSES.totals>;

export interface WhmFilters {
  keyword: string;
}

/** The readings with their units and labels in the reader's language. */
export function useWhmReadings(keys: readonly WhmReadingKey[] = WHM_READINGS.map((r) => r.key)): ReadingDef[] {
  const { t } = useTranslation();
  return useMemo(
    () =>
      keys.map((key) => ({
        key,
        unit: WHM_READINGS.find((r) => r.key === key)!.unit,
        label: t(`whm.readings.${key}`),
      })),
    [keys, t],
  );
}

export const whmKeys = {
  list: (projectId: number) => ['whm', projectId, 'list'],
  one: (projectId: number, id: number) => ['whm', projectId, 'one', id],
  config: (projectId: number, id: number) => ['whm', projectId, 'config', id],
  events: (projectId: number, id: number) => ['whm', projectId, 'events', id],
  readings: (projectId: number, id: number) => ['whm', projectId, 'readings', id],
  totals: (projectId: number) => ['whm', projectId, 'totals'],
};

/** Spec 001 §7 "whm: config, realdata, inuse, logs" under /api/pjts/{projectId}/iot/whm/. */
export const whmApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}/iot/whm`;
  return {
    page: (query: { page: number; pageSize: number; keyword?: string; inUse?: boolean; includeChildren?: boolean }) =>
      api.get<WhmPage>(`${base}/pages`, query),
    one: (id: number) =>
      api.get<DeviceView>(`/api/pjts/${projectId}/devices.do/one/${id}`, undefined, { silent: true }),
    register: (id: number, registered: boolean) =>
      api.post<RegistrationAnswer>(`${base}/${id}/${registered ? 'register' : 'unregister'}`),
    /** Silent: the command bar shows the server's message (offline, silent meter). */
    command: (id: number, command: string) =>
      api.post<CommandAnswer>(`${base}/${id}/${command}`, undefined, { silent: true }),
    config: (id: number) => api.get<WhmConfig>(`${base}/${id}/config`),
    saveConfig: (id: number, body: { peripheralIndex: number; pickInterval: number }) =>
      api.put<WhmConfigSaved>(`${base}/${id}/config`, body, { silent: true }),
    setInUse: (id: number, inUse: boolean) => api.put<WhmInUse>(`${base}/${id}/inuse`, { inUse }),
    events: (id: number, page: number, pageSize: number) =>
      api.get<Answer<typeof WHM_RESPONSES.events> & { list: DeviceEvent[] }>(`${base}/${id}/events`, {
        page,
        pageSize,
      }),
    readings: (id: number, query: { from: string; to: string; page: number; pageSize: number }) =>
      api.get<WhmReadingsPage>(`${base}/${id}/reports.do`, query),
    series: (id: number, query: { from: string; to: string }) =>
      api.get<WhmSeries>(`${base}/${id}/reports.do/series`, query),
    exportPath: (id: number) => `${base}/${id}/reports.do/export`,
    /** The project's consumption per day, month or year (the meters' energy increments added up). */
    totals: (query: { unit: TotalsUnit; from: string; to: string }) => api.get<WhmTotals>(`${base}/totals`, query),
  };
};
