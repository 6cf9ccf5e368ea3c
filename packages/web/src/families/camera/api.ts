import type { AnswerOf } from '@sc/contract';
import { CAMERA_API, cameraManifest } from '@sc/contract/families/camera';
import { type ActiveStateFilters, deviceFamilyApi } from '../kit/family-api';

/** Spec 001 §7 "camera": the camera device type, its screens and its calls with the project bound, typed from the contract. */
export const {
  TYPE: CAMERA_TYPE,
  LIST_PAGE,
  DEVICE_PAGE,
  client: cameraApi,
} = deviceFamilyApi(cameraManifest, CAMERA_API);

/** Answers of the camera calls, from the contract's table. */
export type CameraPage = AnswerOf<typeof CAMERA_API.page>;
export type CameraListRow = CameraPage['list'][number];

export interface CameraFilters extends ActiveStateFilters {
  ptz: string;
}

export type CameraClient = ReturnType<typeof cameraApi>;
