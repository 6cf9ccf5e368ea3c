// Map under load on the embedded default: the built server (`npm start` without DATABASE_URL: PGlite in
// a worker) with 100,000 demo devices; 32 clients move the map over the city (view.do and clusters.do at
// zooms 9-16, random boxes and pans) while device states change through the API (each one re-read into
// the map's snapshot), and a trivial signed-in call (GET /api/login.do) is timed every 20 ms. The
// server's event-loop delay is measured inside it (bench/lib/loop-probe.mjs). Phases: the warm-up (one
// view per zoom over the whole city: the first clustering per zoom), idle (the baseline: the trivial
// call only), load. Load average beside every phase.
// Usage: node bench/map-load.bench.mjs [--data-dir <seeded PGlite dir>] [--devices 100000] [--seconds 30]
//   [--clients 32] [--state-rate 20] [--state-batch 1] [--label before]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, pct, writeResult } from './lib/figures.mjs';
import { readLoop } from './lib/loop-probe.mjs';
import { seedDemo, signIn, startServer } from './lib/server.mjs';

const devices = Number(arg('devices', '100000'));
const seconds = Number(arg('seconds', '30'));
const clients = Number(arg('clients', '32'));
const stateRate = Number(arg('state-rate', '20'));
// Devices per state call: 1 forces one device's state (PUT …/{id}/active), more force a batch (POST
// …/batch/active, one database write) at stateRate / stateBatch calls a second. At most 8: the batch's
// audit row keeps the ids joined in 64 characters, and more than that is refused.
const stateBatch = Number(arg('state-batch', '1'));
const label = arg('label', 'run');
const round = (v) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

let dataDir = arg('data-dir', null);
let seedSeconds = null;
if (!dataDir) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-map-load-'));
  seedSeconds = seedDemo({ DATA_DIR: dataDir }, devices);
}
const probeFile = path.join(os.tmpdir(), `sc-map-load-probe-${process.pid}.json`);
process.env.SERVER_NODE_ARGS =
  `${process.env.SERVER_NODE_ARGS ?? ''} --import ${path.resolve(import.meta.dirname, 'lib/loop-probe.mjs')}`.trim();
const server = await startServer({ DATA_DIR: dataDir, LOOP_PROBE_FILE: probeFile });
const token = await signIn(server.url);
const get = async (p) => {
  const t = performance.now();
  const res = await fetch(`${server.url}${p}${p.includes('?') ? '&' : '?'}token=${token}`);
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${Buffer.from(body).toString()}`);
  return { ms: performance.now() - t, body };
};

/** A trivial signed-in call every 20 ms while `work` runs; the loop's figures over the same time. */
async function phase(name, work) {
  await readLoop(server.pid, probeFile);
  const loadBefore = loadavg();
  const trivial = [];
  let done = false;
  const started = performance.now();
  const result = work().finally(() => {
    done = true;
  });
  while (!done) {
    trivial.push((await get('/api/login.do')).ms);
    await sleep(20);
  }
  const out = await result;
  const loop = await readLoop(server.pid, probeFile);
  return {
    name,
    seconds: round((performance.now() - started) / 1000),
    loopP50: loop.p50,
    loopP99: loop.p99,
    loopMax: loop.max,
    turnsOver100ms: loop.over100,
    // Of those, the turns in which the server's main thread itself computed over 100 ms (not waiting
    // for a core of the loaded machine), and the most CPU time one late turn took (10 ms ticks).
    turnsOver100msCpu: loop.over100Cpu,
    lateTurnMaxCpuMs: loop.maxTurnCpu,
    trivialCalls: trivial.length,
    trivialP50: round(pct(trivial, 50)),
    trivialP99: round(pct(trivial, 99)),
    trivialMax: round(Math.max(...trivial)),
    loadBefore,
    loadAfter: loadavg(),
    ...out,
  };
}

try {
  const extent = JSON.parse(Buffer.from((await get('/api/map/extent.do')).body).toString());
  if (!extent.count) throw new Error('no located devices');
  // Device ids for the state changes: some pages of the registry.
  const ids = [];
  for (let page = 1; page <= 20; page++) {
    const p = 1 + Math.floor(Math.random() * Math.max(1, Math.floor(extent.count / 100) - 1));
    const { body } = await get(`/api/biz/devices.do/pages?page=${p}&pageSize=100`);
    for (const d of JSON.parse(Buffer.from(body).toString()).list) ids.push(d.id);
  }
  const box = (lng, lat, zoom) => {
    // A 1280 x 800 px map at the zoom (256 px tiles).
    const w = (1280 * 360) / (256 * 2 ** zoom);
    const h = (800 * 360) / (256 * 2 ** zoom);
    return { west: lng - w / 2, east: lng + w / 2, south: lat - h / 2, north: lat + h / 2 };
  };
  const q = (b, zoom) =>
    `west=${b.west.toFixed(6)}&south=${b.south.toFixed(6)}&east=${b.east.toFixed(6)}&north=${b.north.toFixed(6)}&zoom=${zoom}`;
  const randomPlace = () => ({
    lng: extent.west + Math.random() * (extent.east - extent.west),
    lat: extent.south + Math.random() * (extent.north - extent.south),
  });

  const warm = await phase('warm-up', async () => {
    const perZoom = {};
    const lng = (extent.west + extent.east) / 2;
    const lat = (extent.south + extent.north) / 2;
    for (let zoom = 9; zoom <= 16; zoom++)
      perZoom[zoom] = round((await get(`/api/map/view.do?${q(box(lng, lat, zoom), zoom)}`)).ms);
    return { viewMsPerZoom: perZoom };
  });
  const idle = await phase('idle', () => sleep(10_000).then(() => ({})));

  const load = await phase('load', async () => {
    const until = Date.now() + seconds * 1000;
    const lat = { view: [], clusters: [] };
    let errors = 0;
    const client = async (k) => {
      let place = randomPlace();
      let zoom = 9 + Math.floor(Math.random() * 8);
      for (let n = 0; Date.now() < until; n++) {
        // Mostly pans and zooms by one from where the client looks; now and then a jump elsewhere.
        const r = Math.random();
        if (r < 0.1) place = randomPlace();
        else if (r < 0.3) zoom = Math.min(16, Math.max(9, zoom + (Math.random() < 0.5 ? -1 : 1)));
        else {
          const b = box(place.lng, place.lat, zoom);
          place = {
            lng: place.lng + (Math.random() - 0.5) * 0.5 * (b.east - b.west),
            lat: place.lat + (Math.random() - 0.5) * 0.5 * (b.north - b.south),
          };
        }
        const kind = (k + n) % 2 ? 'view' : 'clusters';
        try {
          lat[kind].push((await get(`/api/map/${kind}.do?${q(box(place.lng, place.lat, zoom), zoom)}`)).ms);
        } catch {
          errors++;
        }
      }
    };
    let stateChanges = 0;
    let stateErrors = 0;
    let firstStateError = null;
    const stateMs = [];
    const changer = async () => {
      const every = (1000 * stateBatch) / stateRate;
      let next = performance.now();
      while (Date.now() < until) {
        const some = Array.from({ length: stateBatch }, () => ids[Math.floor(Math.random() * ids.length)]);
        const activeState = [-1, 0, 1][Math.floor(Math.random() * 3)];
        const t = performance.now();
        const res =
          stateBatch === 1
            ? await fetch(`${server.url}/api/biz/devices.do/${some[0]}/active?token=${token}`, {
                method: 'PUT',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ activeState }),
              })
            : await fetch(`${server.url}/api/biz/devices.do/batch/active?token=${token}&lang=en_US`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ ids: [...new Set(some)].join(','), activeState: String(activeState) }),
              });
        const answer = await res.text();
        if (res.ok) stateChanges += new Set(some).size;
        else {
          stateErrors++;
          firstStateError ??= `${res.status} ${answer.slice(0, 300)}`;
        }
        stateMs.push(performance.now() - t);
        next += every;
        await sleep(Math.max(0, next - performance.now()));
      }
    };
    const started = performance.now();
    await Promise.all([changer(), ...Array.from({ length: clients }, (_, k) => client(k))]);
    const elapsed = (performance.now() - started) / 1000;
    const figures = (list) => ({
      calls: list.length,
      perSecond: round(list.length / elapsed),
      p50: round(pct(list, 50)),
      p99: round(pct(list, 99)),
      max: round(Math.max(...list)),
    });
    return {
      clients,
      stateBatch,
      view: figures(lat.view),
      clusters: figures(lat.clusters),
      mapCallsPerSecond: round((lat.view.length + lat.clusters.length) / elapsed),
      mapErrors: errors,
      stateChanges,
      stateErrors,
      firstStateError,
      stateChangesPerSecond: round(stateChanges / elapsed),
      stateCallP99: round(pct(stateMs, 99)),
    };
  });
  const ratio = (a, b) => (a && b ? round(a / b) : null);
  const result = {
    label,
    devices: extent.count,
    seedSeconds,
    node: process.version,
    machine: { cores: os.cpus().length, shared: true },
    target: { loopMaxMs: 100 },
    phases: { warm, idle, load },
    ratios: {
      loopP99: ratio(load.loopP99, idle.loopP99),
      loopMax: ratio(load.loopMax, idle.loopMax),
      trivialP99: ratio(load.trivialP99, idle.trivialP99),
    },
    met: load.loopMax <= 100,
  };
  await writeResult(`map-load-${label}`, result);
} finally {
  await server.stop();
  fs.rmSync(probeFile, { force: true });
}
