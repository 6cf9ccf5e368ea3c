// The burst benchmark's load (bench/burst.bench.mjs), in a worker thread of its own so that its loop
// does not delay the benchmark's HTTP probe: `devices` publish environment readings flat out for
// `seconds`. QoS 0: ten publishes, then a turn of the loop. QoS 1: a window of 20 unacknowledged per
// device. Each reading carries ts = base + n (n counts the device's messages from 0), so the bench can
// tell which acknowledged ones were stored. Posts { sent, acked: { [equipmentId]: count } }.
import { parentPort, workerData } from 'node:worker_threads';
import mqtt from 'mqtt';

const { url, devices, seconds, qos, base } = workerData;
const reading = (n) =>
  JSON.stringify({
    ts: base + n,
    values: { temperature: 20 + (n % 50) / 10, humidity: 55, pm25: 30, pm10: 50, co2: 420, noise: 45 },
  });

const clients = await Promise.all(
  devices.map(async (d) => ({
    ...d,
    client: await mqtt.connectAsync(url, {
      clientId: d.equipmentId,
      username: d.equipmentId,
      password: d.key1,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
    }),
  })),
);
let sent = 0;
const acked = {};
const until = Date.now() + seconds * 1000;
await Promise.all(
  clients.map(async ({ client, equipmentId }) => {
    const topic = `sc/${equipmentId}/up/telemetry`;
    let n = 0;
    acked[equipmentId] = 0;
    while (Date.now() < until && client.connected) {
      if (qos === 1) {
        const window = Array.from({ length: 20 }, () => client.publishAsync(topic, reading(n++), { qos: 1 }));
        sent += 20;
        // Acknowledged in order: each one acknowledged means those before it are too.
        await Promise.all(window.map((p) => p.then(() => acked[equipmentId]++)));
      } else {
        for (let i = 0; i < 10; i++) client.publish(topic, reading(n++), { qos: 0 });
        sent += 10;
        await new Promise((r) => setImmediate(r));
      }
    }
  }),
);
// QoS 0 still in the client's buffers is handed to the socket before the end.
await Promise.all(clients.map((c) => c.client.endAsync(false).catch(() => {})));
parentPort.postMessage({ sent, acked });
