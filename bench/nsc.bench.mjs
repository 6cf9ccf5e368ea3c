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
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { liveFrame, NSC_LIVE_FORMAT, NSC_LIVE_FRAME_SAMPLES } from '../packages/contract/src/families/nsc/live.ts';
import { silentMp3 } from '../packages/contract/src/families/nsc/media/index.ts';
import { arg, pct, timedApi, writeResult } from './lib/figures.mjs';
import { cpuMs, rssMb, startBench, until } from './lib/server.mjs';

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
/** Resolves once `socket` is open (rejects on its error). */
const opening = (socket) =>
  new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });

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
const bench = await startBench({
  pgUrl: PG_URL,
  prefix: 'bench_nsc',
  count,
  device: { type: 'nsc', modelNo: 'nscitc' },
  secret: SECRET,
  worker: path.join(import.meta.dirname, 'lib/nsc-speakers.mjs'),
  workerData: { rate: RATE },
});
try {
  const { server, token, pushes, prepared } = bench;
  Object.assign(figures, bench.figures);
  const speakers = { frames: () => bench.devices.ask('frames') };
  await sleep(2000);
  figures.live = await live(server, token, speakers, prepared.devices.slice(0, SPEAKERS), pushes);
  delete pushes.live;
  await sleep(2000);
  figures.task = await timedTask(server, token, prepared.devices.slice(0, TASK_SPEAKERS), pushes);
  figures.targets = {
    liveP99Under1s: figures.live.delayMs.p99 < 1000,
    noFrameLost: figures.live.lost.total === 0,
    startsWithin2s: figures.task.playing === TASK_SPEAKERS && figures.task.consoleReceivedMs.spread <= 2000,
  };
} finally {
  await bench.close();
}
await writeResult(PG_URL ? 'nsc-pg' : 'nsc', figures);
process.exit(0);
