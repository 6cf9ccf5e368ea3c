import { ECE_CALL, eceManifest } from '@sc/contract/families/ece';
import type { DirectoryEntry } from '../../device-directory.js';
import type { FamilyHandler } from '../family-handler.js';
import { eceRoutes } from './ece.routes.js';
import { createEceService, type EceService } from './ece.service.js';

/**
 * The service the posts' calls go to: set when the routes are registered (ingest hands events to the
 * family's handler, which is one object per process; a process runs one server).
 */
let service: EceService | null = null;

/**
 * Emergency call posts (spec 001 §3 "ECE"): a post's CALL (its button pressed) is an alarm-level event
 * (ingest raises it as the family's notice event: site messages, e-mail and SMS by the notice rules) and
 * opens a row of the alarm log; its restore (hung up) closes it.
 */
export const eceFamily: FamilyHandler = {
  manifest: eceManifest,
  acceptEvent(device: DirectoryEntry, code: string, type: string, at: Date) {
    if (code === ECE_CALL && service) {
      const s = service;
      void s.onCall(device, type, at).catch(() => undefined);
    }
    return true;
  },
  routes(app, ctx) {
    service = createEceService(ctx);
    eceRoutes(app, ctx, service);
  },
};
