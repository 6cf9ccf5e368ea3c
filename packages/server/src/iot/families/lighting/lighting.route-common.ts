import { idParam, type LIGHTING_RESPONSES, lightingCalls, lightingManifest } from '@sc/contract';
import { z } from 'zod';

/** What every lighting route file shares: the answers' schemas, the tag, the paths, the parameters. */
export const manifest = lightingManifest;
export const R = manifest.responses as typeof LIGHTING_RESPONSES;
export const tags = [manifest.slug];
export const calls = lightingCalls;

export const projectParams = z.object({ projectId: idParam() });
export const policyParams = z.object({ projectId: idParam(), policyId: idParam() });
export const groupParams = z.object({ projectId: idParam(), groupId: idParam() });
export const batchParams = z.object({ projectId: idParam(), batchId: z.string().uuid('validation.validParam') });
