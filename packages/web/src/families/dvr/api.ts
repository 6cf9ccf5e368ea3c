import type { AnswerOf } from '@sc/contract';
import { DVR_API, dvrManifest } from '@sc/contract/families/dvr';
import { type ActiveStateFilters, deviceFamilyApi } from '../kit/family-api';

/** Spec 001 §7 "dvr": the recorder device type, its screens and its calls with the project bound, typed from the contract. */
export const { TYPE: DVR_TYPE, LIST_PAGE, DEVICE_PAGE, client: dvrApi } = deviceFamilyApi(dvrManifest, DVR_API);

/** Answers of the recorder calls, from the contract's table. */
export type DvrPage = AnswerOf<typeof DVR_API.page>;
export type DvrListRow = DvrPage['list'][number];

export type DvrFilters = ActiveStateFilters;

export type DvrClient = ReturnType<typeof dvrApi>;
