import type { DeviceView, Page } from '@sc/contract';
import type { IllumConfig, IllumGroup, IllumGroupOption, IllumSensor } from '@sc/contract/families/illum';
import { api } from '../../api/client';
import type { ChildDevice, CommandAnswer, DeviceEvent, RegistrationAnswer } from '../../components/device';

export type { IllumGroup, IllumGroupOption, IllumSensor };

/** PUT …/config and …/inuse: what is stored and whether the connected sensor was told. */
export type ConfigSaved = IllumConfig & { delivered: boolean };
/** A lamp controller that follows a sensor, with its group. */
export type IllumLamp = ChildDevice & {
  groupId: number;
  groupName: string;
};
export interface GroupOptions {
  gateways: IllumGroupOption[];
  sensors: IllumGroupOption[];
  lamps: IllumGroupOption[];
}
export interface SeriesAnswer {
  resolution: 'raw' | 'hour' | 'day';
  bucketSeconds: number;
  points: ({ at: string } & Record<string, number | null>)[];
}

export const illumKeys = {
  sensors: (projectId: number) => ['illum', projectId, 'sensors'],
  one: (projectId: number, id: number) => ['illum', projectId, 'one', id],
  config: (projectId: number, id: number) => ['illum', projectId, 'config', id],
  lamps: (projectId: number, id: number) => ['illum', projectId, 'lamps', id],
  events: (projectId: number, id: number) => ['illum', projectId, 'events', id],
  series: (projectId: number, id: number) => ['illum', projectId, 'series', id],
  options: (projectId: number) => ['illum', projectId, 'group-options'],
};

/** Calls of spec 001 §7 "illum" under /api/pjts/{projectId}/iot/illum, typed from the contract's answers. */
export const illumApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}/iot/illum`;
  return {
    base,
    groupsBase: `${base}/groups`,
    sensors: (page: number, pageSize: number, keyword: string, includeChildren = false) =>
      api.get<Page<IllumSensor>>(`${base}/pages`, {
        page,
        pageSize,
        keyword,
        includeChildren: includeChildren || undefined,
      }),
    one: (id: number) =>
      api.get<DeviceView>(`/api/pjts/${projectId}/devices.do/one/${id}`, undefined, { silent: true }),
    config: (id: number) => api.get<IllumConfig>(`${base}/${id}/config`),
    /** Silent: the form shows the field messages. */
    setConfig: (id: number, body: { threshold: number; peripheralIndex?: number | null }) =>
      api.put<ConfigSaved>(
        `${base}/${id}/config`,
        { threshold: body.threshold, peripheralIndex: body.peripheralIndex ?? '' },
        { silent: true },
      ),
    setInuse: (id: number, enabled: boolean) => api.put<ConfigSaved>(`${base}/${id}/inuse`, { enabled }),
    register: (id: number, registered: boolean) =>
      api.post<RegistrationAnswer>(`${base}/${id}/${registered ? 'register' : 'unregister'}`),
    /** Silent: the page shows the server's reason (offline, silent sensor) beside the button. */
    realdata: (id: number) => api.post<CommandAnswer>(`${base}/${id}/realdata`, undefined, { silent: true }),
    lamps: (id: number) => api.get<IllumLamp[]>(`${base}/${id}/lamps`),
    events: (id: number, page: number, pageSize: number) =>
      api.get<Page<DeviceEvent>>(`${base}/${id}/events`, { page, pageSize }),
    series: (id: number, from: string, to: string) =>
      api.get<SeriesAnswer>(`${base}/${id}/reports.do/series`, { from, to }),
    groupOptions: () => api.get<GroupOptions>(`${base}/groups/options`),
  };
};
