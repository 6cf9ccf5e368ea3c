import { camera } from './camera.js';
import { dvr } from './dvr.js';
import { emergencycallequipment } from './emergencycallequipment.js';
import { envmonitor } from './envmonitor.js';
import { gateway } from './gateway.js';
import { heartbeatOnly } from './heartbeat-only.js';
import { illumination } from './illumination.js';
import { led } from './led.js';
import { lighting } from './lighting.js';
import { mtc } from './mtc.js';
import { nsc } from './nsc.js';
import { pgw } from './pgw.js';
import { smartclassifieddustbin } from './smartclassifieddustbin.js';
import type { CommandHandler, FamilySim } from './types.js';
import { watthourmeter } from './watthourmeter.js';
import { wifi } from './wifi.js';

/** Every simulated family; a new family is a new file listed here. */
export const FAMILY_SIMS: readonly FamilySim[] = [
  gateway,
  envmonitor,
  lighting,
  watthourmeter,
  illumination,
  smartclassifieddustbin,
  mtc,
  pgw,
  wifi,
  led,
  nsc,
  camera,
  dvr,
  emergencycallequipment,
  heartbeatOnly('evse'),
];

const byType = new Map(FAMILY_SIMS.map((f) => [f.type, f]));
export const familySim = (type: string): FamilySim => byType.get(type) ?? heartbeatOnly(type);

/** Every device answers register and unregister (the platform's decision, acknowledged). */
const COMMON: Record<string, CommandHandler> = {
  register: (device) => {
    device.registered = true;
    return { ok: true, result: { registered: true } };
  },
  unregister: (device) => {
    device.registered = false;
    return { ok: true, result: { registered: false } };
  },
};

export const commandHandler = (type: string, command: string): CommandHandler | undefined =>
  familySim(type).commands?.[command] ?? COMMON[command];
