import { AppError } from '../../../platform/errors.js';
import type { StateChange } from '../../activity.js';
import type { CommandTarget } from '../../command-bus.js';
import type { ResendPlan } from '../../resend.js';
import { type Actor, changedFields, type FamilyContext } from '../family-handler.js';
import type { FamilyDevice } from './devices.repository.js';

/** 502: the device answered that it could not do it. */
export const deviceFailed = (error: string) => new AppError(502, 'DEVICE_FAILED', 'errors.deviceFailed', { error });

/**
 * Sends a command and awaits the device's answer: what a command call answers once it is done. Offline
 * (409) and silent (504) come from the bus; a refusal is a 502, unless `refused` turns the device's
 * error into the family's own answer.
 */
export async function sendCommand(
  ctx: FamilyContext,
  actor: Actor | null,
  target: CommandTarget,
  command: string,
  args: Record<string, unknown>,
  refused?: (error: string | undefined) => AppError | undefined,
) {
  const outcome = await ctx.iot.bus.send(actor, target, command, args);
  if (!outcome.ok) throw refused?.(outcome.error) ?? deviceFailed(outcome.error ?? command);
  return {
    command,
    ok: true as const,
    result: outcome.result ?? null,
    durationMs: outcome.durationMs,
    attempts: outcome.attempts,
  };
}

/**
 * Tells a connected device; answers whether it did what it was told. An offline or silent one is not an
 * error: the platform's settings are sent to it when it next asks.
 */
export const tellDevice = (ctx: FamilyContext, actor: Actor, target: CommandTarget, command: string, args: object) =>
  ctx.iot.bus.send(actor, target, command, args as Record<string, unknown>).then(
    (outcome) => outcome.ok,
    () => false,
  );

/**
 * Tells a device by command what it need not answer with a result (to pull live audio, to play): `sent` when it
 * answered ok, `failed` when it refused, `offline` (the bus's 409) or `silent` (504).
 */
export async function commandOutcome(
  ctx: FamilyContext,
  actor: Actor,
  target: CommandTarget,
  command: string,
  args: Record<string, unknown>,
): Promise<'sent' | 'failed' | 'offline' | 'silent'> {
  try {
    return (await ctx.iot.bus.send(actor, target, command, args)).ok ? 'sent' : 'failed';
  } catch (err) {
    const status = err instanceof AppError ? err.statusCode : 0;
    return status === 409 ? 'offline' : status === 504 ? 'silent' : 'failed';
  }
}

/**
 * Stores a device's settings in its type properties (the management log says what changed, as
 * `settingsOf` reads them) and tells a connected device its new settings (`command`): the settings
 * with whether it was told.
 */
export async function saveDeviceSettings<S extends Record<string, unknown>>(
  ctx: FamilyContext,
  actor: Actor,
  device: FamilyDevice,
  change: Record<string, unknown>,
  settingsOf: (props: Record<string, unknown>) => S,
  command = 'config',
) {
  const props = { ...device.props, ...change };
  await ctx.devices.setProps(device.id, props);
  ctx.iot.directory.forget(device.id);
  const settings = settingsOf(props);
  await ctx.audit.manage(actor, {
    action: 'update',
    entity: 'device',
    entityId: device.id,
    summary: device.name,
    changes: changedFields(settingsOf(device.props), settings),
  });
  return { ...settings, delivered: await tellDevice(ctx, actor, device, command, settings) };
}

/**
 * Sends each device of `type` that comes back what `plan` answers for it (null: nothing to send), once
 * it is found a device of that type in its project (ctx.iot.resendWhenOnline).
 */
export function resendOnReturn(
  ctx: FamilyContext,
  type: string,
  plan: (change: StateChange) => Promise<Omit<ResendPlan, 'target'> | null>,
) {
  return ctx.iot.resendWhenOnline(type, async (change) => {
    const planned = await plan(change);
    if (!planned) return null;
    const { targets } = await ctx.devices.targets(change.projectId, [change.id], type);
    return targets[0] ? { target: targets[0], ...planned } : null;
  });
}
