// Section "first-load" of bench/console.bench.mjs: for /index (the login page) and for the first
// signed-in screen (/man/manmain, opened cold with a session in storage), in a fresh browser context
// each run (nothing cached): first contentful paint, the time until the screen is usable, and the
// JavaScript and CSS it loaded (bytes on the wire, as compressed by the server, and uncompressed).
// Baseline: a trivial page from a bare node HTTP server, in the same browser. Median of --first-load-runs.
import http from 'node:http';
import { freePort } from './server.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Opens `url` in a fresh context, waits for `ready` and the network to settle, answers the figures. */
async function visit(browser, url, ready, init) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    if (init) await context.addInitScript(init.script, init.arg);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector(ready, { state: 'visible', timeout: 60_000 });
    const readyMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    return await page.evaluate((readyAt) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const assets = performance
        .getEntriesByType('resource')
        .filter((e) => /\.(js|css)(\?|$)/.test(new URL(e.name).pathname));
      return {
        fcpMs: fcp === null ? null : Math.round(fcp),
        readyMs: Math.round(readyAt),
        files: assets.length,
        wireBytes: assets.reduce((sum, e) => sum + e.encodedBodySize, 0),
        rawBytes: assets.reduce((sum, e) => sum + e.decodedBodySize, 0),
      };
    }, readyMs);
  } finally {
    await context.close();
  }
}

function summary(samples, baselineFcp) {
  const pick = (key) => median(samples.map((s) => s[key]));
  const fcpMs = pick('fcpMs');
  return {
    fcpMs,
    fcpRatio: Number((fcpMs / baselineFcp).toFixed(1)),
    readyMs: pick('readyMs'),
    files: pick('files'),
    wireKB: Number((pick('wireBytes') / 1024).toFixed(1)),
    rawKB: Number((pick('rawBytes') / 1024).toFixed(1)),
  };
}

export async function measure(ctx) {
  const runs = Number(ctx.arg('first-load-runs', 5));
  const server = await ctx.server();
  const browser = await ctx.browser();

  // Baseline: a trivial page.
  const port = await freePort();
  const trivial = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><html><body><p id="ok">ok</p></body></html>');
  });
  await new Promise((resolve) => trivial.listen(port, '127.0.0.1', resolve));
  const baseline = [];
  for (let i = 0; i < runs; i++) baseline.push(await visit(browser, `http://127.0.0.1:${port}/`, '#ok'));
  trivial.close();
  const baselineFcp = median(baseline.map((s) => s.fcpMs));

  const login = [];
  for (let i = 0; i < runs; i++) login.push(await visit(browser, `${server.url}/index`, 'input#login_account'));

  const res = await fetch(`${server.url}/api/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: 'admin', password: 'Admin12345', identifyCode: '000000' }),
  });
  const user = await res.json();
  const init = {
    script: (u) => {
      localStorage.setItem('sc.token', u.userToken);
      localStorage.setItem('sc.user', JSON.stringify(u));
    },
    arg: user,
  };
  const home = [];
  for (let i = 0; i < runs; i++)
    home.push(await visit(browser, `${server.url}/man/manmain`, '.ant-menu-item-selected', init));

  return {
    runs,
    trivialPage: { fcpMs: baselineFcp },
    login: summary(login, baselineFcp),
    home: summary(home, baselineFcp),
  };
}
