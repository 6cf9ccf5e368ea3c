import { z } from 'zod';
import type { FamilyCommand } from './manifest.js';

/** The arguments of a command that takes none (a bare POST, or `{}`). */
export const noArgs = z.object({}) as z.ZodType<Record<string, unknown>>;

/** A family's command as `commandsOf` lists it. */
export type ListedCommand<N extends string> = { name: N; args: z.ZodType<Record<string, unknown>>; dangerous?: true };

/**
 * A family's commands from the arguments of each (`args`, in its order): POST …/{id}/{name} validated
 * with them; those named in `dangerous` ask for a confirmation in the console first.
 */
export const commandsOf = <const A extends Record<string, z.ZodType>>(
  args: A,
  dangerous: readonly (keyof A & string)[],
) =>
  Object.entries(args).map(([name, schema]) => ({
    name,
    args: schema as unknown as z.ZodType<Record<string, unknown>>,
    ...(dangerous.includes(name) ? { dangerous: true as const } : {}),
  })) as { [N in keyof A & string]: ListedCommand<N> }[keyof A & string][] satisfies readonly FamilyCommand[];

/** Commands several families' devices answer alike (docs/device-protocol.md). */

/** Spec 001 §7 "realdata": the device reports at once and answers its values. */
export const REALDATA_COMMAND = { name: 'realdata', args: noArgs } as const satisfies FamilyCommand;
/** Spec 001 §7 "correcttime": the device sets its clock to the server's time (the server adds it). */
export const CORRECTTIME_COMMAND = { name: 'correcttime', args: noArgs } as const satisfies FamilyCommand;
/** Spec 001 §7 "reboot": asks for a confirmation in the console. */
export const REBOOT_COMMAND = { name: 'reboot', args: noArgs, dangerous: true } as const satisfies FamilyCommand;
