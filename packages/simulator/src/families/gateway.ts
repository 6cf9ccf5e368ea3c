import { FAMILY_MANIFESTS } from '@sc/contract';
import type { FamilySim } from './types.js';

const LCU_TYPES: ReadonlySet<string> = new Set(FAMILY_MANIFESTS.filter((f) => f.lampControlUnit).map((f) => f.type));

/**
 * Gateways relay their children's traffic (naming the child in `device`) and list them in their
 * heartbeat; their own clock drifts until corrected.
 */
export const gateway: FamilySim = {
  type: 'gateway',
  firmware: 'GWS-3.1.7',
  init: (device) => {
    device.state.clockOffsetMs = Math.round((device.place.offset - 0.5) * 60_000);
    device.state.bootedAt = Date.now();
  },
  commands: {
    correcttime: (device, args, ctx) => {
      const previousOffsetMs = Number(device.state.clockOffsetMs ?? 0);
      const before = new Date(ctx.now.getTime() + previousOffsetMs).toISOString();
      device.state.clockOffsetMs = 0;
      return {
        ok: true,
        result: { before, after: typeof args.time === 'string' ? args.time : ctx.now.toISOString(), previousOffsetMs },
      };
    },
    reboot: (device, _args, ctx) => {
      const downMs = 3000 + Math.round(device.place.offset * 3000);
      // Answer first, then go away: the reply must leave before the connection drops.
      setTimeout(() => ctx.reboot(downMs), 300);
      device.state.bootedAt = Date.now() + downMs;
      return { ok: true, result: { rebootingInMs: 300, downMs } };
    },
    clearlcus: (device, _args, ctx) => {
      const lamps = ctx.children.filter((c) => LCU_TYPES.has(c.type));
      device.state.clearedAt = ctx.now.toISOString();
      return { ok: true, result: { cleared: lamps.length } };
    },
  },
};
