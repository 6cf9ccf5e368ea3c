import type { batchCalls, FamilyCommand } from '@sc/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../../platform/errors.js';
import { jsonText } from '../../../../platform/response-serializer.js';
import type { FamilyContext } from '../../family-handler.js';
import type { Handlers, Loose } from '../traits.js';

type BatchCall = Omit<Loose, 'params'> & { params: { projectId: number } };

import { createFamilyBatches, type FamilyBatchOptions } from './family-batches.js';

/**
 * The handlers of a family's `batchCalls` (contract kit): one of its commands to many of its devices of
 * the project, on the kit's batches (crash-safe, fanned out through gateways), and the progress. The
 * batches are looked after from the app's start (orphans closed or taken over) and let go at its close.
 */
export function batchHandlers(
  app: FastifyInstance,
  ctx: FamilyContext,
  family: {
    type: string;
    commands: readonly FamilyCommand[];
    targetsName: (count: number) => string;
    /** What to store for the targets that acknowledged a batch command (the family's own batches too). */
    onAcks?: FamilyBatchOptions['onAcks'];
    /** Seconds a target needs beyond the command timeout for a command's arguments (files to fetch). */
    extraSeconds?: FamilyBatchOptions['extraSeconds'];
  },
) {
  const batches = createFamilyBatches(ctx, {
    type: family.type,
    targetsName: family.targetsName,
    onAcks: family.onAcks,
    extraSeconds: family.extraSeconds,
  });
  app.addHook('onReady', async () => batches.startSweeping());
  app.addHook('onClose', () => batches.stop());
  const handlers = {
    batch: async (call: BatchCall & { body: { ids: number[]; command: string; args: Record<string, unknown> } }) => {
      const { projectId } = call.params;
      await ctx.devices.project(call.session, projectId);
      const { targets, missing } = await ctx.devices.targets(projectId, call.body.ids, family.type);
      if (missing.length) throw notFound();
      // Checked by the body's schema already: this fills in the command's defaults.
      const command = family.commands.find((c) => c.name === call.body.command)!;
      const args = command.args.parse(call.body.args);
      return batches.start({ actor: call.actor, projectId, command: command.name, targets, args });
    },
    batchStatus: async (call: BatchCall & { params: { batchId: string } }) => {
      await ctx.devices.project(call.session, call.params.projectId);
      const found = await batches.statusJson(call.params.projectId, call.params.batchId);
      if (!found) throw notFound();
      return jsonText(found);
    },
  };
  /** `handlers` for the family's table (typed by it where mounted); `batches` themselves (tests: `settled`). */
  return { handlers: handlers as unknown as Handlers<typeof batchCalls>, batches };
}
