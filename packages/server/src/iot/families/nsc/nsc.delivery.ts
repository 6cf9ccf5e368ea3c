import { type NSC_DELIVERY, nscManifest } from '@sc/contract/families/nsc';
import type { Actor, FamilyContext } from '../family-handler.js';
import { commandOutcome } from '../kit/device-commands.js';
import { byName, type Named } from './nsc.picks.js';

export type Outcome = (typeof NSC_DELIVERY)[number];
export type Delivered = Named & { outcome: Outcome };

/**
 * Sends a command to speakers of the project, all at once, each with its own args (`argsOf`), and
 * answers what happened on each by name: `sent` (answered ok), `offline` (the bus's 409), `silent` (no
 * answer in time, 504) or `failed` (refused). A speaker no longer in the project is left out. Every
 * command lands in the operation log (the bus).
 */
export async function deliver(
  ctx: FamilyContext,
  actor: Actor,
  projectId: number,
  speakers: Named[],
  command: string,
  argsOf: (deviceId: number) => Record<string, unknown>,
): Promise<Delivered[]> {
  if (!speakers.length) return [];
  const { targets } = await ctx.devices.targets(
    projectId,
    speakers.map((s) => s.id),
    nscManifest.type,
  );
  const outcomes = await Promise.all(
    targets.map(
      async (target): Promise<Delivered> => ({
        id: target.id,
        name: target.name,
        outcome: await commandOutcome(ctx, actor, target, command, argsOf(target.id)),
      }),
    ),
  );
  return outcomes.sort(byName);
}
