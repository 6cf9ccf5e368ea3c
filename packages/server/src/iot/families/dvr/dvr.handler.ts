import { dvrManifest } from '@sc/contract/families/dvr';
import type { FamilyHandler } from '../family-handler.js';
import { dvrRoutes } from './dvr.routes.js';

/** Recorders (spec 001 §3 "Recorder"): their list, channels bound to cameras, record files and commands. */
export const dvrFamily: FamilyHandler = { manifest: dvrManifest, routes: dvrRoutes };
