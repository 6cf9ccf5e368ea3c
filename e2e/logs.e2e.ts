import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

/** Rows of the visible log table (antd's measure row left out). */
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

describe('visit log', () => {
  it("shows the admin's sign-in and a failed sign-in, filters by account, and deletes a row", async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page, 'intruder', 'wrong-pass1');
    await page.getByTestId('login-error').waitFor();
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    await page.getByTestId('home-page').waitFor();

    // Through the menu, as a user would.
    await page.getByTestId('side-menu').getByText('访问日志').click();
    await page.waitForURL('**/man/visithistory');
    const list = page.getByTestId('log-list-visit');
    await list.locator('.ant-tag', { hasText: '登录失败' }).first().waitFor();
    const success = rows(page).filter({ has: page.locator('.ant-tag', { hasText: /^登录$/ }) });
    await success.filter({ hasText: 'admin' }).first().waitFor();
    expect(await rows(page).first().locator('td').nth(1).textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    // 50 a page by default (the running parameter logPageSize).
    await list.locator('.ant-pagination-options').getByText('50 条/页').waitFor();
    await h.screenshot(page, 'visit-log-zh');

    await page.getByTestId('log-account').fill('intruder');
    await page.getByTestId('log-account').press('Enter');
    await page.waitForFunction(() => {
      const accounts = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row td:nth-child(3)')].map(
        (td) => td.textContent,
      );
      return accounts.length > 0 && accounts.every((a) => a === 'intruder');
    });
    const intruderRows = await rows(page).count();
    expect(intruderRows).toBeGreaterThanOrEqual(1);

    const first = rows(page).first();
    await first.getByRole('button', { name: /删\s*除/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: '确定删除这条记录吗？' }).waitFor();
    await confirm.locator('.ant-btn-primary').click();
    await page.locator('.ant-message').getByText('已删除').waitFor();
    await page.waitForFunction(
      (before) => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === before - 1,
      intruderRows,
    );

    // The deletion itself is audited in the management log, with its details.
    await page.getByTestId('side-menu').getByText('管理日志').click();
    await page.waitForURL('**/man/managehistory');
    const manage = page.getByTestId('log-list-manage');
    await manage.locator('.ant-table-tbody tr.ant-table-row', { hasText: '访问日志' }).first().waitFor();
    await h.screenshot(page, 'manage-log-zh');
  });
});
