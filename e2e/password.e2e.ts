import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Harness, pickMenuItem, signIn, startHarness, switchLanguage } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

describe('modify password', () => {
  it('checks the confirmation, changes the password, and the new one signs in', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await switchLanguage(page, 'English');
    await signIn(page);
    await page.waitForURL('**/man/manmain');

    await page.getByTestId('user-menu').click();
    await pickMenuItem(page, 'Modify password');
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Modify password' });
    await dialog.waitFor();
    await dialog.locator('#change-password_oldPassword').fill(ADMIN.password);
    await dialog.locator('#change-password_password').fill('Newpass123');
    await dialog.locator('#change-password_confirm').fill('Newpass124');
    await dialog.locator('.ant-btn-primary').click();
    await dialog.getByText('The passwords must match').waitFor();
    await h.screenshot(page, 'password-mismatch-en');

    await dialog.locator('#change-password_confirm').fill('Newpass123');
    await dialog.locator('.ant-btn-primary').click();
    await page.getByText('Password changed').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('user-menu').click();
    await pickMenuItem(page, 'Logout');
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.waitForURL('**/man/manindex');

    await signIn(page, ADMIN.account, ADMIN.password);
    await page.getByTestId('login-error').getByText('Wrong account or password').waitFor();
    await signIn(page, ADMIN.account, 'Newpass123');
    await page.waitForURL('**/man/manmain');
    await page.getByTestId('home-page').waitFor();
  });
});
