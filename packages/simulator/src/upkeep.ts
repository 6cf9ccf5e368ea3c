import type { CommandHandler, SimDevice, SimEvent } from './families/types.js';

/**
 * The device side of the kit's link and firmware traits, for every family that lists them (cabinets,
 * power-line gateways): the version it runs, comm args and peripherals kept as sent, and a firmware
 * image taken in chunks, the last of which switches the version and raises UPGRADE_RESULT.
 */
export function upkeepCommands(options: {
  defaultVersion: string;
  raise: (device: SimDevice, event: SimEvent) => void;
}): Record<'version' | 'comm' | 'peripherals' | 'upgrade', CommandHandler> {
  const keep =
    (key: string): CommandHandler =>
    (device, args) => {
      device.state[key] = args;
      return { ok: true, result: { stored: true } };
    };
  return {
    version: (device) => ({ ok: true, result: { version: versionOf(device, options.defaultVersion) } }),
    comm: keep('comm'),
    peripherals: keep('peripherals'),
    upgrade: (device, args) => {
      const index = Number(args.index);
      const total = Number(args.total);
      if (!Number.isInteger(index) || !Number.isInteger(total) || typeof args.data !== 'string')
        return { ok: false, error: 'BAD_CHUNK' };
      device.state.upgradeReceived = index + 1;
      if (index + 1 === total) {
        device.state.version = String(args.version);
        options.raise(device, {
          code: 'UPGRADE_RESULT',
          type: 'info',
          level: 'info',
          detail: { ok: true, version: String(args.version) },
        });
      }
      return { ok: true, result: { received: index + 1, total } };
    },
  };
}

/** The version a device runs: the last firmware it took, or the one it came with. */
export const versionOf = (device: SimDevice, fallback: string) =>
  typeof device.state.version === 'string' ? device.state.version : fallback;
