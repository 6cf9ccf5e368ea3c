/**
 * Screenshot review (issue 13): signs in to a running console and saves a screenshot of every ready
 * catalogue screen and every public screen at 1366 px, in zh-CN and en-US, for a person to look at.
 *
 *   node --import tsx e2e/screens.ts --url http://127.0.0.1:8080 [--out e2e/.artifacts/screens]
 *        [--password Admin12345] [--width 1366] [--only devicelist,bizindex]
 *
 * Run it against a server with demo data (`npm start -- --demo --devices 300`, LOGIN_IDENTIFY_CODE=off).
 * It prints, per screen, what a quick look would flag: ASCII words from the contract's enums or i18n keys
 * on a zh-CN screen, and a page wider than the window (a cut or scrolled table).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FUNCTIONS, PUBLIC_SCREENS } from '@sc/contract';
import { chromium, type Page } from 'playwright-core';
import { describeFindings, inspectScreen, settle } from './screen-checks';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    out: { type: 'string', default: path.join(import.meta.dirname, '.artifacts', 'screens') },
    password: { type: 'string', default: 'Admin12345' },
    width: { type: 'string', default: '1366' },
    height: { type: 'string', default: '768' },
    only: { type: 'string' },
  },
});
const only = values.only ? new Set(values.only.split(',')) : null;
const width = Number(values.width);
const height = Number(values.height);

/** Screens that need an id: opened from their list instead (the first row). */
const DETAIL = new Set(FUNCTIONS.filter((f) => f.authOf && !f.menu).map((f) => f.key));

async function signIn(page: Page): Promise<void> {
  await page.goto('/man/manindex');
  await page.locator('#login_account').fill('admin');
  await page.locator('#login_password').fill(values.password ?? '');
  await page.locator('#login_identifyCode').fill('abcdef');
  await page.locator('form[id="login"] button[type="submit"]').click();
  await page.waitForURL('**/man/manmain');
}

async function main(): Promise<void> {
  fs.mkdirSync(values.out ?? '.', { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const findings: string[] = [];
  for (const lang of ['zh_CN', 'en_US'] as const) {
    const context = await browser.newContext({ baseURL: values.url, viewport: { width, height } });
    await context.addInitScript((l) => localStorage.setItem('sc.lang', l), lang);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page);
    const screens = [
      ...FUNCTIONS.filter((f) => f.ready && !DETAIL.has(f.key)).map((f) => ({ key: f.key, path: f.path })),
      ...PUBLIC_SCREENS.map((s) => ({ key: s.key, path: s.path })),
    ].filter((s) => !only || only.has(s.key));
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle(page, 600);
      const file = path.join(values.out ?? '.', `${screen.key}-${lang}.png`);
      await page.screenshot({ path: file });
      const landed = new URL(page.url()).pathname;
      const notes = [
        landed !== screen.path ? `landed on ${landed}` : '',
        ...describeFindings(await inspectScreen(page, lang)),
      ].filter(Boolean);
      const line = `${lang} ${screen.key} (${screen.path}): ${notes.join('; ') || 'ok'}`;
      console.log(line);
      if (notes.length) findings.push(line);
    }
    await context.close();
  }
  await browser.close();
  console.log(`\n${findings.length} screen(s) with findings; screenshots in ${values.out}`);
}

await main();
