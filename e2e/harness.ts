import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
// @ts-expect-error plain JavaScript shared with `npm start`
import { isStale, SERVER_BUILT, SERVER_SOURCES } from '../scripts/lib/freshness.mjs';

/**
 * Browser journeys against the real thing: a server process on a fresh data directory serving the
 * built console, driven by Debian's Chromium. The test command builds the console beforehand.
 */
export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN = { account: 'admin', password: 'Admin12345' };
const ARTIFACTS = path.join(import.meta.dirname, '.artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Harness {
  baseUrl: string;
  /** Port of the server's embedded MQTT broker when started with `{ mqtt: true }`, else null. */
  mqttPort: number | null;
  browser: Browser;
  /** A fresh browser context (own storage and cookies) in the given UI language. */
  newPage(locale?: string): Promise<Page>;
  /** Uncaught errors and server faults (500) of every page opened so far: a journey ends by expecting none. */
  pageErrors(): string[];
  /** Saves a full-page screenshot to e2e/.artifacts/<name>.png. */
  screenshot(page: Page, name: string): Promise<void>;
  stop(): Promise<void>;
}

/** The built server, as `npm start` runs it (built here when missing or older than its sources). */
function serverCommand(): string[] {
  if (isStale(SERVER_BUILT, SERVER_SOURCES)) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the server failed (node scripts/build-server.mjs)');
  }
  return ['--enable-source-maps', SERVER_BUILT];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer GET /api/health within 90 s:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface HarnessOptions {
  /** Run the embedded MQTT broker on a free port (exposed as `mqttPort`) for journeys with devices. */
  mqtt?: boolean;
  /** Extra server environment, e.g. `{ DEMO: 'true', DEMO_DEVICES: '60' }` to seed the demo city. */
  env?: Record<string, string>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (!fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('packages/web/dist is missing: build the console first (npm run build, or npm run test:e2e).');
  }
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install -y chromium fonts-wqy-microhei (or set CHROMIUM_PATH).`,
    );
  }

  const port = await freePort();
  const mqttPort = options.mqtt ? await freePort() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-e2e-'));
  let output = '';
  const server = spawn(process.execPath, serverCommand(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_IDENTIFY_CODE: 'off',
      MQTT_PORT: String(mqttPort ?? 0),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;

  let browser: Browser | null = null;
  const errors: string[] = [];
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server, () => output);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A microphone for the speakers' live broadcast: Chromium's generated tone, allowed without asking.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const launched = browser;

  return {
    baseUrl,
    mqttPort,
    browser: launched,
    async newPage(locale = 'zh-CN') {
      // Reduced motion, as an operator may ask of the system: modals and menus open and close at once, so
      // a busy machine does not leave a journey waiting on an animation.
      const context = await launched.newContext({
        baseURL: baseUrl,
        locale,
        viewport: { width: 1366, height: 820 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      // A wait ends as soon as its condition holds: the bound only says how long a busy machine may
      // take (two journeys share two cores) before the step is a failure.
      page.setDefaultTimeout(30_000);
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      // A 500 is never an expected answer (504 is: a silent device): the journey fails on it, naming the call.
      page.on('response', (response) => {
        if (response.status() === 500)
          errors.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
      });
      return page;
    },
    pageErrors: () => [...errors],
    async screenshot(page, name) {
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    },
    stop,
  };
}

/** Fills the login form (ids come from the antd Form named "login") and submits it. */
export async function signIn(page: Page, account = ADMIN.account, password = ADMIN.password): Promise<void> {
  await page.locator('#login_account').fill(account);
  await page.locator('#login_password').fill(password);
  // LOGIN_IDENTIFY_CODE=off: the code is not checked, but the form still wants 6 characters.
  await page.locator('#login_identifyCode').fill('abcdef');
  await page.locator('form[id="login"] button[type="submit"]').click();
}

const OPEN_DROPDOWN = '.ant-dropdown:not(.ant-dropdown-hidden)';

/** Clicks an item of the open dropdown menu and waits until the menu has gone, animation included. */
export async function pickMenuItem(page: Page, text: string): Promise<void> {
  await page.locator(`${OPEN_DROPDOWN} .ant-dropdown-menu-item`).filter({ hasText: text }).click();
  await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 0, OPEN_DROPDOWN);
}

/** Picks a language in the language switch (header or login page). */
export async function switchLanguage(page: Page, label: '中文' | 'English'): Promise<void> {
  await page.getByTestId('language-switch').first().click();
  await pickMenuItem(page, label);
  // The switch loads the language's texts before it keeps the choice: a reload before then would open
  // in the old language.
  const lang = label === 'English' ? 'en-US' : 'zh-CN';
  await page.waitForFunction((want) => document.documentElement.lang === want, lang);
  // A switch reads the session and every answer again in the new language: wait until they are in, so
  // what the journey opens next is not re-rendered under its hands (the frame's loading bar is up
  // while any call is pending).
  await page.waitForFunction(() => !document.querySelector('[data-testid="loading-bar"]'));
}
