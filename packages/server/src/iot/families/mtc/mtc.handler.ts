import { mtcManifest } from '@sc/contract';
import type { FamilyHandler } from '../family-handler.js';

/** Centralized controllers (spec 001 §7 "mtc"). */
export const mtcFamily: FamilyHandler = {
  manifest: mtcManifest,
};
