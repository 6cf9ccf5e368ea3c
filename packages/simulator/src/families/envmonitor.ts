import { environment } from '../cycles.js';
import { type FamilySim, threshold, type Values } from './types.js';

/** Environment monitors: every reading of ENV_READINGS with daily cycles; PM2.5 alarms at rush hour. */
export const envmonitor: FamilySim = {
  type: 'envmonitor',
  firmware: 'ENV-2.4.1',
  telemetry: (device, at) => environment(at, device.place),
  events: (device, values) => {
    const pm25 = (values as Values | null)?.pm25;
    return typeof pm25 === 'number' ? threshold(device, 'PM25_HIGH', pm25, 115, 90, { pm25 }) : [];
  },
  commands: {
    report: (_device, _args, ctx) => {
      const values = ctx.report();
      return { ok: true, result: { values } };
    },
  },
};
