import type { Page } from '@sc/contract';
import type {
  MtcAlarmConfig,
  MtcComm,
  MtcConfig,
  MtcPeripherals,
  MtcPolicyBody,
  mtcAlarmConfigResponse,
  mtcCommResponse,
  mtcConfigResponse,
  mtcLocationResponse,
  mtcPeripheralsResponse,
  mtcPolicyRow,
  mtcPolicyUseResult,
  mtcRow,
  mtcRuntime,
  mtcSchedulePreview,
  mtcUpgrade,
} from '@sc/contract/families/mtc';
import { api, type Params } from '../../api/client';
import {
  type Answer,
  type CommandAnswer,
  type DeviceEvent,
  type RegistrationAnswer,
  uploadFile,
} from '../../components/device';

/** Answers of the MTC calls, typed from the contract's response schemas. */
export type Cabinet = Answer<typeof mtcRow>;
export type Runtime = Answer<typeof mtcRuntime>;
export type CabinetConfig = Answer<typeof mtcConfigResponse>;
export type CabinetComm = Answer<typeof mtcCommResponse>;
export type CabinetPeripherals = Answer<typeof mtcPeripheralsResponse>;
export type CabinetAlarmConfig = Answer<typeof mtcAlarmConfigResponse>;
export type Upgrade = Answer<typeof mtcUpgrade>;
export type CabinetPolicy = Answer<typeof mtcPolicyRow>;
export type PolicyUse = Answer<typeof mtcPolicyUseResult>;
export type CabinetPreview = Answer<typeof mtcSchedulePreview>;

/** Cabinet list filters (contract `mtcListFilter`) with the keyword. */
export interface CabinetFilters {
  keyword?: string;
  areaId?: number;
  groupId?: number;
  state?: string;
  mode?: string;
  alarm?: string;
}

export const mtcKeys = {
  all: (projectId: number) => ['mtc', projectId],
  cabinets: (projectId: number) => ['mtc', projectId, 'cabinets'],
  map: (projectId: number) => ['mtc', projectId, 'map'],
  cabinet: (projectId: number, id: number) => ['mtc', projectId, 'cabinet', id],
  policies: (projectId: number) => ['mtc', projectId, 'policies'],
};

const clean = (query: object): Params =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Params;

/** The calls of spec 001 §7 "mtc" under /api/pjts/{projectId}/iot/mtc/. */
export const mtcApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}/iot/mtc`;
  return {
    base,
    cabinets: (page: number, pageSize: number, filters: CabinetFilters, includeChildren = false) =>
      api.get<Page<Cabinet>>(
        `${base}/pages`,
        clean({ page, pageSize, ...filters, includeChildren: includeChildren || undefined }),
      ),
    /** With `includeChildren`, the child projects' cabinets too (the list page's map follows the switch). */
    map: (includeChildren = false) =>
      api.get<Cabinet[]>(`${base}/map`, clean({ includeChildren: includeChildren || undefined })),
    register: (id: number, registered: boolean) =>
      api.post<RegistrationAnswer>(`${base}/${id}/${registered ? 'register' : 'unregister'}`),
    /** Silent: the page shows the server's reason (offline, silent) beside the controls. */
    command: (id: number, command: string, args?: Record<string, unknown>) =>
      api.post<CommandAnswer>(`${base}/${id}/${command}`, undefined, { silent: true, json: args ?? {} }),
    runtime: (id: number) => api.get<Runtime>(`${base}/${id}/runtime`, undefined, { silent: true }),
    config: (id: number) => api.get<CabinetConfig>(`${base}/${id}/config`),
    saveConfig: (id: number, body: MtcConfig) =>
      api.put<CabinetConfig>(`${base}/${id}/config`, undefined, { json: body, silent: true }),
    comm: (id: number) => api.get<CabinetComm>(`${base}/${id}/comm`),
    saveComm: (id: number, body: MtcComm) =>
      api.put<CabinetComm>(`${base}/${id}/comm`, undefined, { json: body, silent: true }),
    peripherals: (id: number) => api.get<CabinetPeripherals>(`${base}/${id}/peripherals`),
    savePeripherals: (id: number, body: MtcPeripherals) =>
      api.put<CabinetPeripherals>(`${base}/${id}/peripherals`, undefined, { json: body, silent: true }),
    alarmConfig: (id: number) => api.get<CabinetAlarmConfig>(`${base}/${id}/alarmconfig`),
    saveAlarmConfig: (id: number, body: MtcAlarmConfig) =>
      api.put<CabinetAlarmConfig>(`${base}/${id}/alarmconfig`, undefined, { json: body, silent: true }),
    location: (id: number, lng: number, lat: number) =>
      api.put<Answer<typeof mtcLocationResponse>>(`${base}/${id}/location`, undefined, { json: { lng, lat } }),
    firmware: (id: number, file: File, onProgress: (percent: number) => void) =>
      uploadFile<Upgrade>('POST', `${base}/${id}/firmware`, file, onProgress),
    lastUpgrade: (id: number) => api.get<Upgrade | null>(`${base}/${id}/firmware`, undefined, { silent: true }),
    events: (id: number, page: number, pageSize: number) =>
      api.get<Page<DeviceEvent>>(`${base}/${id}/events`, { page, pageSize }),
    cabinetPolicies: (id: number) => api.get<CabinetPolicy[]>(`${base}/${id}/policies`),

    policies: (page: number, pageSize: number, keyword?: string) =>
      api.get<Page<CabinetPolicy>>(`${base}/policies`, clean({ page, pageSize, keyword })),
    createPolicy: (body: MtcPolicyBody) => api.post<CabinetPolicy>(`${base}/policies`, undefined, { json: body }),
    updatePolicy: (id: number, body: MtcPolicyBody) =>
      api.put<CabinetPolicy>(`${base}/policies/${id}`, undefined, { json: body }),
    deletePolicy: (id: number) => api.delete<{ id: number; deleted: true }>(`${base}/policies/${id}`),
    usePolicy: (id: number, cabinetIds: number[]) =>
      api.post<PolicyUse>(`${base}/policies/${id}/use`, undefined, { json: { cabinetIds } }),
    removePolicy: (id: number, cabinetIds: number[]) =>
      api.post<PolicyUse>(`${base}/policies/${id}/remove`, undefined, { json: { cabinetIds } }),
    preview: (id: number, query: { cabinetId?: number; date?: string; year?: number }) =>
      api.get<CabinetPreview>(`${base}/policies/${id}/preview`, clean(query), { silent: true }),
  };
};
export type MtcApi = ReturnType<typeof mtcApi>;
