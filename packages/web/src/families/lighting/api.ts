import type {
  alarmConfigResponse,
  BatchCommand,
  batchStarted,
  batchStatus,
  configResponse,
  LightingAlarmConfig,
  LightingConfig,
  LightingPolicyBody,
  lampFaultRow,
  lampMapPoint,
  lampRow,
  lcuGroupDetail,
  lcuGroupRow,
  lightingOverview,
  Page,
  policyRow,
  powerLast,
  powerSummary,
  realdataResponse,
  schedulePreview,
} from '@sc/contract';
import { api, type Params } from '../../api/client';
import type { Answer, CommandAnswer, DeviceEvent, RegistrationAnswer } from '../../components/device';

/** Answers of the lighting calls, typed from the contract's response schemas. */
export type Lamp = Answer<typeof lampRow>;
export type LampPoint = Answer<typeof lampMapPoint>;
export type Realdata = Answer<typeof realdataResponse>;
export type LampConfig = Answer<typeof configResponse>;
export type LampAlarmConfig = Answer<typeof alarmConfigResponse>;
export type Policy = Answer<typeof policyRow>;
export type BatchStarted = Answer<typeof batchStarted>;
export type BatchStatus = Answer<typeof batchStatus>;
export type LcuGroup = Answer<typeof lcuGroupRow>;
export type LcuGroupDetail = Answer<typeof lcuGroupDetail>;
export type PowerSummary = Answer<typeof powerSummary>;
export type PowerLast = Answer<typeof powerLast>;
export type Overview = Answer<typeof lightingOverview>;
export type LampFault = Answer<typeof lampFaultRow>;
export type Preview = Answer<typeof schedulePreview>;

/** Lamp list filters (contract `lightingListFilter`) with the keyword. */
export interface LampFilters {
  keyword?: string;
  areaId?: number;
  groupId?: number;
  lcuGroupId?: number;
  gatewayId?: number;
  state?: string;
}

export const lightingKeys = {
  all: (projectId: number) => ['lighting', projectId],
  lamps: (projectId: number) => ['lighting', projectId, 'lamps'],
  /** The map's points; the list page's map adds whether child projects are included. */
  map: (projectId: number) => ['lighting', projectId, 'map'],
  lamp: (projectId: number, id: number) => ['lighting', projectId, 'lamp', id],
  policies: (projectId: number) => ['lighting', projectId, 'policies'],
  groups: (projectId: number) => ['lighting', projectId, 'groups'],
  overview: (projectId: number) => ['lighting', projectId, 'overview'],
};

const clean = (query: object): Params =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as Params;

/** A command to many lamps: which, and its arguments (contract `lightingBatchBody`). */
export interface BatchRequest {
  command: BatchCommand;
  args?: Record<string, unknown>;
}

/** The calls of spec 001 §7 "lighting" under /api/pjts/{projectId}/iot/lighting/. */
export const lightingApi = (projectId: number) => {
  const base = `/api/pjts/${projectId}/iot/lighting`;
  return {
    base,
    lamps: (page: number, pageSize: number, filters: LampFilters, includeChildren = false) =>
      api.get<Page<Lamp>>(
        `${base}/pages`,
        clean({ page, pageSize, ...filters, includeChildren: includeChildren || undefined }),
      ),
    /** With `includeChildren`, the child projects' lamps too (the map follows the child-projects switch). */
    map: (includeChildren = false) =>
      api.get<LampPoint[]>(`${base}/map`, clean({ includeChildren: includeChildren || undefined })),
    register: (id: number, registered: boolean) =>
      api.post<RegistrationAnswer>(`${base}/${id}/${registered ? 'register' : 'unregister'}`),
    /** Silent: the page shows the server's reason (offline, silent) beside the buttons. */
    command: (id: number, command: string, args?: Record<string, unknown>) =>
      api.post<CommandAnswer>(`${base}/${id}/${command}`, undefined, { silent: true, json: args ?? {} }),
    realdata: (id: number) => api.get<Realdata>(`${base}/${id}/realdata`, undefined, { silent: true }),
    config: (id: number) => api.get<LampConfig>(`${base}/${id}/config`),
    saveConfig: (id: number, body: LightingConfig) =>
      api.put<LampConfig>(`${base}/${id}/config`, undefined, { json: body, silent: true }),
    alarmConfig: (id: number) => api.get<LampAlarmConfig>(`${base}/${id}/alarmconfig`),
    saveAlarmConfig: (id: number, body: LightingAlarmConfig) =>
      api.put<LampAlarmConfig>(`${base}/${id}/alarmconfig`, undefined, { json: body, silent: true }),
    location: (id: number, lng: number, lat: number) =>
      api.put<{ id: number; lng: number; lat: number }>(`${base}/${id}/location`, undefined, { json: { lng, lat } }),
    events: (id: number, page: number, pageSize: number) =>
      api.get<Page<DeviceEvent>>(`${base}/${id}/events`, { page, pageSize }),
    lampPolicies: (id: number) => api.get<Policy[]>(`${base}/${id}/policies`),
    policydefLamp: (id: number) => api.post<CommandAnswer>(`${base}/${id}/policydef`, undefined, { silent: true }),

    batch: (lampIds: number[], request: BatchRequest, groupIds: number[] = []) =>
      api.post<BatchStarted>(`${base}/batch/command`, undefined, {
        json: { ...request, args: request.args ?? {}, lampIds, groupIds },
      }),
    batchStatus: (batchId: string) => api.get<BatchStatus>(`${base}/batches/${encodeURIComponent(batchId)}`),
    /** The drawn area's lamps: `includeChildren` as the map it was drawn on, so both name the same lamps. */
    areaLamps: (polygon: [number, number][], includeChildren = false) =>
      api.post<LampPoint[]>(`${base}/area/lamps`, undefined, { json: { polygon, includeChildren } }),
    areaCommand: (polygon: [number, number][], request: BatchRequest, includeChildren = false) =>
      api.post<BatchStarted>(`${base}/area/command`, undefined, {
        json: { polygon, includeChildren, ...request, args: request.args ?? {} },
      }),

    policies: (page: number, pageSize: number, keyword?: string) =>
      api.get<Page<Policy>>(`${base}/policies`, clean({ page, pageSize, keyword })),
    createPolicy: (body: LightingPolicyBody) => api.post<Policy>(`${base}/policies`, undefined, { json: body }),
    updatePolicy: (id: number, body: LightingPolicyBody) =>
      api.put<Policy>(`${base}/policies/${id}`, undefined, { json: body }),
    deletePolicy: (id: number) => api.delete<{ id: number; deleted: true }>(`${base}/policies/${id}`),
    applyPolicy: (id: number, targets: { lampIds?: number[]; groupIds?: number[] }) =>
      api.post<BatchStarted>(`${base}/policies/${id}/use`, undefined, { json: targets }),
    removePolicy: (id: number, targets: { lampIds?: number[]; groupIds?: number[] }) =>
      api.post<BatchStarted>(`${base}/policies/${id}/remove`, undefined, { json: targets }),
    clearPolicies: (targets: { lampIds?: number[]; groupIds?: number[] }) =>
      api.post<BatchStarted>(`${base}/policies/clear`, undefined, { json: targets }),
    policydef: (id: number) => api.post<BatchStarted>(`${base}/policies/${id}/policydef`),
    preview: (id: number, query: { lampId?: number; groupId?: number; date?: string; year?: number }) =>
      api.get<Preview>(`${base}/policies/${id}/preview`, clean(query), { silent: true }),

    groups: (page: number, pageSize: number, keyword?: string) =>
      api.get<Page<LcuGroup>>(`${base}/groups`, clean({ page, pageSize, keyword })),
    group: (id: number) => api.get<LcuGroupDetail>(`${base}/groups/${id}`),
    createGroup: (body: { name: string; no: string; description?: string; lampIds?: number[] }) =>
      api.post<LcuGroupDetail>(`${base}/groups`, undefined, { json: body }),
    updateGroup: (id: number, body: { name: string; no: string; description?: string; lampIds?: number[] }) =>
      api.put<LcuGroupDetail>(`${base}/groups/${id}`, undefined, { json: body }),
    deleteGroup: (id: number) => api.delete<{ id: number; deleted: true }>(`${base}/groups/${id}`),
    groupCommand: (id: number, request: BatchRequest) =>
      api.post<BatchStarted>(`${base}/groups/${id}/command`, undefined, {
        json: { ...request, args: request.args ?? {} },
      }),

    overview: (includeChildren = false) =>
      api.get<Overview>(`${base}/summary`, clean({ includeChildren: includeChildren || undefined })),
    powerSummary: (query: { scope?: string; id?: number; from?: string; to?: string }) =>
      api.get<PowerSummary>(`${base}/power/summary`, clean(query)),
    powerLast: (query: { scope?: string; id?: number }) => api.get<PowerLast>(`${base}/power/last`, clean(query)),
    /** The lamps with an open fault (of one code, or all), each with the work order that handled it. */
    faults: (query: { code?: string; includeChildren?: boolean; page: number; pageSize: number }) =>
      api.get<Page<LampFault>>(
        `${base}/faults`,
        clean({ ...query, includeChildren: query.includeChildren || undefined }),
      ),
  };
};
export type LightingApi = ReturnType<typeof lightingApi>;
