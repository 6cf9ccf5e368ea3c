// Section "live-list" of bench/console.bench.mjs: do the family screens keep up with a live fleet?
// A server of its own (the demo with --devices devices, the embedded MQTT broker on), the product's
// simulator connected to it making every device report every --live-interval seconds (its --rate, in
// readings a minute; --offline 0 so none goes silent), then in Chromium, signed in on the demo's first
// district, each family's list screen and one device page of each (the screens come from the contract's
// FAMILY_MANIFESTS and deviceScreenOf, read by bench/lib/live-list-screens.ts), one tab per family: the list
// loaded cold (a reload, the console's files cached), then from the home screen to the list and from
// the list to its first row's device, each as a link is followed in the console. Per screen: the time
// from navigation to the first table row (a device page: to the device's name), the main-thread long
// tasks (PerformanceObserver 'longtask': count, longest, total blocking time = sum of duration - 50 ms)
// while loading (up to the first row and 2 s after) and during --live-seconds of pushes, and the pushes
// the page received over its WebSocket meanwhile. Beside them: the load average, and the CPU the server and
// the simulator used in each window (the machine is shared).
// Targets (issue "Live lists freeze under pushes"): no task over 100 ms, first row under 1 s.
// Options: --live-seconds 30, --live-interval 10, --live-only <path,path> (some screens only),
// --live-profile <dir> (a Chromium CPU profile of each screen's live window, <screen>.cpuprofile, and of
// its opening up to 2 s after the first row, <screen>.open.cpuprofile; it
// slows the page, so its figures are not the benchmark's).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { freePort, seedDemoWithSecret, signedInContext, signedInUser, startServer } from './server.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v) => Math.round(v * 10) / 10;
const load = () => os.loadavg().map((v) => Math.round(v * 100) / 100);
/** How long after the first row the page still counts as loading (its other calls answering). */
const SETTLE_MS = 2000;
const TARGET = { longestTaskMs: 100, firstRowMs: 1000 };
/** A list's first item: a table row, or a card where the list shows cards (the environment monitors). */
const LIST_ITEM = 'tr.ant-table-row, [data-testid*="-card-"]';

/** Each family with a built list screen (its list and device page) and the district to sign in on. */
async function familyScreens(root) {
  return tsImport(path.join(root, 'bench/lib/live-list-screens.ts'), import.meta.url);
}

/** CPU seconds a process has used so far (Linux /proc, user + system). */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The simulator as `npm run simulate` runs it; resolves once every connection is up (or after 3 min). */
async function startSimulator(root, { devices, secret, mqttPort, rate }) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'packages/simulator/src/main.ts'),
      '--devices',
      String(devices),
      '--secret',
      secret,
      '--url',
      `mqtt://127.0.0.1:${mqttPort}`,
      '--rate',
      String(rate),
      '--offline',
      '0',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = [];
  let connected = false;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      lines.push(line);
      const m = /connected (\d+)\/(\d+)/.exec(line);
      if (m && m[1] === m[2]) connected = true;
    }
  });
  const started = Date.now();
  while (!connected && Date.now() - started < 180_000 && child.exitCode === null) await sleep(500);
  return {
    pid: child.pid,
    connected,
    connectSeconds: round((Date.now() - started) / 1000),
    lines,
    /** Messages a second of its last status line (it prints one every 10 s). */
    rate: () => Number(/· (\d+) msg\/s/.exec(lines.filter((l) => l.includes('msg/s')).at(-1) ?? '')?.[1] ?? NaN),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** In the page before its scripts: every long task of the page's life, with its start. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * In the page: navigates in the console to `url` as a link does (history and popstate, which the router
 * follows) and answers when a new `selector` shows (checked each frame), from the navigation.
 */
function navigateAndWait([url, selector]) {
  for (const el of document.querySelectorAll(selector)) el.setAttribute('data-bench-old', '');
  const fresh = selector
    .split(',')
    .map((s) => `${s.trim()}:not([data-bench-old])`)
    .join(',');
  performance.mark('bench-nav');
  const from = performance.now();
  if (url) {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }
  return new Promise((resolve, reject) => {
    const check = () => {
      if (document.querySelector(fresh)) resolve({ from, shown: performance.now() });
      else if (performance.now() - from > 60_000) reject(new Error(`${selector} did not show in 60 s`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * In the page: to the home screen, answering once the screen left is gone (under load the router may
 * still show it while home loads; coming back then would find the old rows, not the screen's own).
 */
function leaveForHome(selector) {
  for (const el of document.querySelectorAll(selector)) el.setAttribute('data-bench-left', '');
  history.pushState(null, '', '/man/manmain');
  dispatchEvent(new PopStateEvent('popstate'));
  const from = performance.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!document.querySelector('[data-bench-left]')) resolve();
      else if (performance.now() - from > 60_000) reject(new Error('the list stayed on screen'));
      else requestAnimationFrame(check);
    };
    check();
  });
}

/** Count, longest and total blocking time of the long tasks that started in [from, to). */
function summarise(tasks, from, to) {
  const inside = tasks.filter((t) => t.start >= from && t.start < to);
  return {
    longTasks: inside.length,
    longestTaskMs: Math.round(Math.max(0, ...inside.map((t) => t.duration))),
    totalBlockingMs: Math.round(inside.reduce((sum, t) => sum + t.duration - 50, 0)),
  };
}

/** Pushes over the page's WebSockets, counted as they arrive. */
function countPushes(page) {
  const counter = { frames: 0 };
  page.on('websocket', (ws) => ws.on('framereceived', () => counter.frames++));
  return counter;
}

/**
 * One screen opened in the console already loaded on `page` (a link followed): the time to its first
 * row, the long tasks while it loads, then `liveMs` of pushes watched.
 */
async function measureScreen(page, pushes, url, selector, { liveMs, pids, profileTo, browser, tracePath }) {
  try {
    await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const opening = profileTo ? await startProfile(page) : null;
    const { from, shown } = await page.evaluate(navigateAndWait, [url, selector]);
    await page.waitForTimeout(SETTLE_MS);
    if (opening)
      fs.writeFileSync(profileTo.replace(/\.cpuprofile$/, '.open.cpuprofile'), JSON.stringify(await opening.stop()));
    const liveFrom = await page.evaluate(() => {
      performance.mark('bench-live');
      return performance.now();
    });
    const framesBefore = pushes.frames;
    const cpuBefore = pids.map(cpuSeconds);
    const profiler = profileTo ? await startProfile(page) : null;
    await page.waitForTimeout(liveMs);
    if (profiler) fs.writeFileSync(profileTo, JSON.stringify(await profiler.stop()));
    const cpu = pids.map((pid, i) => round(((cpuSeconds(pid) - cpuBefore[i]) / (liveMs / 1000)) * 100));
    const { tasks, liveTo, rows } = await page.evaluate((item) => {
      performance.mark('bench-end');
      return {
        tasks: window.__longTasks,
        liveTo: performance.now(),
        rows: document.querySelectorAll(item).length,
      };
    }, LIST_ITEM);
    await browser.stopTracing();
    const cpuOf = threadCpu(tracePath, liveMs);
    const loading = { ...summarise(tasks, from, liveFrom), ...cpuOf.loading };
    const live = { ...summarise(tasks, liveFrom, liveTo), ...cpuOf.live };
    const firstRowMs = Math.round(shown - from);
    const longest = Math.max(loading.longestTaskMs, live.longestTaskMs);
    return {
      firstRowMs,
      rows,
      loading,
      live: { ...live, pushes: pushes.frames - framesBefore },
      serverCpuPct: cpu[0],
      simulatorCpuPct: cpu[1],
      load1: load()[0],
      meets: longest <= TARGET.longestTaskMs && firstRowMs < TARGET.firstRowMs,
    };
  } catch (error) {
    await browser.stopTracing().catch(() => undefined);
    return { error: String(error.message ?? error).split('\n')[0] };
  }
}

/** Each renderer task on the main thread, with its wall and thread (CPU) time, and the page's marks. */
const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

/**
 * The page's main-thread tasks (ThreadControllerImpl::RunTask) from a trace, split at the page's marks:
 * while loading (bench-nav to bench-live) and live (to bench-end), the longest in thread CPU time (on a
 * loaded machine a task's wall time includes the time its thread waited for a core), how many took over
 * 100 ms of CPU, and the share of a core the main thread used while live.
 */
function threadCpu(tracePath, liveMs) {
  const events = JSON.parse(fs.readFileSync(tracePath, 'utf8')).traceEvents;
  fs.rmSync(tracePath, { force: true });
  const mark = (name) => events.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
  const [nav, live, end] = ['bench-nav', 'bench-live', 'bench-end'].map(mark);
  if (!nav || !live || !end) return { loading: {}, live: {} };
  const tasks = events.filter(
    (e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask',
  );
  const slice = (from, to) => {
    const inside = tasks.filter((t) => t.ts >= from && t.ts < to);
    const cpu = inside.map((t) => (t.tdur ?? 0) / 1000);
    return {
      longestTaskCpuMs: Math.round(Math.max(0, ...cpu)),
      tasksOver100msCpu: cpu.filter((ms) => ms > 100).length,
      mainThreadCpuMs: Math.round(cpu.reduce((a, b) => a + b, 0)),
    };
  };
  const liveFigures = slice(live.ts, end.ts);
  return {
    loading: slice(nav.ts, live.ts),
    live: { ...liveFigures, mainThreadCpuPct: round((liveFigures.mainThreadCpuMs / liveMs) * 100) },
  };
}

/** A Chromium CPU profile of the page (its main thread), until `stop` answers it. */
async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      return profile;
    },
  };
}

/**
 * The screen loaded cold (a reload: the console's files cached): time to the first row, long tasks.
 * Loaded once before (`firstVisitMs`): the first family measured would otherwise fetch and compile the
 * lists' shared chunks for all the others, a first visit and not a reload.
 */
async function coldLoad(page, url, selector) {
  try {
    await page.goto(url);
    const first = await page.evaluate(navigateAndWait, [null, selector]);
    await page.waitForTimeout(SETTLE_MS);
    await page.goto(url);
    const { shown } = await page.evaluate(navigateAndWait, [null, selector]);
    await page.waitForTimeout(SETTLE_MS);
    const tasks = await page.evaluate(() => window.__longTasks);
    return {
      firstRowMs: Math.round(shown),
      firstVisitMs: Math.round(first.shown),
      ...summarise(tasks, 0, shown + SETTLE_MS),
    };
  } catch (error) {
    return { error: String(error.message ?? error).split('\n')[0] };
  }
}

export async function measure(ctx) {
  const liveMs = Number(ctx.arg('live-seconds', 30)) * 1000;
  const intervalSeconds = Number(ctx.arg('live-interval', 10));
  const only = ctx.arg('live-only', '').split(',').filter(Boolean);
  const profiles = ctx.arg('live-profile', null);
  if (profiles) fs.mkdirSync(profiles, { recursive: true });
  const profileOf = (screen) => (profiles ? path.join(profiles, `${screen.split('/').at(-1)}.cpuprofile`) : null);
  const rate = 60 / intervalSeconds;
  const { screens, district } = await familyScreens(ctx.root);

  const dataDir = path.join(ctx.temp, 'live');
  const seeded = seedDemoWithSecret({ DATA_DIR: dataDir }, ctx.devices);
  if (!seeded.secret) throw new Error('the demo seeder printed no device secret');
  const mqttPort = await freePort();
  // --web-dist DIR: another build of the console (an older one, for before/after figures).
  const webDist = ctx.arg('web-dist', '');
  const server = await startServer({
    DATA_DIR: dataDir,
    MQTT_PORT: String(mqttPort),
    ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
  });
  let simulator = null;
  try {
    const user = await signedInUser(server.url);
    const token = user.userToken;
    const trees = await (await fetch(`${server.url}/api/projects.do/trees?token=${token}`)).json();
    const find = (nodes) => {
      for (const n of nodes) {
        if (n.no === district) return n;
        const below = find(n.children ?? []);
        if (below) return below;
      }
      return null;
    };
    const project = find(trees);
    if (!project) throw new Error(`the demo district ${district} is missing`);

    const idle = { load: load() };
    simulator = await startSimulator(ctx.root, { devices: ctx.devices, secret: seeded.secret, mqttPort, rate });
    console.error(
      `  live-list: simulator ${simulator.connected ? 'connected' : 'NOT all connected'} in ${simulator.connectSeconds} s`,
    );
    // Every device past its first reading: the fleet at its steady rate.
    await sleep(intervalSeconds * 1500);

    const browser = await ctx.browser();
    const context = await signedInContext(browser, user, project);
    // Warm the HTTP cache (the console's files), as a user who has the console open already has.
    const warm = await context.newPage();
    await warm.goto(`${server.url}/man/manmain`);
    await warm.waitForLoadState('networkidle');
    await warm.close();

    const pids = [server.pid, simulator.pid];
    const tracePath = path.join(ctx.temp, 'live-list-trace.json');
    const results = {};
    for (const s of screens) {
      if (only.length && !only.includes(s.list) && !only.includes(s.device)) continue;
      // Per family one tab: the list loaded cold, then from the home screen to the list and on to a device.
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const pushes = countPushes(page);
      await page.addInitScript(observeLongTasks);
      const cold = await coldLoad(page, `${server.url}${s.list}`, LIST_ITEM);
      await page.evaluate(leaveForHome, LIST_ITEM).catch(() => undefined);
      await page.waitForTimeout(SETTLE_MS);
      const list = await measureScreen(page, pushes, s.list, LIST_ITEM, {
        liveMs,
        pids,
        profileTo: profileOf(s.list),
        browser,
        tracePath,
      });
      results[s.list] = { family: s.family, ...list, cold };
      console.error(`  live-list ${s.list}: ${JSON.stringify(results[s.list])}`);
      if (s.device) {
        const href = await page.evaluate(
          (p) => document.querySelector(`tr.ant-table-row a[href*="${p}?id="]`)?.getAttribute('href') ?? null,
          s.device,
        );
        results[s.device] = href
          ? {
              family: s.family,
              device: href,
              ...(await measureScreen(page, pushes, href, '[data-testid$="-name"]', {
                liveMs,
                pids,
                profileTo: profileOf(s.device),
                browser,
                tracePath,
              })),
            }
          : { family: s.family, error: 'no device link in the list' };
        console.error(`  live-list ${s.device}: ${JSON.stringify(results[s.device])}`);
      }
      if (errors.length) results[s.list].pageErrors = errors;
      await page.close();
    }
    await context.close();

    const figures = Object.values(results).filter((r) => r.firstRowMs !== undefined);
    return {
      target: TARGET,
      machine: { cores: os.cpus().length, shared: true, idleLoad: idle.load, endLoad: load() },
      demo: { devices: ctx.devices, seedSeconds: seeded.seconds, project: project.name },
      simulator: {
        command: `npm run simulate -- --devices ${ctx.devices} --rate ${rate} --offline 0 --secret … --url mqtt://127.0.0.1:…`,
        reportEverySeconds: intervalSeconds,
        connected: simulator.connected,
        connectSeconds: simulator.connectSeconds,
        msgPerSecond: simulator.rate(),
      },
      liveSeconds: liveMs / 1000,
      screens: results,
      summary: {
        screens: figures.length,
        meeting: figures.filter((r) => r.meets).length,
        worstTaskMs: Math.max(0, ...figures.map((r) => Math.max(r.loading.longestTaskMs, r.live.longestTaskMs))),
        worstFirstRowMs: Math.max(0, ...figures.map((r) => r.firstRowMs)),
      },
    };
  } finally {
    await simulator?.stop();
    await server.stop();
  }
}
