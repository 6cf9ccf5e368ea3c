import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

async function signedIn(): Promise<Page> {
  const page = await h.newPage();
  await page.goto('/index');
  await signIn(page);
  await page.waitForURL('**/man/manmain');
  await page.getByTestId('home-page').waitFor();
  return page;
}

/** The watermark antd draws: a layer with the rendered text as its background image. */
const WATERMARK_LAYER = '.frame-watermark div[style*="background-image"]';

async function openDisplayTab(page: Page, menuLabel: string, tabLabel: string) {
  await page.getByTestId('side-menu').getByText(menuLabel, { exact: true }).click();
  await page.waitForURL('**/man/syssettings');
  await page.getByTestId('settings-tab-display').getByText(tabLabel).click();
  const form = page.getByTestId('settings-form-display');
  await form.waitFor();
  return form;
}

describe('system settings', () => {
  it('a new page size applies to the lists at once; the watermark is drawn when switched on', async () => {
    const page = await signedIn();
    const general = page.getByTestId('settings-form-general');
    await page.getByTestId('side-menu').getByText('系统设置', { exact: true }).click();
    await general.getByText('(UTC+08:00) 中国标准时间 (北京)').first().waitFor();
    await h.screenshot(page, 'settings-general-zh');

    const form = await openDisplayTab(page, '系统设置', '显示');
    // Out of range: the contract's message, nothing saved.
    await page.locator('#settings-display_logPageSize').fill('300');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await form.getByText('允许的取值范围：25 - 200。').waitFor();
    await page.locator('#settings-display_logPageSize').fill('100');
    await page.locator('#settings-display_pageSize').fill('10');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('已保存 2 项设置').waitFor();

    await page.getByTestId('side-menu').getByText('访问日志', { exact: true }).click();
    await page.getByTestId('log-list-visit').locator('.ant-pagination-options').getByText('100 条/页').waitFor();
    await page.getByTestId('side-menu').getByText('角色管理', { exact: true }).click();
    await page.waitForURL('**/man/rolelist');
    await page.locator('.ant-pagination-options').getByText('10 条/页').waitFor();

    // Watermark: on without text is refused by the cross rule, then on with a text.
    expect(await page.locator(WATERMARK_LAYER).count()).toBe(0);
    await openDisplayTab(page, '系统设置', '显示');
    await page.locator('#settings-display_watermarkEnabled').click();
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await form.getByText('启用水印时必须填写水印文字 (2-10 个字符)').waitFor();
    await page.locator('#settings-display_watermarkText').fill('SC-E2E');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator(WATERMARK_LAYER).first().waitFor({ state: 'attached' });
    // The form shows what was saved (the page re-mounts when the watermark switches on).
    await page.locator('#settings-display_watermarkEnabled[aria-checked="true"]').waitFor();
    await h.screenshot(page, 'settings-display-watermark-zh');

    // The watermark stays across screens.
    await page.getByTestId('side-menu').getByText('首页', { exact: true }).click();
    await page.getByTestId('home-page').waitFor();
    await page.locator(WATERMARK_LAYER).first().waitFor({ state: 'attached' });
  });

  it('in English: labels, timezones and switching the watermark off', async () => {
    const page = await signedIn();
    await switchLanguage(page, 'English');
    await page.getByTestId('side-menu').getByText('System settings', { exact: true }).click();
    await page.waitForURL('**/man/syssettings');
    const general = page.getByTestId('settings-form-general');
    await general.getByText('System timezone').waitFor();
    await general.getByText('(UTC+08:00) China Standard Time (Beijing)').first().waitFor();
    await h.screenshot(page, 'settings-general-en');

    const form = await openDisplayTab(page, 'System settings', 'Display');
    await form.getByText('Range 25 - 200 · Default 50').waitFor();
    // The first journey left the watermark on.
    await page.locator(WATERMARK_LAYER).first().waitFor({ state: 'attached' });
    await page.locator('#settings-display_watermarkEnabled').click();
    await page.locator('#settings-display_watermarkText').fill('');
    await form.getByRole('button', { name: /Save/ }).click();
    await page.locator('.ant-message').getByText('2 settings saved').waitFor();
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 0, WATERMARK_LAYER);
    await h.screenshot(page, 'settings-display-en');
  });
});
