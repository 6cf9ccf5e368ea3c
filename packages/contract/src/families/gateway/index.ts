import { int as setting } from '../../settings/kinds.js';
import { deviceCalls, familyEndpoints } from '../kit/calls.js';
import { CORRECTTIME_COMMAND, noArgs, REBOOT_COMMAND } from '../kit/commands.js';
import { deviceFamily } from '../kit/device-family.js';
import { IOT_NET } from '../kit/network.js';
import { int } from '../kit/properties.js';

/** Commands of spec 001 §7 "gateway: correcttime, reboot, clearlcus" (the server adds the time). */
export const GATEWAY_COMMANDS = [
  CORRECTTIME_COMMAND,
  REBOOT_COMMAND,
  { name: 'clearlcus', args: noArgs, dangerous: true },
] as const;

const e = familyEndpoints('gateway');

/**
 * Spec 001 §7 "gateway: register, unregister, correcttime, reboot, clearlcus, events, children": every
 * call a trait's; the events include the children's.
 */
export const GATEWAY_API = {
  ...deviceCalls(e, { commands: GATEWAY_COMMANDS, events: 'withChildren', children: true }),
};

/**
 * Gateways (spec 001 §7): they carry child devices — lamp controllers, sensors, meters — whose
 * traffic they relay naming the child, and their heartbeat lists the children they reach.
 */
export const gatewayManifest = deviceFamily({
  type: 'gateway',
  slug: 'gateway',
  module: 'gateway',
  icon: 'GatewayOutlined',
  properties: [int('maxChildren', 1, 1024)],
  network: [...IOT_NET, 'ip', 'port', 'mac'],
  relaysChildren: true,
  commands: GATEWAY_COMMANDS,
  heartbeat: 'gatewayHeartbeat',
  settings: [setting('gatewayHeartbeat', 'device', { default: 60, min: 15, max: 300 })],
  retentionDays: 'gatewayRetentionDays',
  kept: ['events'],
  api: GATEWAY_API,
  demo: { weight: 4, lead: 0, perDistrict: true },
});
