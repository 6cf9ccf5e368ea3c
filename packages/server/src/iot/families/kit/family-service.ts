import type { SessionContext } from '../../../modules/session/session-context.js';
import { createReferencesRepository } from '../../../platform/references/references.repository.js';
import { createReferences } from '../../../platform/references/references.service.js';
import type { FamilyContext } from '../family-handler.js';

/** The references checker of a family's service: every device or project a request names, checked against the caller's scope. */
export const familyReferences = (ctx: FamilyContext) =>
  ctx.repository((db) => createReferences(createReferencesRepository(db)));

/** The family's device a request names by project and id (404 outside the caller's reach, 400 of another family). */
export const familyDeviceGetter =
  (ctx: FamilyContext, type: string) => (session: SessionContext, projectId: number, id: number) =>
    ctx.devices.get(session, projectId, id, type);
