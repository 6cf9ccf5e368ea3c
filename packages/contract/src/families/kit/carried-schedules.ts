import { z } from 'zod';
import type { FamilyEndpoints } from './calls.js';

/**
 * A carrier's children's schedules (spec 001 §7 "mtc and pgw: policies", for a power-line gateway):
 * the carrier is handed the policies each of its children uses, as the children's own family sends
 * them (a lamp controller's `policydef`), and runs them for them while the server is away. Sent when
 * asked (the call below) and whenever the carrier comes back (after its children list).
 */
export const CHILD_POLICIES_COMMAND = 'childpolicies';

/** POST …/{id}/childpolicies: how many children, how many of them with a policy, whether it was told now. */
export const childPoliciesSent = z.object({
  devices: z.number().int(),
  scheduled: z.number().int(),
  delivered: z.boolean(),
});
export type ChildPoliciesSent = z.infer<typeof childPoliciesSent>;

export const carriedScheduleCalls = <S extends string>(e: FamilyEndpoints<S>, children: string) => ({
  sendChildPolicies: e.post(':id/childpolicies', {
    response: childPoliciesSent,
    summary: `Send a carrier the policies its ${children} use, to run for them while the server is away; a connected one is told now, any other when it comes back`,
  }),
});
