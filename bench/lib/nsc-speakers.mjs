// A worker thread running simulated network speakers (packages/simulator's connections and its nsc
// family, the code of the simulated speakers), so that their work does not delay the benchmark's own
// timings (the operator's frames are sent from the main thread). workerData: { url, secret, rate,
// speakers: [equipmentId] }. Each speaker has its own MQTT connection, signs in with its demo key, answers
// commands, pulls a live broadcast over HTTP when told, and sends its readings as the fleet does: one
// shared tick a second sends what is due (heartbeats, `rate` readings a minute, with the fleet's jitter; a speaker
// may ask for an earlier one). Posts { ready, connected } once connected; answers 'frames' with what the
// speakers heard of live broadcasts ({ delays: Float64Array of every frame's capture-to-arrival ms,
// speakers: { [equipmentId]: { frames, first, last, gaps } } }) and starts afresh; 'close' ends it.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// Node 20's workers do not inherit the TypeScript loader of the main thread.
register();
const { Connection } = await import('../../packages/simulator/src/device.ts');
const { familySim } = await import('../../packages/simulator/src/families/index.ts');
const { liveProbe } = await import('../../packages/simulator/src/families/nsc.ts');

const { url, secret, rate, speakers } = workerData;
const intervalMs = 60_000 / rate;
let n = 0;
/** A simulated speaker as the fleet builds one (a place, its family's state). */
const simDevice = (equipmentId) => {
  const device = {
    plan: { props: {}, district: 0, parentEquipmentId: null },
    equipmentId,
    type: 'nsc',
    place: { lng: 116.3, lat: 39.9, offset: ((n++ * 2654435761) >>> 0) / 4294967296 },
    registered: true,
    silentUntil: 0,
    nextTelemetry: Number.POSITIVE_INFINITY,
    state: {},
  };
  familySim('nsc').init?.(device);
  return device;
};

let delays = [];
let heard = new Map();
liveProbe.heard = (device, seq, delayMs) => {
  delays.push(delayMs);
  const s = heard.get(device.equipmentId) ?? { frames: 0, first: seq, last: seq - 1, gaps: 0 };
  s.frames++;
  if (seq > s.last + 1) s.gaps += seq - s.last - 1;
  s.last = Math.max(s.last, seq);
  heard.set(device.equipmentId, s);
};

const stats = { connected: 0, sent: 0, answered: 0, executed: 0, repeated: 0, failedConnects: 0 };
const connections = speakers.map(
  (id) => new Connection(simDevice(id), [], { url, secret, protocol: 2, qos: 1, intervalMs, stats }),
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
    if (t < d.nextTelemetry) continue;
    if (t - d.nextTelemetry > 2 * intervalMs + 1000) d.nextTelemetry = t;
    for (let k = 0; t >= d.nextTelemetry && k < 20; k++) {
      d.nextTelemetry += intervalMs * (0.8 + Math.random() * 0.4);
      c.report(d, at);
    }
  }
}, 1000);

parentPort.postMessage({ ready: true, connected: stats.connected, failed: stats.failedConnects });
parentPort.on('message', async (m) => {
  if (m === 'frames') {
    const out = { delays: Float64Array.from(delays), speakers: Object.fromEntries(heard) };
    delays = [];
    heard = new Map();
    parentPort.postMessage({ frames: out }, [out.delays.buffer]);
  }
  if (m === 'close') {
    clearInterval(tick);
    await Promise.all(connections.map((c) => c.close()));
    process.exit(0);
  }
});
