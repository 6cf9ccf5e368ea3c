import { parseArgs } from 'node:util';
import { createFleet } from './fleet.js';

/**
 * `npm run simulate -- --devices N --secret S [--url mqtt://127.0.0.1:1883] [--from 1] [--rate 1]
 * [--offline 0.02] [--protocol 2] [--qos 0|1] [--execute-ms 0]`: the demo devices DEMO000001… against a broker (seed them
 * first: `npm run seed:demo -- --devices N`, which prints the installation's demo secret S; or set
 * DEMO_DEVICE_SECRET).
 */
const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100' },
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    secret: { type: 'string', default: process.env.DEMO_DEVICE_SECRET ?? '' },
    from: { type: 'string', default: '1' },
    rate: { type: 'string', default: '1' },
    offline: { type: 'string', default: '0.02' },
    protocol: { type: 'string', default: '2' },
    qos: { type: 'string', default: '0' },
    'execute-ms': { type: 'string', default: '0' },
  },
});

function number(name: string, min: number, max: number): number {
  const v = Number(values[name as keyof typeof values]);
  if (!Number.isFinite(v) || v < min || v > max) {
    console.error(`--${name} takes a number from ${min} to ${max}`);
    process.exit(2);
  }
  return v;
}

if (!values.secret) {
  console.error(
    "The demo devices sign in with keys derived from the installation's demo secret: pass --secret S or set DEMO_DEVICE_SECRET (`npm run seed:demo` prints it).",
  );
  process.exit(2);
}
const protocol = number('protocol', 1, 2);
const qos = number('qos', 0, 1);
const fleet = createFleet({
  url: values.url!,
  secret: values.secret,
  devices: Math.floor(number('devices', 1, 1_000_000)),
  from: Math.floor(number('from', 1, 1_000_000)),
  rate: number('rate', 0.01, 600),
  offline: number('offline', 0, 1),
  protocol: protocol === 1 ? 1 : 2,
  qos: qos === 1 ? 1 : 0,
  executeMs: number('execute-ms', 0, 60_000),
  statusEveryMs: 10_000,
  log: (line) => console.log(line),
});
console.log(
  `[simulator] ${fleet.devices.length} devices on ${fleet.connections.length} connections to ${values.url} (gateways relay their children)`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    fleet.status();
    void fleet.stop().then(() => process.exit(0));
  });
await fleet.start();
fleet.status();
