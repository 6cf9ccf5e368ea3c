import { FUNCTIONS, PUBLIC_SCREENS } from '@sc/contract';
import type { Page } from 'playwright-core';
import { ADMIN } from './harness';

/** The demo is seeded once the server listens: waits until its devices are there. */
export async function demoSeeded(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/login.do`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account: ADMIN.account, password: ADMIN.password, identifyCode: 'abcdef' }),
  });
  const { userToken } = (await login.json()) as { userToken: string };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const page = await fetch(`${baseUrl}/api/biz/devices.do/pages?page=1&pageSize=5&token=${userToken}`);
    if (page.ok && ((await page.json()) as { total: number }).total >= 60) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the demo devices were not seeded within 120 s');
}

/** Screens that need an id (a device's page, the wizard's edit): opened from their lists by the journeys. */
export const DETAIL = new Set(FUNCTIONS.filter((f) => f.authOf && !f.menu).map((f) => f.key));
export const SCREENS = [
  ...FUNCTIONS.filter((f) => f.ready && !DETAIL.has(f.key)).map((f) => ({ key: f.key, path: f.path, public: false })),
  ...PUBLIC_SCREENS.map((s) => ({ key: s.key, path: s.path, public: true })),
];

/**
 * Opens a screen as the menu does, inside the running console (a page load per screen spent most of
 * the test's minutes loading the same bundle and frame again).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** The page's requests in flight: `quiet` waits until none has been for 300 ms (at most 15 s). */
export function trackRequests(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    async quiet() {
      const deadline = Date.now() + 15_000;
      await new Promise((resolve) => setTimeout(resolve, 50));
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < 300)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
