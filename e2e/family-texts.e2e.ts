import { FAMILY_TEXTS } from '@sc/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './harness';

/**
 * The families' texts load with the frame, not with the login page (issue 12): a family's screen
 * opened directly by its address after sign-in (a full page load, no screen before it) shows its
 * texts, in Chinese and in English, never a key.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

/** Keys of the catalogues a screen could show raw: `menu.x`, `families.x.y`, `whm.x`. */
const RAW_KEY = /\b(menu|families|whm|common|frame)\.[a-zA-Z]\w*/;

async function expectTexts(page: Page, lang: 'zh_CN' | 'en_US') {
  const texts = FAMILY_TEXTS.whm![lang] as { menu: Record<string, string> };
  await page.locator('.ant-card-head-title', { hasText: texts.menu.pjtdevicewhmlist! }).waitFor();
  // the frame's menu names the family too (its texts, loaded with the frame)
  await page.locator('.ant-menu', { hasText: texts.menu.pjtwhm! }).first().waitFor();
  const shown = await page.locator('body').innerText();
  expect(shown).not.toMatch(RAW_KEY);
}

describe("a family's screen opened by its address", () => {
  it('shows its texts in both languages', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');

    await page.goto('/pjt/pjtdevicewhmlist');
    await expectTexts(page, 'zh_CN');
    await h.screenshot(page, 'family-texts-deep-link-zh');

    await page.evaluate(() => localStorage.setItem('sc.lang', 'en_US'));
    await page.goto('/pjt/pjtdevicewhmlist');
    await expectTexts(page, 'en_US');
    await h.screenshot(page, 'family-texts-deep-link-en');
  });
});
