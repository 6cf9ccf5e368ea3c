import type { AnswerOf } from '@sc/contract';
import { ECE_API, ECE_RECORD_API, eceManifest } from '@sc/contract/families/ece';
import { type ActiveStateFilters, deviceFamilyApi } from '../kit/family-api';

/**
 * Spec 001 §7 "ece": the emergency call post device type, its screens (its device page is the alarm log)
 * and the posts' calls with the project bound, typed from the contract.
 */
export const {
  TYPE: ECE_TYPE,
  LIST_PAGE,
  DEVICE_PAGE: LOG_PAGE,
  client: eceApi,
} = deviceFamilyApi(eceManifest, { ...ECE_API, ...ECE_RECORD_API });

/** Answers of the posts' calls, from the contract's table. */
export type EcePage = AnswerOf<typeof ECE_API.page>;
export type EceListRow = EcePage['list'][number];
export type AlarmPage = AnswerOf<typeof ECE_API.logs>;
export type Alarm = AlarmPage['list'][number];

export type EceFilters = ActiveStateFilters;

export type EceClient = ReturnType<typeof eceApi>;
