import { z } from 'zod';
import { grantsOf } from '../../endpoints/endpoint.js';
import { days, int as setting } from '../../settings/kinds.js';
import {
  childrenCalls,
  commandCalls,
  defineFamily,
  eventCalls,
  FAMILY_READS,
  familyEndpoints,
  familyGroup,
  familyScreen,
  IOT_NET,
  int,
  registrationCalls,
} from '../kit/index.js';

const noArgs = z.object({}) as z.ZodType<Record<string, unknown>>;

/** Commands of spec 001 §7 "gateway: correcttime, reboot, clearlcus" (the server adds the time). */
export const GATEWAY_COMMANDS = [
  { name: 'correcttime', args: noArgs },
  { name: 'reboot', args: noArgs, dangerous: true },
  { name: 'clearlcus', args: noArgs, dangerous: true },
] as const;

const e = familyEndpoints('gateway');

/**
 * Spec 001 §7 "gateway: register, unregister, correcttime, reboot, clearlcus, events, children": every
 * call a trait's; the events include the children's.
 */
export const GATEWAY_API = {
  ...registrationCalls(e),
  ...commandCalls(e, GATEWAY_COMMANDS),
  ...eventCalls(e, true),
  ...childrenCalls(e),
};

/**
 * Gateways (spec 001 §7): they carry child devices — lamp controllers, sensors, meters — whose
 * traffic they relay naming the child, and their heartbeat lists the children they reach.
 */
export const gatewayManifest = defineFamily({
  type: 'gateway',
  slug: 'gateway',
  module: 'gateway',
  properties: [int('maxChildren', 1, 1024)],
  network: [...IOT_NET, 'ip', 'port', 'mac'],
  relaysChildren: true,
  commands: GATEWAY_COMMANDS,
  heartbeat: 'gatewayHeartbeat',
  retention: { events: 'gatewayRetentionDays' },
  settings: [
    setting('gatewayHeartbeat', 'device', { default: 60, min: 15, max: 300 }),
    setting('gatewayRetentionDays', 'retention', days(365)),
  ],
  screens: [
    familyGroup('pjtgateway', 'GatewayOutlined'),
    familyScreen('pjtdevicegatewaylist', 'pjtgateway', 'GatewayOutlined', 'gateway', {
      ready: true,
      apis: [...grantsOf(GATEWAY_API), ...FAMILY_READS],
    }),
    familyScreen('pjtdevicegateway', 'pjtgateway', 'GatewayOutlined', 'gateway', {
      ready: true,
      menu: false,
      authOf: 'pjtdevicegatewaylist',
    }),
  ],
  api: GATEWAY_API,
  demo: { weight: 4, lead: 0, perDistrict: true },
});
