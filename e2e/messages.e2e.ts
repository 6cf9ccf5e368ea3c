import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * The inbox of a fresh server is empty: this journey covers reaching the screen and its empty tabs in
 * both languages; messages-live.e2e.ts reads, recycles and restores a real device-alarm message.
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

describe('site messages', () => {
  it('the unread count opens the inbox: three tabs with their counts, in both languages', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    await page.getByTestId('unread-count').getByText('共 0 条未读消息').waitFor();

    await page.getByTestId('unread-count').click();
    await page.waitForURL('**/man/sitemessage');
    const screen = page.getByTestId('site-messages');
    await screen.getByTestId('message-tab-unread').getByText('未读消息').waitFor();
    await screen.getByTestId('message-tab-read').getByText('已读消息').waitFor();
    await screen.getByTestId('message-tab-recycle').getByText('回收站').waitFor();
    await screen.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    expect(await screen.getByRole('button', { name: /批量标为已读/ }).isDisabled()).toBe(true);

    await screen.getByTestId('message-tab-recycle').click();
    expect(await screen.getByRole('button', { name: /清空回收站/ }).isDisabled()).toBe(true);
    await h.screenshot(page, 'site-messages-zh');

    await switchLanguage(page, 'English');
    await screen.getByTestId('message-tab-unread').getByText('Unread').waitFor();
    await screen.getByRole('button', { name: /Empty recycle bin/ }).waitFor();
    await page.getByTestId('unread-count').getByText('Unread messages: 0').waitFor();
    await h.screenshot(page, 'site-messages-en');
  });
});
