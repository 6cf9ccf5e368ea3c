#!/usr/bin/env node
// Network speakers: a live broadcast and a timed task, on the built server as a child process with its
// embedded broker, the speakers being the product's simulated speakers (packages/simulator, its nsc family)
// in a worker thread, each with its own MQTT connection to that broker.
// - Live: the operator's WebSocket (…/iot/nsc/live?deviceIds=…, as the console opens it) reaches SPEAKERS
//   speakers; once every one pulls the stream (the socket says `pulling`), a Node WebSocket client sends
//   20 ms frames of a 440 Hz tone at real time for SECONDS, each stamped capturedAt = the instant of its
//   first sample (a frame leaves when its 20 ms are captured, as in the browser). Figures: the delay of
//   every frame from capture to its arrival at a speaker (p50, p99, max: what the speakers' pull measures,
//   per frame), frames lost (sent and not heard, and the gaps in seq the speakers report themselves),
//   the speakers' own half-second reports as the console receives them, the server's CPU and peak RSS.
// - Timed task: one mp3 uploaded, a task on TASK_SPEAKERS speakers at the next whole minute at least
//   LEAD seconds ahead (a start time is HH:mm), checked and started; each speaker plays it on its own
//   clock. Figures: when each speaker's report of playing it reaches the console (/api/ws) and the
//   instant the speaker stamped on it, relative to the scheduled start: spread (max − min), p50, p99.
// Usage: node --import tsx bench/nsc.bench.mjs [--speakers 100] [--task-speakers 500] [--seconds 20]
//   [--lead 20] [--rate 1] (readings a minute per speaker) [--url postgres://…] (PostgreSQL, a new
//   database in that cluster; PGlite otherwise)
// Prints one JSON line and writes it to bench/results/nsc-<date>.json (nsc-pg-<date>.json on PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import { liveFrame, NSC_LIVE_FORMAT, NSC_LIVE_FRAME_SAMPLES } from '../packages/contract/src/families/nsc/live.ts';
import { silentMp3 } from '../packages/contract/src/families/nsc/media/index.ts';
import { demoKey } from '../packages/contract/src/protocol/demo-key.ts';
import { bootstrap } from '../packages/server/src/db/bootstrap.ts';
import { openPglite, openPostgres } from '../packages/server/src/db/client.ts';
import { productionItems } from '../packages/server/src/db/schema/index.ts';
import { applyBuiltinData } from '../packages/server/src/modules/system/sync-steps.ts';
import { createIotDevice } from '../packages/server/src/test/factories.ts';
import { arg, pct, timedApi, writeResult } from './lib/figures.mjs';
import { freePort, rssMb, signIn, startServer } from './lib/server.mjs';

const SPEAKERS = Number(arg('speakers', 100));
const TASK_SPEAKERS = Number(arg('task-speakers', 500));
const SECONDS = Number(arg('seconds', 20));
const LEAD = Number(arg('lead', 20));
const RATE = Number(arg('rate', 1));
const PG_URL = arg('url', null);
/** The system timezone of a new installation (setting `timezone`, hours east of UTC). */
const TZ = 8;
const SECRET = 'bench-nsc-demo-secret';
/** The media file the timed task plays (about 5 s of silence, as the server's tests make one). */
const MEDIA = 'Chime';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v, d = 1) => (v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d);
const load = () => os.loadavg().map((v) => round(v));
/** CPU time (user + system) of a process so far, in ms (Linux). */
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const until = async (what, test, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

/** A migrated database with the first start's data and `count` speakers signing in with demo keys. */
async function prepare(count) {
  let database;
  let env;
  let drop = async () => {};
  if (PG_URL) {
    const name = `bench_nsc_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 2);
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-nsc-'));
    database = await openPglite(dataDir, { thread: 'main' });
    env = { DATA_DIR: dataDir };
    drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await database.migrate();
  await bootstrap(database.db, 'Admin12345');
  await applyBuiltinData(database.db);
  const speakers = [];
  for (let i = 0; i < count; i++) speakers.push(await createIotDevice(database.db, { type: 'nsc', modelNo: 'nscitc' }));
  // Their keys as the simulator derives them from the installation's demo secret.
  for (const s of speakers)
    await database.db
      .update(productionItems)
      .set({ key1: demoKey(SECRET, s.equipmentId) })
      .where(eq(productionItems.no, s.equipmentId));
  const keyed = await database.db
    .select({ no: productionItems.no })
    .from(productionItems)
    .where(
      inArray(
        productionItems.no,
        speakers.map((s) => s.equipmentId),
      ),
    );
  if (keyed.length !== count) throw new Error('the speakers’ keys were not all set');
  await database.close();
  return { env, speakers: speakers.map((s) => ({ id: s.id, equipmentId: s.equipmentId })), drop };
}

/** The simulated speakers' worker: answers its handle once every speaker is connected. */
function startSpeakers(url, speakers) {
  const worker = new Worker(path.join(import.meta.dirname, 'lib/nsc-speakers.mjs'), {
    workerData: { url, secret: SECRET, rate: RATE, speakers: speakers.map((s) => s.equipmentId) },
  });
  const ask = (message, key) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (key in m) {
          worker.off('message', on);
          resolve(m[key]);
        }
      };
      worker.on('message', on);
      worker.postMessage(message);
    });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m) =>
      resolve({
        ready: m,
        frames: () => ask('frames', 'frames'),
        close: () =>
          new Promise((r) => {
            worker.once('exit', r);
            worker.postMessage('close');
          }),
      }),
    );
  });
}

/** Resolves once `socket` is open (rejects on its error). */
const opening = (socket) =>
  new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });

/** The console's realtime socket (/api/ws), subscribed to project 1: the state and telemetry pushes as they come. */
async function consoleSocket(server, token, onTelemetry) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/ws?token=${token}`);
  await opening(socket);
  let subscribed = false;
  socket.on('message', (data) => {
    const push = JSON.parse(String(data));
    if (push.kind === 'subscribed') subscribed = true;
    if (push.kind === 'telemetry' || push.kind === 'state') onTelemetry(push, Date.now());
  });
  socket.send(JSON.stringify({ op: 'subscribe', projects: [1] }));
  await until('the subscription', () => subscribed);
  return socket;
}

/** Live broadcast to `targets`: figures. */
async function live(server, token, speakers, targets, pushes) {
  const ids = new Set(targets.map((t) => t.id));
  const reports = new Map();
  pushes.live = (push) => {
    const r = push.values?.live;
    if (ids.has(push.deviceId) && r && typeof r === 'object')
      reports.set(push.deviceId, [...(reports.get(push.deviceId) ?? []), r]);
  };
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/api/pjts/1/iot/nsc/live?deviceIds=${[...ids].join(',')}&token=${token}&lang=en_US`,
  );
  const pulling = new Set();
  const outcomes = {};
  let started = null;
  socket.on('message', (data, binary) => {
    if (binary) return;
    const m = JSON.parse(String(data));
    if (m.kind === 'started') started = m;
    if (m.kind === 'error') console.error('live refused', m);
    if (m.kind === 'outcome') {
      outcomes[m.outcome] = (outcomes[m.outcome] ?? 0) + 1;
      if (m.outcome === 'pulling') pulling.add(m.id);
    }
  });
  const opened = performance.now();
  await opening(socket);
  await until('every speaker pulling', () => pulling.size === ids.size, 60_000).catch((err) => {
    throw new Error(`${err.message}: ${started ? 'started' : 'not started'}, ${JSON.stringify(outcomes)}`);
  });
  const allPullingMs = round(performance.now() - opened, 0);
  await speakers.frames(); // nothing heard yet; starts the count afresh

  // The tone, 440 Hz at a third of full scale, cut into 20 ms frames.
  const tone = (seq) =>
    Int16Array.from({ length: NSC_LIVE_FRAME_SAMPLES }, (_, i) =>
      Math.round(
        10_000 * Math.sin((2 * Math.PI * 440 * (seq * NSC_LIVE_FRAME_SAMPLES + i)) / NSC_LIVE_FORMAT.sampleRate),
      ),
    );
  const frames = Math.round((SECONDS * 1000) / NSC_LIVE_FORMAT.frameMs);
  const late = [];
  let peakMb = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakMb = Math.max(peakMb, await rssMb(server.pid).catch(() => 0));
      await sleep(250);
    }
  })();
  const cpuBefore = cpuMs(server.pid);
  const loadBefore = load();
  const t0 = Date.now();
  for (let seq = 0; seq < frames; seq++) {
    const capturedAt = t0 + seq * NSC_LIVE_FORMAT.frameMs;
    const due = capturedAt + NSC_LIVE_FORMAT.frameMs;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    late.push(Date.now() - due);
    socket.send(liveFrame(seq, capturedAt, tone(seq)));
  }
  const sendMs = Date.now() - t0;
  await sleep(1500); // the last frames arrive, the speakers report their last half second
  const serverCpuSeconds = round((cpuMs(server.pid) - cpuBefore) / 1000, 2);
  sampling = false;
  await sampler;
  const heard = await speakers.frames();
  socket.close();

  const delays = Array.from(heard.delays);
  let lost = 0;
  let gaps = 0;
  let worst = 0;
  for (const t of targets) {
    const s = heard.speakers[t.equipmentId] ?? { frames: 0, gaps: 0 };
    lost += frames - s.frames;
    gaps += s.gaps;
    worst = Math.max(worst, frames - s.frames);
  }
  const lastReports = [...reports.values()].map((list) => list.at(-1));
  const reportedDelays = [...reports.values()].flat().map((r) => r.delayMs);
  return {
    speakers: ids.size,
    started: started?.speakers?.length ?? 0,
    outcomes,
    allPullingMs,
    seconds: round(sendMs / 1000, 2),
    framesSent: frames,
    framesHeard: delays.length,
    delayMs: {
      p50: round(pct(delays, 50)),
      p99: round(pct(delays, 99)),
      max: round(delays.reduce((a, b) => Math.max(a, b), 0)),
    },
    lost: { total: lost, worstSpeaker: worst, seqGaps: gaps },
    senderLateMs: { p50: pct(late, 50), p99: pct(late, 99), max: Math.max(...late) },
    reported: {
      speakers: reports.size,
      meanDelayMs: { p50: pct(reportedDelays, 50), p99: pct(reportedDelays, 99) },
      lastLost: lastReports.reduce((sum, r) => sum + r.lost, 0),
      lastFrames: lastReports.reduce((sum, r) => sum + r.frames, 0),
    },
    serverCpuSeconds,
    serverCpuPercent: round((serverCpuSeconds * 100000) / (sendMs + 1500), 0),
    serverPeakRssMb: peakMb,
    loadAverage: { before: loadBefore, after: load() },
  };
}

/** Multipart POST …/nsc/media as the console sends it: answers the media's id. */
async function upload(server, token, name, bytes) {
  const boundary = '----nscbench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${server.url}/api/pjts/1/iot/nsc/media?token=${token}&lang=en_US`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(json)}`);
  return json.id;
}

/** A timed task on `targets` at the next whole minute LEAD seconds ahead: figures. */
async function timedTask(server, token, targets, pushes) {
  const api = timedApi(server.url, token);
  const mediaId = await upload(server, token, MEDIA, Buffer.from(silentMp3(200)));
  const startAt = Math.ceil((Date.now() + LEAD * 1000) / 60_000) * 60_000;
  const local = new Date(startAt + TZ * 3_600_000).toISOString();
  const ids = new Set(targets.map((t) => t.id));
  const played = new Map();
  let taskId = null;
  pushes.task = (push, receivedAt) => {
    const v = push.values;
    // The console's push names what a speaker plays (its media), not the task.
    if (push.kind !== 'telemetry' || !ids.has(push.deviceId) || played.has(push.deviceId)) return;
    if (taskId !== null && v.status === 'playing' && v.playing === MEDIA)
      played.set(push.deviceId, { receivedAt, reportedAt: Date.parse(push.at) });
  };
  const created = await api('POST', '/api/pjts/1/iot/nsc/tasks', {
    name: 'Bench',
    no: `BENCH${Date.now()}`,
    beginDate: local.slice(0, 10),
    endDate: local.slice(0, 10),
    startTime: local.slice(11, 16),
    priority: 5,
    volume: 60,
    playMode: 'cycle',
    durationSeconds: 120,
    dateMode: 'everyday',
    weekdays: [],
    dates: [],
    targetMode: 'endpoint',
    groupIds: [],
    deviceIds: [...ids],
    sourceMode: 'media',
    mediaGroupIds: [],
    mediaIds: [mediaId],
    description: '',
  });
  taskId = created.json.id;
  const check = await api('POST', `/api/pjts/1/iot/nsc/tasks/${taskId}/check`);
  const start = await api('POST', `/api/pjts/1/iot/nsc/tasks/${taskId}/start`);
  const outcomes = {};
  for (const s of start.json.speakers) outcomes[s.outcome] = (outcomes[s.outcome] ?? 0) + 1;
  const aheadSeconds = round((startAt - Date.now()) / 1000);
  if (aheadSeconds <= 0) throw new Error(`the task was started ${-aheadSeconds} s after its start time: raise --lead`);
  const loadBefore = load();
  await sleep(startAt - Date.now());
  // Every speaker's first report of playing it, or 90 s.
  await until('every speaker playing', () => played.size === ids.size, 90_000).catch(() => {});
  const received = [...played.values()].map((p) => p.receivedAt - startAt);
  const reported = [...played.values()].map((p) => p.reportedAt - startAt);
  const figure = (list) => ({
    spread: list.length ? Math.max(...list) - Math.min(...list) : null,
    min: list.length ? Math.min(...list) : null,
    p50: pct(list, 50),
    p99: pct(list, 99),
    max: list.length ? Math.max(...list) : null,
  });
  return {
    speakers: ids.size,
    startCallMs: start.ms,
    createMs: created.ms,
    checkMs: check.ms,
    outcomes,
    startedAheadSeconds: aheadSeconds,
    playing: played.size,
    // ms relative to the scheduled start.
    consoleReceivedMs: figure(received),
    speakerReportedMs: figure(reported),
    loadAverage: { before: loadBefore, after: load() },
  };
}

const count = Math.max(SPEAKERS, TASK_SPEAKERS);
const figures = {
  db: PG_URL ? 'postgres' : 'pglite',
  cores: os.cpus().length,
  rate: RATE,
  loadAverageAtStart: load(),
};
const t0 = Date.now();
const prepared = await prepare(count);
figures.prepareSeconds = round((Date.now() - t0) / 1000);
const mqttPort = await freePort();
const server = await startServer({ ...prepared.env, MQTT_PORT: String(mqttPort) });
let speakers = null;
let socket = null;
try {
  const token = await signIn(server.url);
  const pushes = {};
  socket = await consoleSocket(server, token, (push, at) => {
    for (const on of Object.values(pushes)) on(push, at);
  });
  // Every speaker connected and heard (active): the server sends commands to active speakers only.
  const active = new Set();
  pushes.active = (push) => {
    if (push.kind === 'state' && push.activeState === 1) active.add(push.deviceId);
  };
  speakers = await startSpeakers(`mqtt://127.0.0.1:${mqttPort}`, prepared.speakers);
  figures.connected = speakers.ready.connected;
  if (figures.connected !== count) throw new Error(`${figures.connected} of ${count} speakers connected`);
  await until('every speaker active', () => active.size === count, 60_000);
  delete pushes.active;
  await sleep(2000);
  figures.live = await live(server, token, speakers, prepared.speakers.slice(0, SPEAKERS), pushes);
  delete pushes.live;
  await sleep(2000);
  figures.task = await timedTask(server, token, prepared.speakers.slice(0, TASK_SPEAKERS), pushes);
  figures.targets = {
    liveP99Under1s: figures.live.delayMs.p99 < 1000,
    noFrameLost: figures.live.lost.total === 0,
    startsWithin2s: figures.task.playing === TASK_SPEAKERS && figures.task.consoleReceivedMs.spread <= 2000,
  };
} finally {
  socket?.close();
  await speakers?.close();
  await server.stop();
  await prepared.drop();
}
await writeResult(PG_URL ? 'nsc-pg' : 'nsc', figures);
process.exit(0);
