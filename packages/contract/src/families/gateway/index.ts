import { z } from 'zod';
import { days, int as setting } from '../../settings/kinds.js';
import {
  childList,
  commandResponse,
  defineFamily,
  eventPage,
  FAMILY_READS,
  familyCalls,
  familyGroup,
  familyScreen,
  IOT_NET,
  int,
  registrationResponse,
} from '../kit/index.js';

const calls = familyCalls('gateway');
const noArgs = z.object({}) as z.ZodType<Record<string, unknown>>;

/** Commands of spec 001 §7 "gateway: correcttime, reboot, clearlcus" (the server adds the time). */
export const GATEWAY_COMMANDS = [
  { name: 'correcttime', args: noArgs },
  { name: 'reboot', args: noArgs, dangerous: true },
  { name: 'clearlcus', args: noArgs, dangerous: true },
] as const;

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
      apis: [
        ...calls.registration(),
        ...calls.commands(GATEWAY_COMMANDS),
        calls.get(':id/events'),
        calls.get(':id/children'),
        ...FAMILY_READS,
      ],
    }),
    familyScreen('pjtdevicegateway', 'pjtgateway', 'GatewayOutlined', 'gateway', {
      ready: true,
      menu: false,
      authOf: 'pjtdevicegatewaylist',
    }),
  ],
  responses: {
    registration: registrationResponse,
    command: commandResponse,
    events: eventPage,
    children: childList,
  },
  demo: { weight: 4, lead: 0, perDistrict: true },
});
