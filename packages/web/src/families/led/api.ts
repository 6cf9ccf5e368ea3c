import type { AnswerOf } from '@sc/contract';
import { LED_API, LED_PROGRAM_API, LED_RESOURCE_API, type LedRuntime, ledManifest } from '@sc/contract/families/led';
import { clientOf } from '../../api/endpoints';
import { type ActiveStateFilters, deviceFamilyApi } from '../kit/family-api';

/**
 * Spec 001 §7 "led": the LED screen device type (telemetry pushes of other families are ignored), its
 * screens and the screens' calls with the project bound, typed from the contract.
 */
export const { TYPE: LED_TYPE, LIST_PAGE, DEVICE_PAGE, client: ledApi } = deviceFamilyApi(ledManifest, LED_API);

/** Answers of the LED calls, from the contract's tables. */
export type LedPage = AnswerOf<typeof LED_API.page>;
export type LedScreen = LedPage['list'][number];
export type ResourcePage = AnswerOf<typeof LED_RESOURCE_API.resources>;
export type LedResource = ResourcePage['list'][number];

export type LedFilters = ActiveStateFilters;

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const powerOrNull = (v: unknown) => (v === null || v === undefined ? null : v === true || v === 1);

/** A screen's report as its runtime (a telemetry push's values, or a list row's). */
export const runtimeOf = (values: Record<string, unknown>) => ({
  brightness: numberOrNull(values.brightness),
  volume: numberOrNull(values.volume),
  power: powerOrNull(values.power),
  playing: typeof values.playing === 'string' ? values.playing : null,
});

/** A telemetry push as the runtime call answers it. */
export const runtimeFromPush =
  (id: number) =>
  (values: Record<string, unknown>, at: string): LedRuntime => ({ id, at, ...runtimeOf(values) });

/** The media resources' calls with the project bound. */
export const resourceApi = (projectId: number) => clientOf(LED_RESOURCE_API, { projectId });

/** The programs' calls with the project bound. */
export const programApi = (projectId: number) => clientOf(LED_PROGRAM_API, { projectId });
export type ProgramPage = AnswerOf<typeof LED_PROGRAM_API.programs>;
export type LedProgramListed = ProgramPage['list'][number];
export const PROGRAM_LIST = '/pjt/pjtledprogramlist';
export const PROGRAM_PAGE = '/pjt/pjtledprogram';
