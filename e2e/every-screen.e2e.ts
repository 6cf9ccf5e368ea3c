import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeAxe } from './axe';
import { type Harness, signIn, startHarness } from './harness';
import { describeFindings, inspectScreen, settle } from './screen-checks';
import { demoSeeded, openInApp, SCREENS, trackRequests } from './screen-walk';

/**
 * Every screen at 1366 x 768 in zh-CN and en-US (issue 13, "Done when"): with the demo city seeded
 * (devices of every family, areas, groups, production items), every ready catalogue screen and every
 * public screen is opened and fails when the page scrolls sideways, a table header breaks one character
 * per line, a table hides columns behind its own sideways scroll (the rest are in the column setting),
 * or a zh-CN screen shows an ASCII word of the contract's enumerations or an i18n key. Detail screens need an id: they are
 * left to their journeys. The screenshot review (screens.ts) applies the same checks to a running server.
 *
 * The zh-CN pass also runs axe-core on each screen and fails on a serious or critical finding
 * (docs/accessibility.md). Only zh-CN: axe takes about 1-2 s a screen on CI's shared cores, 50-100 s
 * a language, and the en-US screens are the same elements and colours with other words.
 */
let h: Harness;
beforeAll(async () => {
  // No broker: the demo is seeded without its simulator (quiet, and the same every run).
  h = await startHarness({ env: { DEMO: 'true', DEMO_DEVICES: '60' } });
  await demoSeeded(h.baseUrl);
}, 180_000);
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

async function visitAll(lang: 'zh_CN' | 'en_US'): Promise<string[]> {
  const page: Page = await h.newPage(lang === 'zh_CN' ? 'zh-CN' : 'en-US');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.addInitScript((l) => localStorage.setItem('sc.lang', l), lang);
  await page.goto('/index');
  await signIn(page);
  await page.waitForURL('**/man/manmain');
  const failures: string[] = [];
  const network = trackRequests(page);
  for (const screen of SCREENS) {
    if (screen.public) await page.goto(screen.path);
    else await openInApp(page, screen.path);
    await network.quiet();
    await settle(page, 150);
    const found = await inspectScreen(page, lang);
    const failing = describeFindings(found);
    if (lang === 'zh_CN') failing.push(...describeAxe(await axeFindings(page), screen.key));
    if (failing.length) failures.push(`${lang} ${screen.key} (${screen.path}): ${failing.join('; ')}`);
  }
  await page.context().close();
  return failures;
}

describe('every screen at 1366 px', () => {
  for (const lang of ['zh_CN', 'en_US'] as const) {
    it(`fits the window and shows no raw word${lang === 'zh_CN' ? ', nor a serious axe finding' : ''} (${lang})`, {
      timeout: 420_000,
    }, async () => {
      expect(await visitAll(lang)).toEqual([]);
    });
  }
});
