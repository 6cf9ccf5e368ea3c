import { cameraManifest } from '@sc/contract/families/camera';
import type { FamilyHandler } from '../family-handler.js';
import { cameraRoutes } from './camera.routes.js';

/** Cameras (spec 001 §3 "Camera"): their list, commands, PTZ and snapshots. */
export const cameraFamily: FamilyHandler = { manifest: cameraManifest, routes: cameraRoutes };
