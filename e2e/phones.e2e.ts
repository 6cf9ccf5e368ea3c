import { FAMILY_MANIFESTS, FUNCTIONS } from '@sc/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './harness';
import { inspectScreen, settle } from './screen-checks';
import { demoSeeded, openInApp, SCREENS, trackRequests } from './screen-walk';

/**
 * A field crew's phone (390 x 844): every screen fits without sideways scrolling (lists show their rows
 * as cards), and from each family's list a device's page opens with its name, state and controls in
 * sight. Screenshots of the lists and device pages in both languages.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { DEMO: 'true', DEMO_DEVICES: '60' } });
  await demoSeeded(h.baseUrl);
}, 180_000);
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const familyScreens = new Set(FAMILY_MANIFESTS.flatMap((m) => m.screens.map((s) => s.key)));
/** Each family's device page with the list it is opened from. */
const DEVICE_PAGES = FUNCTIONS.filter((f) => f.ready && f.authOf && !f.menu && familyScreens.has(f.key)).map((f) => ({
  key: f.key,
  list: FUNCTIONS.find((l) => l.key === f.authOf)!.path,
}));

/** What is wider than the window, outside tables' own scroll boxes: a note for the failure. */
const tooWide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.ant-table-content, .ant-table-body'),
      )
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}`),
  );

async function phone(lang: 'zh_CN' | 'en_US'): Promise<Page> {
  const page = await h.newPage(lang === 'zh_CN' ? 'zh-CN' : 'en-US');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((l) => localStorage.setItem('sc.lang', l), lang);
  await page.goto('/index');
  await signIn(page);
  await page.waitForURL('**/man/manmain');
  return page;
}

describe('on a phone', () => {
  // English only: its words are the longer ones, so a screen that fits in English fits in Chinese (the
  // device pages below are walked in both), and a second walk would cost CI two minutes.
  for (const lang of ['en_US'] as const)
    it(`every screen fits 390 px (${lang})`, { timeout: 300_000 }, async () => {
      const page = await phone(lang);
      const network = trackRequests(page);
      const failures: string[] = [];
      for (const screen of SCREENS) {
        if (screen.public) await page.goto(screen.path);
        else await openInApp(page, screen.path);
        await network.quiet();
        await settle(page, 150);
        // Measured again after a moment: an animation ending may widen the page briefly.
        const wider = async () => (await inspectScreen(page, lang)).pageOverflow;
        let pageOverflow = await wider();
        if (pageOverflow > 1) {
          await page.waitForTimeout(800);
          pageOverflow = await wider();
        }
        if (pageOverflow > 1) await h.screenshot(page, `phone-too-wide-${screen.key}-${lang}`);
        if (pageOverflow > 1)
          failures.push(`${screen.key}: ${pageOverflow} px wider than the phone (${(await tooWide(page)).join(', ')})`);
      }
      await page.context().close();
      expect(failures).toEqual([]);
    });

  for (const lang of ['zh_CN', 'en_US'] as const)
    it(`opens each family's device from its list as cards, name and state in sight (${lang})`, {
      timeout: 240_000,
    }, async () => {
      const page = await phone(lang);
      const network = trackRequests(page);
      const failures: string[] = [];
      let opened = 0;
      for (const { key, list } of DEVICE_PAGES) {
        await openInApp(page, list);
        await network.quiet();
        await settle(page, 150);
        const cards = page.getByTestId('row-cards').locator('[data-row-key]');
        // The demo's current project may have none of a family's devices: its list says so instead.
        await cards.or(page.locator('.ant-empty')).first().waitFor();
        if ((await cards.count()) === 0) continue;
        opened++;
        if (key === DEVICE_PAGES[0]!.key) await h.screenshot(page, `phone-list-${lang === 'zh_CN' ? 'zh' : 'en'}`);
        await cards.first().locator('.ant-card-head a').first().click();
        await page.waitForURL((url) => url.search.includes('id='));
        await network.quiet();
        await settle(page, 300);
        // The device's name heads its page, whole and on screen, with its state tags beside it.
        const name = page.locator('[data-testid$="-name"]').first();
        const box = await name.boundingBox();
        if (!box || box.width < 20 || box.x < 0 || box.x + box.width > 391) failures.push(`${key}: name not in sight`);
        const { pageOverflow } = await inspectScreen(page, lang);
        if (pageOverflow > 1)
          failures.push(`${key}: ${pageOverflow} px too wide (${(await tooWide(page)).join(', ')})`);
        await h.screenshot(page, `phone-${key}-${lang === 'zh_CN' ? 'zh' : 'en'}`);
      }
      await page.context().close();
      expect(failures).toEqual([]);
      expect(opened).toBeGreaterThanOrEqual(4);
    });
});
