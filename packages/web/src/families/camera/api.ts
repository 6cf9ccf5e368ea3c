import type { AnswerOf } from '@sc/contract';
import { CAMERA_API, cameraManifest } from '@sc/contract/families/camera';
import { familyClient } from '../../components/device';
import type { ActiveStateFilters } from '../kit/family-api';

/** The camera device type. */
export const CAMERA_TYPE = cameraManifest.type;
export const LIST_PAGE = '/pjt/pjtdevicecameralist';
export const DEVICE_PAGE = '/pjt/pjtdevicecamera';

/** Answers of the camera calls, from the contract's table. */
export type CameraPage = AnswerOf<typeof CAMERA_API.page>;
export type CameraListRow = CameraPage['list'][number];

export interface CameraFilters extends ActiveStateFilters {
  ptz: string;
}

/** Spec 001 §7 "camera": the cameras' calls with the project bound, typed from the contract. */
export const cameraApi = (projectId: number) => familyClient(CAMERA_API, CAMERA_TYPE, projectId);
export type CameraClient = ReturnType<typeof cameraApi>;
