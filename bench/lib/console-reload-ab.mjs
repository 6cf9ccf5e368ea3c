// Console builds compared side by side (A/B, in turn, in the same minutes): one demo server (2,000
// devices, no simulator), for each build a small front serving its files and forwarding /api and /ws to
// that server, one Chromium context per build (signed in, the files cached by a first visit). Each round
// reloads every --path in each build in turn (a cold reload: time to the first table row, the long tasks);
// with --device, it opens the list's first device from the list instead, as a link does, and gives the
// longest main-thread task's thread (CPU) time from a trace, and the long tasks' wall times. Medians per
// build at the end. The machine is shared: compare builds run together, never runs of different minutes.
// Usage: node bench/lib/console-reload-ab.mjs --dists before=DIR,after=DIR [--rounds 4]
//   [--path /pjt/pjtdevicelightinglist,...] [--device] [--calls] (each reload's /api calls, start-end ms)
//   [--profile DIR] (a CPU profile of each build's last round) [--trace DIR] (a timeline trace of each
//   build's last round, for Chromium's performance panel) [--data DIR] (a seeded data directory, kept)
//   [--out FILE] (the figures as JSON: each build's values per path, medians, the 1-minute load of each)
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { freePort, seedDemoWithSecret, signedInContext, signedInUser, startServer } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const arg = (n, f) => {
  const i = process.argv.indexOf(`--${n}`);
  return i > 0 ? process.argv[i + 1] : f;
};
const flag = (n) => process.argv.includes(`--${n}`);
const dists = Object.fromEntries(
  arg('dists')
    .split(',')
    .map((s) => s.split('=')),
);
const rounds = Number(arg('rounds', 6));
const paths = arg('path', '/pjt/pjtdevicelightinglist,/pjt/pjtdevicemtclist,/pjt/pjtdevicescdlist').split(',');
const profile = arg('profile', null);
const trace = arg('trace', null);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-reload-ab-'));
const dataDir = arg('data', null) ?? path.join(temp, 'data');
if (!fs.existsSync(dataDir)) seedDemoWithSecret({ DATA_DIR: dataDir }, 2000);
const server = await startServer({ DATA_DIR: dataDir });
process.on('exit', () => {
  try {
    process.kill(server.pid);
  } catch {}
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(1));
const target = new URL(server.url);
const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};
async function front(dir) {
  const port = await freePort();
  const s = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    if (u.pathname.startsWith('/api') || u.pathname.startsWith('/code') || u.pathname.startsWith('/ws')) {
      const p = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(p);
      return;
    }
    let file = path.join(dir, u.pathname);
    const asset = u.pathname.startsWith('/assets/');
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    const ae = req.headers['accept-encoding'] ?? '';
    const headers = {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    if (ae.includes('br') && fs.existsSync(`${file}.br`)) {
      headers['content-encoding'] = 'br';
      file = `${file}.br`;
    }
    res.writeHead(200, headers);
    fs.createReadStream(file).pipe(res);
  });
  s.on('upgrade', (req, sock, head) => {
    const up = net.connect(Number(target.port), target.hostname, () => {
      const h = { ...req.headers, host: target.host, origin: server.url };
      up.write(
        `${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(h)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      );
      up.write(head);
      sock.pipe(up);
      up.pipe(sock);
    });
    up.on('error', () => sock.destroy());
    sock.on('error', () => up.destroy());
  });
  await new Promise((r) => s.listen(port, '127.0.0.1', r));
  return `http://127.0.0.1:${port}`;
}
const user = await signedInUser(server.url);
const token = user.userToken;
const trees = await (await fetch(`${server.url}/api/projects.do/trees?token=${token}`)).json();
const screens = await tsImport(`${root}/bench/lib/live-list-screens.ts`, import.meta.url);
const find = (nodes) => {
  for (const n of nodes) {
    if (n.no === screens.district) return n;
    const b = find(n.children ?? []);
    if (b) return b;
  }
  return null;
};
const project = find(trees);
console.log('server', server.url, 'project', project?.id);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const variants = {};
for (const [name, dir] of Object.entries(dists)) {
  const url = await front(dir);
  const context = await signedInContext(browser, user, project);
  const warm = await context.newPage();
  await warm.goto(`${url}/man/manmain`);
  await warm.waitForLoadState('networkidle');
  console.log('warm', name);
  for (const p of paths) {
    await warm.goto(`${url}${p}`);
    await warm.waitForSelector('tr.ant-table-row', { timeout: 60000 });
  }
  await warm.close();
  variants[name] = { url, context };
}
const out = {};
const loads = {};
const record = (p, name, value) => {
  out[p] ??= {};
  out[p][name] ??= [];
  out[p][name].push(value);
  loads[p] ??= {};
  loads[p][name] ??= [];
  loads[p][name].push(Number(os.loadavg()[0].toFixed(2)));
};
for (let r = 0; r < rounds; r++)
  for (const p of paths)
    for (const [name, v] of Object.entries(variants)) {
      const page = await v.context.newPage();
      await page.addInitScript(() => {
        window.__lt = [];
        window.__lte = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) {
            window.__lt.push(Math.round(e.duration));
            window.__lte.push({ s: e.startTime, d: Math.round(e.duration) });
          }
        }).observe({ type: 'longtask', buffered: true });
      });
      let cdp = null;
      if (profile && r === rounds - 1) {
        cdp = await v.context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const tracing = trace && r === rounds - 1 && !flag('device');
      if (tracing) {
        fs.mkdirSync(trace, { recursive: true });
        await browser.startTracing(page, {
          path: path.join(trace, `${name}-${p.split('/').at(-1)}.json`),
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'blink.user_timing',
            'loading',
            'toplevel',
          ],
        });
      }
      await page.goto(`${v.url}${p}`);
      if (flag('device')) {
        await page.waitForSelector('tr.ant-table-row', { timeout: 60000 });
        await page.waitForTimeout(1500);
        const tp = path.join(temp, `trace-${name}.json`);
        await browser.startTracing(page, { path: tp, categories: ['toplevel', 'blink.user_timing'] });
        const dev = await page.evaluate(async () => {
          performance.mark('c2-nav');
          const href = document.querySelector('tr.ant-table-row a[href*="?id="]').getAttribute('href');
          const from = performance.now();
          history.pushState(null, '', href);
          dispatchEvent(new PopStateEvent('popstate'));
          const shown = await new Promise((res) => {
            const c = () =>
              document.querySelector('[data-testid$="-name"]') ? res(performance.now()) : requestAnimationFrame(c);
            c();
          });
          await new Promise((r) => setTimeout(r, 2000));
          performance.mark('c2-end');
          const lts = window.__lte.filter((e) => e.s >= from).map((e) => e.d);
          return { shown: Math.round(shown - from), lts };
        });
        await browser.stopTracing();
        const ev = JSON.parse(fs.readFileSync(tp, 'utf8')).traceEvents;
        const nav = ev.find((e) => e.name === 'c2-nav');
        const end = ev.find((e) => e.name === 'c2-end');
        const cpu = ev
          .filter(
            (e) =>
              e.pid === nav.pid &&
              e.tid === nav.tid &&
              e.ph === 'X' &&
              e.name === 'ThreadControllerImpl::RunTask' &&
              e.ts >= nav.ts &&
              e.ts < end.ts,
          )
          .map((e) => Math.round((e.tdur ?? 0) / 1000))
          .sort((a, b) => b - a);
        record(p, name, cpu[0]);
        console.log(
          `${r} ${p} ${name} device cpu ${cpu.slice(0, 4).join(',')} shown ${dev.shown}  longtasks ${dev.lts.join(',')}  load ${os.loadavg()[0].toFixed(2)}`,
        );
        await page.close();
        continue;
      }
      const shown = await page.evaluate(
        () =>
          new Promise((res) => {
            const c = () =>
              document.querySelector('tr.ant-table-row') ? res(performance.now()) : requestAnimationFrame(c);
            c();
          }),
      );
      await page.waitForTimeout(1500);
      if (tracing) await browser.stopTracing();
      if (cdp) {
        const { profile: pr } = await cdp.send('Profiler.stop');
        fs.mkdirSync(profile, { recursive: true });
        fs.writeFileSync(path.join(profile, `${name}-${p.split('/').at(-1)}.cpuprofile`), JSON.stringify(pr));
      }
      const info = await page.evaluate(() => ({
        lt: window.__lt,
        res: performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/'))
          .map(
            (e) => `${e.name.split('/api/')[1].slice(0, 40)} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`,
          ),
        fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
        n: performance.getEntriesByType('resource').length,
      }));
      record(p, name, Math.round(shown));
      console.log(
        `${r} ${p} ${name} ${Math.round(shown)} ms  longtasks ${info.lt.join(',')}  load ${os.loadavg()[0].toFixed(2)} res ${info.n}${flag('calls') ? `\n   ${info.res.join('\n   ')}` : ''}`,
      );
      await page.close();
    }
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
for (const [p, v] of Object.entries(out))
  console.log(
    p,
    Object.entries(v)
      .map(([n, a]) => `${n} median ${med(a)} [${a.join(' ')}]`)
      .join(' | '),
  );
if (arg('out', null)) {
  const medians = Object.fromEntries(
    Object.entries(out).map(([p, v]) => [p, Object.fromEntries(Object.entries(v).map(([n, a]) => [n, med(a)]))]),
  );
  const figures = flag('device') ? 'longest opening task, thread ms' : 'first row after a cold reload, ms';
  fs.mkdirSync(path.dirname(path.resolve(arg('out'))), { recursive: true });
  fs.writeFileSync(
    arg('out'),
    `${JSON.stringify({ at: new Date().toISOString(), figures, dists, rounds, medians, values: out, loads }, null, 2)}\n`,
  );
}
await browser.close();
await server.stop();
process.exit(0);
