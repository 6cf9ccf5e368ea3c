// The worker-thread side of a benchmark's simulated devices (bench/lib/server.mjs `startBench` starts the
// worker): packages/simulator's connections and one family's code, one MQTT connection per device
// signing in with its demo key, heartbeats a minute apart and readings as the fleet sends them. The
// worker module calls `runDevices` with its workerData, adds what it measures (the family's handlers
// wrapped, its own answers), then `serve` with its message handlers: `serve` posts { ready, connected,
// failed } and answers each message `m` its handler knows with { [m]: what the handler answered };
// 'close' ends the connections and the worker. Another worker module (bench/lib/sim-gateways.mjs) builds
// its devices with `simDevice` and connects them with `Connection`.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Node 20's workers do not inherit the TypeScript loader of the main thread.
register();
const { Connection } = await import('../../packages/simulator/src/device.ts');
const { familySim } = await import('../../packages/simulator/src/families/index.ts');

export { Connection };

let placed = 0;
/**
 * A simulated device as the fleet builds one (planned properties `props`, a place, its family's state),
 * behind the gateway `parent` if any.
 */
export function simDevice(type, equipmentId, props = {}, parent = null) {
  const device = {
    plan: { props, district: 0, parentEquipmentId: parent },
    equipmentId,
    type,
    place: { lng: 116.3, lat: 39.9, offset: ((placed++ * 2654435761) >>> 0) / 4294967296 },
    registered: true,
    silentUntil: 0,
    nextTelemetry: Number.POSITIVE_INFINITY,
    state: {},
  };
  familySim(type).init?.(device);
  return device;
}

/**
 * Connects `equipmentIds` as devices of `type` (type properties `props`) to the broker at `url` with
 * demo keys of `secret`; `rate` readings a minute each (0: none), with the fleet's jitter. Answers the
 * family's simulation (`sim`, whose commands a benchmark may wrap), the devices and the connections' stats.
 */
export async function runDevices({ url, secret, type, equipmentIds, props = {}, rate = 0 }) {
  const sim = familySim(type);
  const intervalMs = rate > 0 ? 60_000 / rate : 60_000;
  const devices = equipmentIds.map((equipmentId) => simDevice(type, equipmentId, props));
  const stats = { connected: 0, sent: 0, answered: 0, executed: 0, repeated: 0, failedConnects: 0 };
  const connections = devices.map(
    (d) => new Connection(d, [], { url, secret, protocol: 2, qos: 1, intervalMs, stats }),
  );
  // Connected in waves of 100, as the fleet staggers them.
  for (let i = 0; i < connections.length; i += 100)
    await Promise.all(connections.slice(i, i + 100).map((c) => c.connect()));

  // The fleet's tick (packages/simulator/src/fleet.ts): heartbeats a minute apart, readings due from
  // their due time.
  const tick = setInterval(() => {
    const t = Date.now();
    const at = new Date(t);
    for (const c of connections) {
      const d = c.owner;
      if (!c.online) continue;
      if (t >= c.nextHeartbeat) {
        c.heartbeat(t);
        c.nextHeartbeat = t + 60_000 * (0.95 + Math.random() * 0.1);
      }
      if (rate <= 0 || t < d.nextTelemetry) continue;
      if (t - d.nextTelemetry > 2 * intervalMs + 1000) d.nextTelemetry = t;
      for (let k = 0; t >= d.nextTelemetry && k < 20; k++) {
        d.nextTelemetry += intervalMs * (0.8 + Math.random() * 0.4);
        c.report(d, at);
      }
    }
  }, 1000);

  return {
    sim,
    devices,
    stats,
    async close() {
      clearInterval(tick);
      await Promise.all(connections.map((c) => c.close()));
    },
  };
}

/**
 * Tells the main thread the devices are connected, then answers its messages by `handlers`: each
 * answers `{ value, transfer? }` (transfer: the buffers moved, not copied, to the main thread).
 */
export function serve(run, handlers) {
  parentPort.postMessage({ ready: true, connected: run.stats.connected, failed: run.stats.failedConnects });
  parentPort.on('message', async (m) => {
    if (m === 'close') {
      await run.close();
      process.exit(0);
    }
    const handler = handlers[m];
    if (!handler) return;
    const { value, transfer } = await handler();
    parentPort.postMessage({ [m]: value }, transfer ?? []);
  });
}
