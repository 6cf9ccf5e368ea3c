import {
  type AnswerOf,
  type BatchCommand,
  type LampState,
  LIGHTING_GROUP_API,
  LIGHTING_LAMP_API,
  LIGHTING_LIST_API,
  LIGHTING_POLICY_API,
  LIGHTING_SUMMARY_API,
  type LightingAlarmConfig,
  type LightingCommandName,
  type LightingConfig,
  type LightingPolicyBody,
  type POWER_SCOPES,
} from '@sc/contract';
import { type CallOptions, clientOf, fillPath } from '../../api/endpoints';
import { cleanQuery } from '../../components/crud';
import { type CommandAnswer, familyKeys, pagedEvents, registerBy } from '../../components/device';

/** Answers of the lighting calls, from the contract's tables. */
export type Lamp = AnswerOf<typeof LIGHTING_LIST_API.lamps>['list'][number];
export type LampPoint = AnswerOf<typeof LIGHTING_LIST_API.map>[number];
export type Realdata = AnswerOf<typeof LIGHTING_LAMP_API.lastReport>;
export type LampConfig = AnswerOf<typeof LIGHTING_LAMP_API.config>;
export type LampAlarmConfig = AnswerOf<typeof LIGHTING_LAMP_API.alarmConfig>;
export type Policy = AnswerOf<typeof LIGHTING_POLICY_API.policy>;
export type BatchStarted = AnswerOf<typeof LIGHTING_LIST_API.batch>;
export type BatchStatus = AnswerOf<typeof LIGHTING_LIST_API.batchStatus>;
export type LcuGroup = AnswerOf<typeof LIGHTING_GROUP_API.groups>['list'][number];
export type LcuGroupDetail = AnswerOf<typeof LIGHTING_GROUP_API.group>;
export type PowerSummary = AnswerOf<typeof LIGHTING_SUMMARY_API.powerSummary>;
export type PowerLast = AnswerOf<typeof LIGHTING_SUMMARY_API.powerLast>;
export type Overview = AnswerOf<typeof LIGHTING_SUMMARY_API.overview>;
export type LampFault = AnswerOf<typeof LIGHTING_SUMMARY_API.faults>['list'][number];
export type Preview = AnswerOf<typeof LIGHTING_POLICY_API.preview>;

/** Lamp list filters (contract `lightingListFilter`) with the keyword. */
export interface LampFilters {
  keyword?: string;
  areaId?: number;
  groupId?: number;
  lcuGroupId?: number;
  gatewayId?: number;
  state?: LampState;
}

/** The lighting queries' keys (the list page's map adds to `map` whether child projects are included). */
export const lightingKeys = familyKeys('lighting', ['lamps', 'map', 'policies', 'groups', 'overview'], ['lamp']);

/** A command to many lamps: which, and its arguments (contract `lightingBatchBody`). */
export interface BatchRequest {
  command: BatchCommand;
  args?: Record<string, unknown>;
}

type PowerScope = (typeof POWER_SCOPES)[number];
type Targets = { lampIds?: number[]; groupIds?: number[] };
/** A lamp's command call by name (each declared with its own body). */
type CommandCall = (
  args: { id: number; body?: Record<string, unknown> },
  options?: CallOptions,
) => Promise<CommandAnswer>;

/** Spec 001 §7 "lighting": the contract's calls, in the shape the screens call them. */
export const lightingApi = (projectId: number) => {
  const lamp = clientOf(LIGHTING_LAMP_API, { projectId });
  const list = clientOf(LIGHTING_LIST_API, { projectId });
  const groups = clientOf(LIGHTING_GROUP_API, { projectId });
  const policies = clientOf(LIGHTING_POLICY_API, { projectId });
  const summary = clientOf(LIGHTING_SUMMARY_API, { projectId });
  const batchBody = (request: BatchRequest) => ({ ...request, args: request.args ?? {} });
  return {
    /** The bases of the shared delete of rows (`base/{id}`). */
    groupsBase: fillPath(LIGHTING_GROUP_API.createGroup.path, { projectId }),
    policiesBase: fillPath(LIGHTING_POLICY_API.createPolicy.path, { projectId }),
    lamps: (page: number, pageSize: number, filters: LampFilters, includeChildren = false) =>
      list.lamps({ query: cleanQuery({ page, pageSize, ...filters, includeChildren: includeChildren || undefined }) }),
    /** With `includeChildren`, the child projects' lamps too (the map follows the child-projects switch). */
    map: (includeChildren = false) =>
      list.map({ query: cleanQuery({ includeChildren: includeChildren || undefined }) }),
    register: registerBy(lamp),
    /** Silent: the page shows the server's reason (offline, silent) beside the buttons. */
    command: (id: number, command: string, args?: Record<string, unknown>) =>
      (lamp[command as LightingCommandName] as unknown as CommandCall)({ id, body: args }, { silent: true }),
    realdata: (id: number) => lamp.lastReport({ id }, { silent: true }),
    config: (id: number) => lamp.config({ id }),
    saveConfig: (id: number, body: LightingConfig) => lamp.saveConfig({ id, body }, { silent: true }),
    alarmConfig: (id: number) => lamp.alarmConfig({ id }),
    saveAlarmConfig: (id: number, body: LightingAlarmConfig) => lamp.saveAlarmConfig({ id, body }, { silent: true }),
    location: (id: number, lng: number, lat: number) => lamp.location({ id, body: { lng, lat } }),
    events: pagedEvents(lamp.events),
    lampPolicies: (id: number) => lamp.lampPolicies({ id }),
    policydefLamp: (id: number) => lamp.policydefLamp({ id }, { silent: true }),

    batch: (lampIds: number[], request: BatchRequest, groupIds: number[] = []) =>
      list.batch({ body: { ...batchBody(request), lampIds, groupIds } }),
    // A batch's id is a UUID: the typed client's params are ids, so it goes as the path's text.
    batchStatus: (batchId: string) => list.batchStatus({ batchId }),
    /** The drawn area's lamps: `includeChildren` as the map it was drawn on, so both name the same lamps. */
    areaLamps: (polygon: [number, number][], includeChildren = false) =>
      list.areaLamps({ body: { polygon, includeChildren } }),
    areaCommand: (polygon: [number, number][], request: BatchRequest, includeChildren = false) =>
      list.areaCommand({ body: { polygon, includeChildren, ...batchBody(request) } }),

    policies: (page: number, pageSize: number, keyword?: string) =>
      policies.policies({ query: cleanQuery({ page, pageSize, keyword }) }),
    createPolicy: (body: LightingPolicyBody) => policies.createPolicy({ body }),
    updatePolicy: (id: number, body: LightingPolicyBody) => policies.updatePolicy({ policyId: id, body }),
    deletePolicy: (id: number) => policies.deletePolicy({ policyId: id }),
    applyPolicy: (id: number, targets: Targets) => policies.usePolicy({ policyId: id, body: targets }),
    removePolicy: (id: number, targets: Targets) => policies.removePolicy({ policyId: id, body: targets }),
    clearPolicies: (targets: Targets) => policies.clearPolicies({ body: targets }),
    policydef: (id: number) => policies.policydef({ policyId: id }),
    preview: (id: number, query: { lampId?: number; groupId?: number; date?: string; year?: number }) =>
      policies.preview({ policyId: id, query: cleanQuery(query) }, { silent: true }),

    groups: (page: number, pageSize: number, keyword?: string) =>
      groups.groups({ query: cleanQuery({ page, pageSize, keyword }) }),
    group: (id: number) => groups.group({ groupId: id }),
    createGroup: (body: { name: string; no: string; description?: string; lampIds?: number[] }) =>
      groups.createGroup({ body }),
    updateGroup: (id: number, body: { name: string; no: string; description?: string; lampIds?: number[] }) =>
      groups.updateGroup({ groupId: id, body }),
    deleteGroup: (id: number) => groups.deleteGroup({ groupId: id }),
    groupCommand: (id: number, request: BatchRequest) => groups.groupCommand({ groupId: id, body: batchBody(request) }),

    overview: (includeChildren = false) =>
      summary.overview({ query: cleanQuery({ includeChildren: includeChildren || undefined }) }),
    powerSummary: (query: { scope?: PowerScope; id?: number; from?: string; to?: string }) =>
      summary.powerSummary({ query: cleanQuery(query) }),
    powerLast: (query: { scope?: PowerScope; id?: number }) => summary.powerLast({ query: cleanQuery(query) }),
    /** The lamps with an open fault (of one code, or all), each with the work order that handled it. */
    faults: (query: { code?: string; includeChildren?: boolean; page: number; pageSize: number }) =>
      summary.faults({ query: cleanQuery({ ...query, includeChildren: query.includeChildren || undefined }) }),
  };
};
export type LightingApi = ReturnType<typeof lightingApi>;
