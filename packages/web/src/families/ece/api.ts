import type { AnswerOf } from '@sc/contract';
import { ECE_API, ECE_RECORD_API, eceManifest } from '@sc/contract/families/ece';
import { familyClient } from '../../components/device';
import type { ActiveStateFilters } from '../kit/family-api';

/** The emergency call post device type. */
export const ECE_TYPE = eceManifest.type;
export const LIST_PAGE = '/pjt/pjtdeviceecelist';
export const LOG_PAGE = '/pjt/pjtdeviceece';

/** Answers of the posts' calls, from the contract's table. */
export type EcePage = AnswerOf<typeof ECE_API.page>;
export type EceListRow = EcePage['list'][number];
export type AlarmPage = AnswerOf<typeof ECE_API.logs>;
export type Alarm = AlarmPage['list'][number];

export type EceFilters = ActiveStateFilters;

/** Spec 001 §7 "ece": the posts' calls with the project bound, typed from the contract. */
export const eceApi = (projectId: number) => familyClient({ ...ECE_API, ...ECE_RECORD_API }, ECE_TYPE, projectId);
export type EceClient = ReturnType<typeof eceApi>;
