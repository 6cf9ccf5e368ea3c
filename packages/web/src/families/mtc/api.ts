import type { AnswerOf } from '@sc/contract';
import {
  MTC_API,
  MTC_POLICY_API,
  type MtcAlarmConfig,
  type MtcCommandName,
  type MtcConfig,
  type MtcPolicyBody,
} from '@sc/contract/families/mtc';
import { type CallArgs, clientOf } from '../../api/endpoints';
import { cleanQuery } from '../../components/crud';
import { familyKeys, pagedEvents, registerBy } from '../../components/device';

/** Answers of the MTC calls, from the contract's tables. */
export type Cabinet = AnswerOf<typeof MTC_API.cabinets>['list'][number];
export type Runtime = AnswerOf<typeof MTC_API.lastRuntime>;
/** A device a cabinet's circuit powers. */
export type FedDevice = AnswerOf<typeof MTC_API.fed>[number];
export type CabinetConfig = AnswerOf<typeof MTC_API.config>;
export type CabinetComm = AnswerOf<typeof MTC_API.comm>;
export type CabinetPeripherals = AnswerOf<typeof MTC_API.peripherals>;
export type CabinetAlarmConfig = AnswerOf<typeof MTC_API.alarmConfig>;
export type Upgrade = AnswerOf<typeof MTC_API.upgrade>;
export type CabinetPolicy = AnswerOf<typeof MTC_POLICY_API.policy>;
export type PolicyUse = AnswerOf<typeof MTC_POLICY_API.usePolicy>;
export type CabinetPreview = AnswerOf<typeof MTC_POLICY_API.preview>;

/** Cabinet list filters (contract `mtcListFilter`) with the keyword. */
export interface CabinetFilters {
  keyword?: string;
  areaId?: number;
  groupId?: number;
  state?: string;
  mode?: string;
  alarm?: string;
}

export const mtcKeys = familyKeys('mtc', ['cabinets', 'map', 'policies'], ['cabinet']);

/** Spec 001 §7 "mtc": the contract's calls, in the shape the screens call them. */
export const mtcApi = (projectId: number) => {
  const calls = clientOf(MTC_API, { projectId });
  const policies = clientOf(MTC_POLICY_API, { projectId });
  // The list's filters as the screen holds them (empty: not filtering); the server checks the values.
  type CabinetQuery = CallArgs<typeof MTC_API.cabinets, 'projectId'>['query'];
  return {
    cabinets: (page: number, pageSize: number, filters: CabinetFilters, includeChildren = false) =>
      calls.cabinets({
        query: cleanQuery({
          page,
          pageSize,
          ...filters,
          includeChildren: includeChildren || undefined,
        }) as CabinetQuery,
      }),
    /** With `includeChildren`, the child projects' cabinets too (the list page's map follows the switch). */
    map: (includeChildren = false) => calls.map({ query: { includeChildren: includeChildren || undefined } }),
    register: registerBy(calls),
    /** Silent: the page shows the server's reason (offline, silent) beside the controls. */
    command: (id: number, command: string, args?: Record<string, unknown>) =>
      calls[command as MtcCommandName]({ id, body: args }, { silent: true }),
    runtime: (id: number) => calls.lastRuntime({ id }, { silent: true }),
    fed: (id: number) => calls.fed({ id }),
    config: (id: number) => calls.config({ id }),
    saveConfig: (id: number, body: MtcConfig) => calls.setConfig({ id, body }, { silent: true }),
    alarmConfig: (id: number) => calls.alarmConfig({ id }),
    saveAlarmConfig: (id: number, body: MtcAlarmConfig) => calls.setAlarmConfig({ id, body }, { silent: true }),
    events: pagedEvents(calls.events),
    cabinetPolicies: (id: number) => calls.cabinetPolicies({ id }),

    policies: (page: number, pageSize: number, keyword?: string) =>
      policies.policies({ query: cleanQuery({ page, pageSize, keyword }) }),
    createPolicy: (body: MtcPolicyBody) => policies.createPolicy({ body }),
    updatePolicy: (id: number, body: MtcPolicyBody) => policies.updatePolicy({ policyId: id, body }),
    deletePolicy: (id: number) => policies.deletePolicy({ policyId: id }),
    usePolicy: (id: number, cabinetIds: number[]) => policies.usePolicy({ policyId: id, body: { cabinetIds } }),
    removePolicy: (id: number, cabinetIds: number[]) => policies.removePolicy({ policyId: id, body: { cabinetIds } }),
    preview: (id: number, query: { cabinetId?: number; date?: string; year?: number }) =>
      policies.preview({ policyId: id, query: cleanQuery(query) }, { silent: true }),
  };
};
export type MtcApi = ReturnType<typeof mtcApi>;
