// A worker thread running simulated gateways and their lamps (packages/simulator's connections), so that
// the devices' work does not delay the benchmark's own timings. workerData: { url, secret, executeMs,
// gateways: [{ equipmentId, lamps: [equipmentId] }] }. Posts { ready } once connected, then answers
// 'stats' with the fleet's counters and the requests the gateways received; 'close' ends it.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Node 20's workers do not inherit the TypeScript loader of the main thread.
register();
const { Connection } = await import('../../packages/simulator/src/device.ts');
const { familySim } = await import('../../packages/simulator/src/families/index.ts');

const { url, secret, executeMs, gateways } = workerData;
let n = 0;
/** A simulated device as the fleet builds one (planned properties, a place, its family's state). */
const simDevice = (type, equipmentId, parent) => {
  const device = {
    plan: { props: type === 'lighting' ? { ratedPower: 100 } : {}, district: 0, parentEquipmentId: parent },
    equipmentId,
    type,
    place: { lng: 116.3, lat: 39.9, offset: ((n++ * 2654435761) >>> 0) / 4294967296 },
    registered: true,
    silentUntil: 0,
    nextTelemetry: Number.POSITIVE_INFINITY,
    state: {},
  };
  familySim(type).init?.(device);
  return device;
};
const stats = { connected: 0, sent: 0, answered: 0, executed: 0, repeated: 0, failedConnects: 0, requests: 0 };
const connections = gateways.map(
  (g) =>
    new Connection(
      simDevice('gateway', g.equipmentId, null),
      g.lamps.map((l) => simDevice('lighting', l, g.equipmentId)),
      { url, secret, protocol: 2, qos: 1, intervalMs: 3_600_000, stats, executeMs },
    ),
);
await Promise.all(connections.map((c) => c.connect()));
for (const c of connections) c.client.on('message', () => stats.requests++);
parentPort.postMessage({ ready: true, connected: stats.connected });
parentPort.on('message', async (m) => {
  if (m === 'stats') parentPort.postMessage({ stats: { ...stats } });
  if (m === 'close') {
    await Promise.all(connections.map((c) => c.close()));
    process.exit(0);
  }
});
