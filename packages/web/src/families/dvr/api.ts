import type { AnswerOf } from '@sc/contract';
import { DVR_API, dvrManifest } from '@sc/contract/families/dvr';
import { familyClient } from '../../components/device';
import type { ActiveStateFilters } from '../kit/family-api';

/** The recorder device type. */
export const DVR_TYPE = dvrManifest.type;
export const LIST_PAGE = '/pjt/pjtdevicedvrlist';
export const DEVICE_PAGE = '/pjt/pjtdevicedvr';

/** Answers of the recorder calls, from the contract's table. */
export type DvrPage = AnswerOf<typeof DVR_API.page>;
export type DvrListRow = DvrPage['list'][number];

export type DvrFilters = ActiveStateFilters;

/** Spec 001 §7 "dvr": the recorders' calls with the project bound, typed from the contract. */
export const dvrApi = (projectId: number) => familyClient(DVR_API, DVR_TYPE, projectId);
export type DvrClient = ReturnType<typeof dvrApi>;
