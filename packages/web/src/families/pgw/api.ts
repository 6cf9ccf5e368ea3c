import type { DeviceView, Page } from '@sc/contract';
import type {
  PgwConfig,
  PgwConfigBody,
  PgwGateway,
  PgwLamp,
  PgwLampOption,
  PgwRuntime,
} from '@sc/contract/families/pgw';
import { api } from '../../api/client';
import type { CommandAnswer, DeviceEvent, RegistrationAnswer } from '../../components/device';

export type { PgwConfig, PgwGateway, PgwLamp, PgwLampOption, PgwRuntime };

/** PUT …/config: what is stored and whether the connected gateway was told. */
export type ConfigSaved = PgwConfig & { delivered: boolean };
/** POST / DELETE …/lamps: how many changed and whether the connected gateway was told. */
export interface LampsChanged {
  changed: number;
  delivered: boolean;
}

export const pgwKeys = {
  list: (projectId: number) => ['pgw', projectId, 'list'],
  one: (projectId: number, id: number) => ['pgw', projectId, 'one', id],
  lamps: (projectId: number, id: number) => ['pgw', projectId, 'lamps', id],
  options: (projectId: number, id: number) => ['pgw', projectId, 'lamp-options', id],
  config: (projectId: number, id: number) => ['pgw', projectId, 'config', id],
  events: (projectId: number, id: number) => ['pgw', projectId, 'events', id],
};

/** Calls of spec 001 §7 "pgw" under /api/pjts/{projectId}/iot/pgw, typed from the contract's answers. */
export const pgwApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}/iot/pgw`;
  return {
    base,
    gateways: (page: number, pageSize: number, keyword: string, includeChildren = false) =>
      api.get<Page<PgwGateway>>(`${base}/pages`, {
        page,
        pageSize,
        keyword,
        includeChildren: includeChildren || undefined,
      }),
    one: (id: number) =>
      api.get<DeviceView>(`/api/pjts/${projectId}/devices.do/one/${id}`, undefined, { silent: true }),
    register: (id: number, registered: boolean) =>
      api.post<RegistrationAnswer>(`${base}/${id}/${registered ? 'register' : 'unregister'}`),
    /** Silent: the page shows the server's reason (offline, silent gateway) beside the buttons. */
    command: (id: number, command: string) =>
      api.post<CommandAnswer>(`${base}/${id}/${command}`, undefined, { silent: true }),
    lamps: (id: number) => api.get<PgwLamp[]>(`${base}/${id}/lamps`),
    lampOptions: (id: number) => api.get<PgwLampOption[]>(`${base}/${id}/lamps/options`),
    addLamps: (id: number, childIds: number[]) =>
      api.post<LampsChanged>(`${base}/${id}/lamps`, { childIds: childIds.join(',') }),
    removeLamps: (id: number, childIds: number[]) =>
      api.delete<LampsChanged>(`${base}/${id}/lamps`, { childIds: childIds.join(',') }),
    /** Silent: the card shows the server's reason (offline, silent gateway). */
    runtime: (id: number) => api.post<PgwRuntime>(`${base}/${id}/runtime`, undefined, { silent: true }),
    config: (id: number) => api.get<PgwConfig>(`${base}/${id}/config`),
    /** Silent: the form shows the field messages. */
    setConfig: (id: number, body: PgwConfigBody) =>
      api.put<ConfigSaved>(`${base}/${id}/config`, body, { silent: true }),
    events: (id: number, page: number, pageSize: number) =>
      api.get<Page<DeviceEvent>>(`${base}/${id}/events`, { page, pageSize }),
  };
};
