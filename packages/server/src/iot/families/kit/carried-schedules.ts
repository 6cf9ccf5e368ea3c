import { CHILD_POLICIES_COMMAND, type carriedScheduleCalls, type FamilyManifest } from '@sc/contract';
import type { FamilyContext } from '../family-handler.js';
import type { Handlers, Loose } from './traits.js';

/**
 * The server part of the carried-schedules trait (contract kit/carried-schedules.ts): a carrier is
 * handed the schedules its children of `childType` use, read from the family that keeps them
 * (`ctx.schedules`), to run them for them while the server is away.
 */

/** `childpolicies` for a carrier: each child by equipment id with its schedule (no policies when it has none). */
export async function childPoliciesOf(
  ctx: FamilyContext,
  carrier: { id: number; projectId: number },
  childType: string,
) {
  const children = (await ctx.devices.childrenOf(carrier.id, childType)).filter(
    (c): c is typeof c & { equipmentId: string } => !!c.equipmentId,
  );
  const schedules = await ctx.schedules.of(
    childType,
    carrier.projectId,
    children.map((c) => c.id),
  );
  return {
    devices: children.map((c) => ({ ...(schedules.get(c.id) ?? { policies: [] }), device: c.equipmentId })),
  };
}

/** What the operation log keeps of `childpolicies`: the children told (their policies are the children's family's records). */
export const childPoliciesLogged = (args: Awaited<ReturnType<typeof childPoliciesOf>>) => ({
  devices: args.devices.map((d) => d.device),
});

/** POST …/:id/childpolicies: sends the carrier its children's schedules now (a connected one). */
export function carriedScheduleHandlers<S extends string>(
  ctx: FamilyContext,
  manifest: Pick<FamilyManifest, 'type'>,
  childType: string,
): Handlers<typeof carriedScheduleCalls<S>> {
  return {
    sendChildPolicies: async (call: Loose) => {
      const carrier = await ctx.devices.get(call.session, call.params.projectId, call.params.id, manifest.type);
      const args = await childPoliciesOf(ctx, carrier, childType);
      const delivered = await ctx.iot.bus
        .send(call.actor, carrier, CHILD_POLICIES_COMMAND, args, { logArgs: childPoliciesLogged(args) })
        .then(
          (outcome) => outcome.ok,
          () => false,
        );
      const scheduled = args.devices.filter((d) => d.policies.length > 0).length;
      return { devices: args.devices.length, scheduled, delivered };
    },
  } as never;
}
