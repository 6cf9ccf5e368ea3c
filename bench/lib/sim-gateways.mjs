// A worker thread running simulated gateways and their lamps (packages/simulator's connections), so that
// the devices' work does not delay the benchmark's own timings. workerData: { url, secret, executeMs,
// gateways: [{ equipmentId, lamps: [equipmentId] }] }. Posts { ready } once connected, then answers
// 'stats' with the fleet's counters and the requests the gateways received; 'close' ends it.
import { parentPort, workerData } from 'node:worker_threads';
import { Connection, simDevice } from './sim-devices.mjs';

const { url, secret, executeMs, gateways } = workerData;
const stats = { connected: 0, sent: 0, answered: 0, executed: 0, repeated: 0, failedConnects: 0, requests: 0 };
const connections = gateways.map(
  (g) =>
    new Connection(
      simDevice('gateway', g.equipmentId),
      g.lamps.map((l) => simDevice('lighting', l, { ratedPower: 100 }, g.equipmentId)),
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
