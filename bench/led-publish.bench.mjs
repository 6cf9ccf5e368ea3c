#!/usr/bin/env node
// LED screens: one program with a 20 MB video published to SCREENS screens, on the built server as a child
// process with its embedded broker, the screens being the product's simulated screens (packages/simulator,
// its led family) in a worker thread (this file run as the worker), each with its own MQTT connection.
// The video is a real mp4 (ffmpeg of @ffmpeg-installer: a second of test pattern) padded with an mp4 `free`
// box to MB megabytes, uploaded through the resources call (the server's content check), put in a program's
// video layer, checked and published to every screen. Each screen fetches the file over HTTP from the URL
// its command names (the public media call, its own key) unless it holds it by checksum, checks the
// SHA-256 and acknowledges. Figures:
// - confirmed: when each screen's acknowledgement reached the console (the batch pushes on /api/ws) and the
//   batch's final status (acknowledged, failed, each failure's reason), from the publish call;
// - bytes sent per screen: as the server counted them (bytesSent of GET …/led/:id/programs), with the
//   fetches the screens made (a file sent once per screen at most: bytesSent = the file's size);
// - the console meanwhile: the program list (GET …/led/programs, the first page) read back to back by one
//   reader from the publish call until every screen confirmed, p50/p99/max, and the same alone before;
// - the server's CPU and peak RSS, the machine's load average.
// Usage: node --import tsx bench/led-publish.bench.mjs [--screens 200] [--mb 20] [--url postgres://…]
//   (PostgreSQL, a new database in that cluster; PGlite otherwise) [--timeout 60] (the command timeout,
//   setting httpTimeout in s: a screen answers its program once it holds the files, so the timeout
//   covers the download; the installation's default otherwise) [--tag word] (in the result file's name)
// Prints one JSON line and writes it to bench/results/led-publish-<date>.json (led-publish-pg-… on PostgreSQL).
// The server, the database with its screens and the screens' worker start as every device benchmark's
// do (bench/lib/server.mjs `startBench`, bench/lib/sim-devices.mjs).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, workerData } from 'node:worker_threads';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v, d = 1) => (v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d);
const SECRET = 'bench-led-demo-secret';

if (!isMainThread) await screensWorker();
else await main();

/**
 * The simulated screens (worker thread, bench/lib/sim-devices.mjs with the simulator's led family): notes
 * when each screen began and answered its program command, and what it fetched (bytes) and holds;
 * answers 'figures' with them.
 */
async function screensWorker() {
  const { runDevices, serve } = await import('./lib/sim-devices.mjs');
  const run = await runDevices({ ...workerData, type: 'led', props: { screenWidth: 192, screenHeight: 96 } });
  const answered = new Map();
  const program = run.sim.commands.program;
  // The handler shared by every screen: timed per screen, around the simulator's own.
  run.sim.commands.program = async (device, args, ctx) => {
    const started = Date.now();
    const outcome = await program(device, args, ctx);
    answered.set(device.equipmentId, {
      started,
      ended: Date.now(),
      ok: outcome.ok,
      error: outcome.error ?? null,
      downloaded: outcome.result?.downloaded ?? 0,
    });
    return outcome;
  };
  serve(run, {
    figures: () => {
      const byScreen = {};
      for (const d of run.devices) {
        const id = d.equipmentId;
        byScreen[id] = { answered: answered.get(id) ?? null, held: d.state.media ?? {}, fetched: d.state.fetched ?? 0 };
      }
      return { value: { byScreen, repeated: run.stats.repeated } };
    },
  });
}

async function main() {
  const { arg, pct, timedApi, writeResult } = await import('./lib/figures.mjs');
  const { cpuMs, rssMb, startBench, until } = await import('./lib/server.mjs');

  const SCREENS = Number(arg('screens', 200));
  const MB = Number(arg('mb', 20));
  const PG_URL = arg('url', null);
  /** The command timeout (setting httpTimeout, s); the installation's default (10 s) unless given. */
  const TIMEOUT = arg('timeout', null);
  /** A word naming this run in its result file's name (led-publish-<tag>-<date>.json). */
  const TAG = arg('tag', null);
  const load = () => os.loadavg().map((v) => round(v));

  /** A real mp4 (a second of ffmpeg's test pattern) padded with a `free` box to `mb` MB; cached in tmp. */
  function video(mb) {
    const file = path.join(os.tmpdir(), `sc-led-bench-${mb}mb.mp4`);
    if (fs.existsSync(file) && fs.statSync(file).size === mb * 1024 * 1024) return fs.readFileSync(file);
    const ffmpeg = (() => {
      try {
        return spawnSync(process.execPath, ['-p', "require('@ffmpeg-installer/ffmpeg').path"], {
          encoding: 'utf8',
        }).stdout.trim();
      } catch {
        return 'ffmpeg';
      }
    })();
    const small = path.join(os.tmpdir(), `sc-led-bench-${process.pid}.mp4`);
    const r = spawnSync(
      ffmpeg,
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=192x96:rate=25',
        '-t',
        '1',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
        small,
      ],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error('ffmpeg failed');
    const head = fs.readFileSync(small);
    fs.rmSync(small);
    const total = mb * 1024 * 1024;
    const pad = total - head.length;
    const free = Buffer.alloc(pad);
    free.writeUInt32BE(pad, 0);
    free.write('free', 4, 'latin1');
    // Not all zeros (as a real video is not): a counter.
    for (let i = 8; i + 4 <= pad; i += 4096) free.writeUInt32BE(i, i);
    const bytes = Buffer.concat([head, free]);
    fs.writeFileSync(file, bytes);
    return bytes;
  }

  /** Multipart POST …/led/resources as the console sends it: answers the resource. */
  async function upload(server, token, bytes) {
    const boundary = '----ledbench';
    const field = (name, value) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const body = Buffer.concat([
      field('name', 'BenchVideo'),
      field('no', `BV${Date.now()}`),
      field('mediaType', 'video'),
      field('description', ''),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const t = performance.now();
    const res = await fetch(`${server.url}/api/pjts/1/iot/led/resources?token=${token}&lang=en_US`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(json)}`);
    return { ...json, ms: round(performance.now() - t, 0) };
  }

  /** One reader of the console's program list back to back while `running()`: latencies in ms. */
  async function readList(api, running) {
    const list = [];
    let errors = 0;
    while (running()) {
      try {
        list.push((await api('GET', '/api/pjts/1/iot/led/programs?page=1&pageSize=25')).ms);
      } catch {
        errors++;
      }
    }
    return { list, errors };
  }
  const summary = (list) => ({
    reads: list.length,
    p50: round(pct(list, 50)),
    p99: round(pct(list, 99)),
    max: round(list.reduce((a, b) => Math.max(a, b), 0)),
  });

  const figures = {
    db: PG_URL ? 'postgres' : 'pglite',
    cores: os.cpus().length,
    screens: SCREENS,
    commandTimeoutSeconds: TIMEOUT ? Number(TIMEOUT) : 'default',
    loadAverageAtStart: load(),
  };
  const bytes = video(MB);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  figures.fileBytes = bytes.length;
  const bench = await startBench({
    pgUrl: PG_URL,
    prefix: 'bench_led',
    count: SCREENS,
    device: { type: 'led', modelNo: 'ledxx', props: { screenWidth: 192, screenHeight: 96 } },
    secret: SECRET,
    settings: TIMEOUT ? { httpTimeout: TIMEOUT } : {},
    worker: new URL(import.meta.url),
  });
  const { server, token, prepared } = bench;
  const handlers = bench.pushes;
  const screens = { figures: () => bench.devices.ask('figures') };
  Object.assign(figures, bench.figures);
  try {
    const api = timedApi(server.url, token);

    const resource = await upload(server, token, bytes);
    figures.uploadMs = resource.ms;
    if (resource.size !== bytes.length) throw new Error(`uploaded ${resource.size} of ${bytes.length} bytes`);
    const created = await api('POST', '/api/pjts/1/iot/led/programs', {
      name: 'BenchVideo',
      no: `BP${Date.now()}`,
      width: 192,
      height: 96,
      durationSeconds: 30,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      startTime: '00:00',
      endTime: '23:59',
      layers: [{ type: 'video', left: 0, top: 0, width: 192, height: 96, resources: [resource.id] }],
    });
    const programId = created.json.id;
    await api('POST', `/api/pjts/1/iot/led/programs/${programId}/check`);
    // A page of programs as a project has them (the list reads more than one row).
    for (let i = 0; i < 24; i++)
      await api('POST', '/api/pjts/1/iot/led/programs', {
        name: `Notice${i}`,
        no: `BN${i}${Date.now()}`,
        width: 192,
        height: 96,
        durationSeconds: 10,
        startDate: '2026-01-01',
        endDate: '2099-12-31',
        startTime: '00:00',
        endTime: '23:59',
        layers: [
          {
            type: 'text',
            left: 0,
            top: 0,
            width: 192,
            height: 96,
            text: { subtype: 'singleLine', content: `Notice ${i}` },
          },
        ],
      });

    // The list alone, 5 s.
    const quietEnd = Date.now() + 5000;
    figures.listAlone = summary((await readList(api, () => Date.now() < quietEnd)).list);
    await sleep(1000);

    // Publish, and read the list until every screen confirmed (or 120 s).
    let batchId = null;
    const acks = [];
    let lastPush = null;
    let allConfirmedAt = null;
    handlers.batch = (push, at) => {
      if (push.kind !== 'batch' || push.batchId !== batchId) return;
      lastPush = push;
      acks.push({ at, acknowledged: push.acknowledged, failed: push.failed });
      if (push.done && allConfirmedAt === null) allConfirmedAt = at;
    };
    let peakMb = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakMb = Math.max(peakMb, await rssMb(server.pid).catch(() => 0));
        await sleep(250);
      }
    })();
    const loads = [];
    const loadSampler = setInterval(() => loads.push(os.loadavg()[0]), 5000);
    const loadBefore = load();
    const cpuBefore = cpuMs(server.pid);
    const publishedAt = Date.now();
    const deadline = publishedAt + 120_000;
    const reading = readList(api, () => allConfirmedAt === null && Date.now() < deadline);
    const published = await api('POST', `/api/pjts/1/iot/led/programs/${programId}/publish`, {
      ids: prepared.devices.map((s) => s.id),
    });
    batchId = published.json.batchId;
    figures.publishCallMs = published.ms;
    await until('the batch done', () => allConfirmedAt !== null, 125_000).catch(() => {});
    const endedAt = allConfirmedAt ?? Date.now();
    const during = await reading;
    const cpuSeconds = (cpuMs(server.pid) - cpuBefore) / 1000;
    sampling = false;
    await sampler;
    clearInterval(loadSampler);
    const status = (await api('GET', `/api/pjts/1/iot/led/batches/${batchId}`)).json;
    const reasons = {};
    for (const r of status.results.filter((x) => x.ok === false)) reasons[r.error] = (reasons[r.error] ?? 0) + 1;
    const durations = status.results.filter((r) => r.ok).map((r) => r.durationMs);

    // Bytes the server counted per screen, and what the screens fetched, once every screen answered its
    // command (a screen whose command timed out may still be fetching) or 60 s.
    let sim = await screens.figures();
    for (let i = 0; i < 120 && Object.values(sim.byScreen).some((s) => !s.answered); i++) {
      await sleep(500);
      sim = await screens.figures();
    }
    await sleep(1000);
    const sent = [];
    for (const s of prepared.devices) {
      const rows = (await api('GET', `/api/pjts/1/iot/led/${s.id}/programs`)).json;
      sent.push(rows.find((r) => r.programId === programId)?.bytesSent ?? 0);
    }
    const fetchCounts = Object.values(sim.byScreen).map((s) => s.fetched / bytes.length);
    const answers = Object.values(sim.byScreen).map((s) => s.answered);
    const holding = Object.values(sim.byScreen).filter((s) => s.held[sha256] === bytes.length).length;
    const answerMs = answers.filter((a) => a?.ok).map((a) => a.ended - publishedAt);
    // When the screens whose command failed began on it, against those confirmed (s after the publish call).
    const equipmentOf = new Map(prepared.devices.map((x) => [x.id, x.equipmentId]));
    const startedOf = (ok) =>
      status.results
        .filter((r) => r.ok === ok)
        .map((r) => sim.byScreen[equipmentOf.get(r.deviceId)]?.answered?.started)
        .filter((t) => t !== undefined)
        .map((t) => (t - publishedAt) / 1000);
    const spanOf = (list) =>
      list.length
        ? { first: round(Math.min(...list), 2), p50: round(pct(list, 50), 2), last: round(Math.max(...list), 2) }
        : null;
    figures.publish = {
      acknowledged: status.acknowledged,
      failed: status.failed,
      pending: status.pending,
      state: status.state,
      failures: reasons,
      // From the publish call to the console's push of the batch done (every screen answered).
      allConfirmedSeconds: allConfirmedAt ? round((allConfirmedAt - publishedAt) / 1000, 2) : null,
      firstAckSeconds: acks.find((a) => a.acknowledged > 0)
        ? round((acks.find((a) => a.acknowledged > 0).at - publishedAt) / 1000, 2)
        : null,
      lastPush: lastPush && { acknowledged: lastPush.acknowledged, failed: lastPush.failed, state: lastPush.state },
      // Each screen's round trip as the batch stored it (command sent to answer), ms.
      commandMs: {
        p50: pct(durations, 50),
        p99: pct(durations, 99),
        max: durations.length ? Math.max(...durations) : null,
      },
      // When the screens answered (their own clock), s after the publish call.
      screensAnsweredSeconds: {
        first: answerMs.length ? round(Math.min(...answerMs) / 1000, 2) : null,
        p50: round(pct(answerMs, 50) / 1000, 2),
        last: answerMs.length ? round(Math.max(...answerMs) / 1000, 2) : null,
      },
      screenStartedSeconds: { confirmed: spanOf(startedOf(true)), failed: spanOf(startedOf(false)) },
      commandsRepeated: sim.repeated,
      screensHoldingTheFile: holding,
    };
    figures.bytesSent = {
      perScreen: { min: Math.min(...sent), max: Math.max(...sent) },
      screensSentOnce: sent.filter((b) => b === bytes.length).length,
      screensSentMore: sent.filter((b) => b > bytes.length).length,
      screensSentNothing: sent.filter((b) => b === 0).length,
      totalMb: round(sent.reduce((a, b) => a + b, 0) / 1024 / 1024, 0),
      fetchesPerScreen: { min: Math.min(...fetchCounts), max: Math.max(...fetchCounts) },
    };
    figures.listDuringPublish = { ...summary(during.list), errors: during.errors };
    figures.server = {
      cpuSeconds: round(cpuSeconds, 1),
      cpuPercent: round((cpuSeconds * 100_000) / Math.max(1, endedAt - publishedAt), 0),
      peakRssMb: peakMb,
    };
    figures.loadAverage = { before: loadBefore, during: loads.map((v) => round(v)), after: load() };
    figures.targets = {
      everyScreenConfirmedWithin60s:
        status.acknowledged === SCREENS && allConfirmedAt !== null && allConfirmedAt - publishedAt <= 60_000,
      sentOncePerScreenAtMost: sent.every((b) => b <= bytes.length),
      listP99Under100ms: figures.listDuringPublish.p99 !== null && figures.listDuringPublish.p99 < 100,
    };
  } finally {
    await bench.close();
  }
  await writeResult(
    `led-publish${PG_URL ? '-pg' : ''}${TIMEOUT ? `-timeout${TIMEOUT}` : ''}${TAG ? `-${TAG}` : ''}`,
    figures,
    '',
  );
  process.exit(0);
}
