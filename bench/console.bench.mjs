#!/usr/bin/env node
// Console benchmark (issue 12, "Performance a user feels"): drives Chromium against a running server
// (the demo with --devices devices) and prints one JSON line of figures, each beside its baseline
// measured in the same run, and writes it to bench/results/console-<date>.json (console-<section>-<date>.json
// when --only names one section).
//
// One section per measurement, each a module under bench/lib/ exporting `measure(ctx)` that returns
// its figures (an object); a section whose module is absent is skipped:
//   first-load  bench/lib/console-first-load.mjs  compressed bytes and first contentful paint of /index
//                                                 and of the first signed-in screen
//   map         bench/lib/console-map.mjs         the map at zooms 12 to 18
//   stall       bench/lib/console-stall.mjs       event-loop delay during a snapshot reload and a 100k import
//   start       bench/lib/console-start.mjs       `npm start` to serving, new and existing data directory
//   live-list   bench/lib/console-live-list.mjs   each family's list and device page under a live fleet
//                                                 (the simulator over MQTT): first row, long tasks
//
// Usage: node bench/console.bench.mjs [--devices 100000] [--only first-load,start] [--web-dist DIR] [--tag NAME]
// (--tag NAME: the results file is <name>-<date>-NAME.json, e.g. a before and an after of the same day).
// Needs the console built (`npm run build`) and Chromium (CHROMIUM_PATH or /usr/bin/chromium).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from '../scripts/lib/chromium.mjs';
import { seedDemo, signIn, startServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const devices = Number(arg('devices', 100000));
const only = arg('only', '').split(',').filter(Boolean);

const SECTIONS = ['first-load', 'map', 'stall', 'start', 'live-list'];

/** Shared by the sections: one seeded server and one browser, each started on first use. */
function context() {
  let server = null;
  let browser = null;
  let token = null;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-console-bench-'));
  const ctx = {
    root,
    devices,
    arg,
    temp,
    /** The demo server on a PGlite data directory seeded with `devices` devices. */
    async server() {
      if (!server) {
        const dataDir = path.join(temp, 'demo');
        const seconds = seedDemo({ DATA_DIR: dataDir }, devices);
        // --web-dist DIR serves another build of the console (e.g. an older one, for before/after figures).
        const webDist = arg('web-dist', '');
        server = await startServer({ DATA_DIR: dataDir, ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}) });
        server.seedSeconds = seconds;
        server.dataDir = dataDir;
      }
      return server;
    },
    async token() {
      token ??= await signIn((await ctx.server()).url);
      return token;
    },
    /** Chromium through playwright-core, launched with the flags of DESIGN.md. */
    async browser() {
      if (!browser) {
        const { chromium } = await import('playwright-core');
        browser = await chromium.launch({
          executablePath: findChromium() ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        });
      }
      return browser;
    },
    /** Stops the shared server (a section that needs the data directory free calls this). */
    async stopServer() {
      await server?.stop();
      server = null;
      token = null;
    },
    async close() {
      await browser?.close();
      await ctx.stopServer();
      fs.rmSync(temp, { recursive: true, force: true });
    },
  };
  return ctx;
}

const ctx = context();
const result = { bench: 'console', date: new Date().toISOString(), devices, node: process.version };
try {
  for (const name of SECTIONS) {
    if (only.length && !only.includes(name)) continue;
    const file = path.join(import.meta.dirname, 'lib', `console-${name}.mjs`);
    if (!fs.existsSync(file)) continue;
    const { measure } = await import(file);
    console.error(`console bench: ${name}…`);
    result[name] = await measure(ctx);
  }
} finally {
  await ctx.close();
}

const line = JSON.stringify(result);
console.log(line);
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const name = only.length === 1 ? `console-${only[0]}` : 'console';
const tag = arg('tag', '');
fs.writeFileSync(path.join(dir, `${name}-${result.date.slice(0, 10)}${tag ? `-${tag}` : ''}.json`), `${line}\n`);
