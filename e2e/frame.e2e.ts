import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, pickMenuItem, signIn, startHarness, switchLanguage } from './harness';

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

const squash = (text: string | null) => (text ?? '').replace(/\s+/g, '');

describe('main frame', () => {
  it('the language switch changes the menu, the frame texts and antd texts', async () => {
    const page = await signedIn();
    const menu = page.getByTestId('side-menu');
    await menu.getByText('系统管理').waitFor();
    await menu.getByText('首页').waitFor();
    await page
      .getByTestId('unread-count')
      .getByText(/^共 \d+ 条未读消息$/)
      .waitFor();
    await h.screenshot(page, 'home-zh');

    await page.getByTestId('user-menu').click();
    await pickMenuItem(page, '退出登录');
    const zhConfirm = page.locator('.ant-modal-confirm');
    await zhConfirm.locator('.ant-modal-confirm-title', { hasText: '确定要退出登录吗？' }).waitFor();
    expect(
      squash(
        await zhConfirm
          .locator('.ant-btn')
          .allTextContents()
          .then((t) => t.join('|')),
      ),
    ).toBe('取消|确定');
    await zhConfirm.locator('.ant-btn').first().click();
    await zhConfirm.waitFor({ state: 'detached' });

    await switchLanguage(page, 'English');
    await menu.getByText('System', { exact: true }).waitFor();
    await menu.getByText('Home').waitFor();
    await page
      .getByTestId('unread-count')
      .getByText(/^Unread messages: \d+$/)
      .waitFor();
    await page.getByTestId('tab-/man/manmain').getByText('Home').waitFor();

    await page.getByTestId('user-menu').click();
    await pickMenuItem(page, 'Logout');
    const enConfirm = page.locator('.ant-modal-confirm');
    await enConfirm.locator('.ant-modal-confirm-title', { hasText: 'ARE YOU SURE TO LOGOUT?' }).waitFor();
    expect(await enConfirm.locator('.ant-btn').allTextContents()).toEqual(['Cancel', 'OK']);
    await h.screenshot(page, 'logout-confirm-en');
    await enConfirm.locator('.ant-btn').first().click();
  });

  it('the home tab exists; close others and close all keep it and stay home; tabs survive a reload', async () => {
    const page = await signedIn();
    const homeTab = page.getByTestId('tab-/man/manmain');
    await homeTab.getByText('首页').waitFor();

    await page.getByTestId('tab-actions').click();
    await pickMenuItem(page, '关闭其他');
    await homeTab.waitFor();
    expect(page.url()).toMatch(/\/man\/manmain$/);

    await homeTab.click({ button: 'right' });
    await pickMenuItem(page, '关闭全部');
    await homeTab.waitFor();
    expect(await page.locator('.frame-tabs .frame-tab').count()).toBe(1);
    expect(page.url()).toMatch(/\/man\/manmain$/);

    await page.reload();
    await homeTab.waitFor();
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('sc.tabs') ?? '[]'));
    expect(stored).toEqual([{ path: '/man/manmain', search: '' }]);
  });

  it('logout asks first; cancelling stays, confirming signs out', async () => {
    const page = await signedIn();
    await page.getByTestId('user-menu').click();
    await pickMenuItem(page, '退出登录');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '确定要退出登录吗？' }).waitFor();
    await confirm.locator('.ant-btn').first().click();
    await confirm.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/man\/manmain$/);

    await page.getByTestId('user-menu').click();
    await pickMenuItem(page, '退出登录');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '确定要退出登录吗？' }).waitFor();
    await confirm.locator('.ant-btn-primary').click();
    await page.waitForURL('**/man/manindex');
    expect(await page.evaluate(() => localStorage.getItem('sc.token'))).toBeNull();

    await page.goto('/man/manmain');
    await page.waitForURL(/\/man\/manindex\?redirect=/);
  });
});
