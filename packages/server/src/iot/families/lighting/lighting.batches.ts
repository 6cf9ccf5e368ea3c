import { lightingCommandArgs, lightingManifest } from '@sc/contract';
import { AppError } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import { type BatchStart, createFamilyBatches } from '../kit/batches/index.js';
import type { LampTarget, LightingRepository } from './lighting.repository.js';

export { BATCH_CONCURRENCY } from '../kit/batches/index.js';

export interface LampResult {
  deviceId: number;
  name: string;
  ok: boolean | null;
  error: string | null;
  durationMs: number | null;
}

/** What the server adds to a command's arguments before sending it. */
export function deviceArgs(command: string, args: Record<string, unknown>): Record<string, unknown> {
  if (command === 'correcttime') return { ...args, time: new Date().toISOString() };
  return args;
}

/**
 * Batch and group commands: one command to many lamps on the kit's batches (crash-safe: each lamp's
 * result stored as it arrives, the operation-log entry written at the start and completed at the end,
 * a batch whose instance died closed or taken over by another).
 */
export function createLightingBatches(ctx: FamilyContext, repo: LightingRepository) {
  const kit = createFamilyBatches(ctx, {
    type: lightingManifest.type,
    targetsName: (count) => `${count} lamps`,
    atSend: deviceArgs,
    onAcks: {
      // The run mode of the lamps that acknowledged, a set at a time.
      runmode: (lamps, args) =>
        repo.saveSettingsOf(lamps, { runMode: String(args.runMode), policyMode: String(args.policyMode) }),
    },
  });
  const start = (input: BatchStart<LampTarget>) => kit.start(input);

  /** A batch's status in JSON (the kit's `statusJson`); 404 when the project has none of that id. */
  async function statusJson(projectId: number, id: string) {
    const found = await kit.statusJson(projectId, id);
    if (!found) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.batchMissing');
    return found;
  }

  return {
    start,

    /**
     * A lamp command (with the command's defaults filled in) to many lamps; a run mode is stored for
     * the lamps that acknowledged it, a set at a time.
     */
    command(actor: Actor, projectId: number, command: string, args: Record<string, unknown>, targets: LampTarget[]) {
      // Validated by the body's schema already: this fills in the command's defaults (channel all, …).
      const full = lightingCommandArgs[command as keyof typeof lightingCommandArgs].parse(args) as Record<
        string,
        unknown
      >;
      return start({
        actor,
        projectId,
        command,
        targets,
        args: full,
      });
    },

    /** Waits for the batches this instance runs (tests, shutdown). */
    settled: kit.settled,
    /** Orphaned batches: looked for from the app's start; let go of at its stop (lighting.routes.ts). */
    startSweeping: kit.startSweeping,
    stop: kit.stop,
    /** The kit's batches of the family (tests: `halt`, `sweep`). */
    kit,

    statusJson,

    async status(projectId: number, id: string) {
      return JSON.parse(await statusJson(projectId, id)) as NonNullable<Awaited<ReturnType<typeof kit.status>>>;
    },

    /** Lamps by id and group, every one a lamp of the project (404 otherwise). */
    async targets(projectId: number, lampIds: number[], groupIds: number[]) {
      const found = await repo.targets(projectId, lampIds, groupIds);
      if (found.missingGroups.length) throw new AppError(404, 'NOT_FOUND', 'lighting.errors.groupMissing');
      if (found.missingLamps.length) throw new AppError(404, 'NOT_FOUND', 'errors.notFound');
      return found.targets;
    },
  };
}

export type LightingBatches = ReturnType<typeof createLightingBatches>;
