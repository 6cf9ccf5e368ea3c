import { z } from 'zod';
import { pageQuery, projectTreeQuery } from '../../api/paging.js';
import { batchStarted, batchStatusCall } from '../kit/batches.js';
import {
  commandCalls,
  eventCalls,
  familyEndpoints,
  locationCall,
  policyCalls,
  readingsCalls,
  recordCalls,
  registrationCalls,
} from '../kit/calls.js';
import { commandResponse, pageOf, recordDeleted } from '../kit/responses.js';
import {
  alarmConfigResponse,
  configResponse,
  lampFaultRow,
  lampMapPoint,
  lampRow,
  lcuGroupDetail,
  lcuGroupRow,
  lightingOverview,
  policyRow,
  powerLast,
  powerSummary,
  realdataResponse,
  schedulePreview,
} from './responses.js';
import {
  LIGHTING_COMMANDS,
  LIGHTING_READINGS,
  lightingAlarmConfigBody,
  lightingAreaCommandBody,
  lightingAreaQueryBody,
  lightingBatchBody,
  lightingCommandArgs,
  lightingConfigBody,
  lightingFaultsQuery,
  lightingGroupBody,
  lightingGroupCommandBody,
  lightingGroupMembersBody,
  lightingListFilter,
  policyTargetsBody,
  powerQuery,
  schedulePreviewQuery,
} from './schemas.js';

/**
 * Spec 001 §7 "lighting": every call of the family, declared once (JSON bodies; the policy and batch
 * bodies are nested, so JSON only), one table per concept; the screens grant them by table.
 */
const e = familyEndpoints('lighting');

const noBody = z.object({}).nullish();

/** One lamp: registration, commands (the device's reply; 409 offline, 504 silent), history, configuration. */
export const LIGHTING_LAMP_API = {
  ...registrationCalls(e),
  ...commandCalls(e, LIGHTING_COMMANDS),
  // The commands the server keeps a trace of (or completes) answer with the family's own rules.
  reset: e.post(':id/reset', {
    body: lightingCommandArgs.reset,
    response: commandResponse,
    summary: 'Reset a lamp: unusable for the given 1-12 hours',
  }),
  runmode: e.post(':id/runmode', {
    body: lightingCommandArgs.runmode,
    response: commandResponse,
    summary: 'Set the run mode and the policy mode (policy mode "policy" needs a policy in use)',
  }),
  correcttime: e.post(':id/correcttime', {
    body: noBody,
    response: commandResponse,
    summary: "Set the lamp's clock to the server's time",
  }),
  ...eventCalls(e),
  ...readingsCalls(e, LIGHTING_READINGS),
  lastReport: e.get(':id/realdata', {
    response: realdataResponse,
    summary: "The lamp's last report (every runtime value, device time, raw message) without asking it",
  }),
  config: e.get(':id/config', { response: configResponse, summary: "The lamp's configuration" }),
  saveConfig: e.put(':id/config', {
    body: lightingConfigBody,
    response: configResponse,
    summary: "Store the lamp's configuration and send it to the lamp (delivered: whether it was connected)",
  }),
  alarmConfig: e.get(':id/alarmconfig', { response: alarmConfigResponse, summary: "The lamp's alarm thresholds" }),
  saveAlarmConfig: e.put(':id/alarmconfig', {
    body: lightingAlarmConfigBody,
    response: alarmConfigResponse,
    summary: "Store the lamp's alarm thresholds and send them to the lamp",
  }),
  location: locationCall(e, 'lamp'),
  lampPolicies: e.get(':id/policies', { response: z.array(policyRow), summary: 'The policies a lamp runs' }),
  policydefLamp: e.post(':id/policydef', {
    body: noBody,
    response: commandResponse,
    summary: 'Send the lamp its policies in use (it runs them on its own clock)',
  }),
};

/** The list and the map of lamps, batch commands with their progress, and the area drawn on the map. */
export const LIGHTING_LIST_API = {
  lamps: e.get('pages', {
    query: pageQuery.extend(lightingListFilter.shape).extend(projectTreeQuery.shape),
    response: pageOf(lampRow),
    summary: 'A page of lamps with their live values; filters by area, group, LCU group, gateway, state',
  }),
  map: e.get('map', {
    query: projectTreeQuery,
    response: z.array(lampMapPoint),
    summary: 'Every lamp of the project (with includeChildren, of its child projects too) with coordinates and state',
  }),
  batch: e.post('batch/command', {
    body: lightingBatchBody,
    response: batchStarted,
    summary: 'Send a command to many lamps; progress arrives as realtime `batch` pushes',
  }),
  ...batchStatusCall(e),
  areaLamps: e.post('area/lamps', {
    body: lightingAreaQueryBody,
    response: z.array(lampMapPoint),
    summary: "The lamps inside a polygon drawn on the map (with includeChildren, child projects' lamps too)",
  }),
  areaCommand: e.post('area/command', {
    body: lightingAreaCommandBody,
    response: batchStarted,
    summary: 'Send a command to every lamp inside a polygon drawn on the map',
  }),
};

/** LCU groups: list, CRUD, members, group commands. */
export const LIGHTING_GROUP_API = {
  ...recordCalls(
    e,
    { names: ['group', 'groups'], path: 'groups', id: 'groupId', noun: ['an LCU group', 'LCU groups'] },
    { row: lcuGroupRow, detail: lcuGroupDetail, body: lightingGroupBody, deleted: recordDeleted },
    {
      list: ' with their member counts',
      one: ' with its members',
      update: ' (lampIds, when given, replaces the members)',
      delete: ' (its lamps stay)',
    },
  ),
  groupMembers: e.post('groups/:groupId/members', {
    body: lightingGroupMembersBody,
    response: lcuGroupDetail,
    summary: 'Add lamps to an LCU group and remove others',
  }),
  groupCommand: e.post('groups/:groupId/command', {
    body: lightingGroupCommandBody,
    response: batchStarted,
    summary: 'Send a command to every lamp of an LCU group; progress arrives as realtime `batch` pushes',
  }),
};

/**
 * Lighting policies: list, CRUD, use and remove on lamps and groups, policydef, the day/year preview. The
 * body is checked by the service against the policy-units maximum of the settings at the time of the call.
 */
export const LIGHTING_POLICY_API = {
  ...policyCalls(
    e,
    ['a lighting policy', 'lighting policies'],
    {
      row: policyRow,
      checkedBy: 'lightingPolicyBody (contract): name, no, alias, units, range, channelControl, channels, cycle, inUse',
    },
    {
      body: policyTargetsBody,
      response: batchStarted,
      on: 'lamps and LCU groups',
      after: ', then send each lamp its policies',
    },
    {
      create: ' (units at most the policyUnitsMax setting)',
      update: ' (lamps using it get it at the next policydef)',
      delete: ' no lamp uses (409 while in use)',
    },
  ),
  clearPolicies: e.post('policies/clear', {
    body: policyTargetsBody,
    response: batchStarted,
    summary: 'Remove every policy from lamps and LCU groups, then tell the lamps',
  }),
  policydef: e.post('policies/:policyId/policydef', {
    body: noBody,
    response: batchStarted,
    summary: 'Send every lamp using the policy its policies again',
  }),
  preview: e.get('policies/:policyId/preview', {
    query: schedulePreviewQuery,
    response: schedulePreview,
    summary:
      "The on/off/dim schedule a policy gives at a lamp's or group's place (or given coordinates): a day (date) and/or a whole year (year)",
  }),
};

/** The overview: power consumption of a scope, the lamps by state and energy, the lamps behind its faults. */
export const LIGHTING_SUMMARY_API = {
  powerSummary: e.get('power/summary', {
    query: powerQuery,
    response: powerSummary,
    summary: 'Energy of a lamp, LCU group, group, area or the project over a period, by day and month',
  }),
  powerLast: e.get('power/last', {
    query: powerQuery,
    response: powerLast,
    summary: 'The last power and energy reading of each lamp of a scope',
  }),
  overview: e.get('summary', {
    query: projectTreeQuery,
    response: lightingOverview,
    summary: 'The lighting overview: lamps by state, lighting rate, faults by code, energy, energy saved by dimming',
  }),
  faults: e.get('faults', {
    query: pageQuery.extend(lightingFaultsQuery.shape).extend(projectTreeQuery.shape),
    response: pageOf(lampFaultRow),
    summary:
      'The lamps with an open fault (of one event code, or all), newest first, with the work order that handled each',
  }),
};
