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

describe('signing in', () => {
  it('first login: Chinese login page, switch to English, sign in as admin, home shows the counts', async () => {
    const page = await h.newPage();
    await page.goto('/');
    await page.waitForURL('**/index');
    await page.getByText('智慧城市设备管理平台').waitFor();
    await page.getByText('用户登录').waitFor();
    expect(await page.getByTestId('identify-code-image').getAttribute('src')).toMatch(
      /^\/code\/getloginidentifyimage\.do\?t=\d+$/,
    );
    await h.screenshot(page, 'login-zh');

    await switchLanguage(page, 'English');
    await page.getByText('Smart City Device Management').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sc.lang'))).toBe('en_US');
    await h.screenshot(page, 'login-en');

    await signIn(page);
    await page.waitForURL('**/man/manmain');
    await page.getByTestId('home-page').waitFor();
    await page.getByText('Welcome, ').waitFor();
    const figures = page.locator('.home-figure');
    await figures.first().getByText('Projects').waitFor();
    await page.locator('.home-figure .ant-statistic-content-value').first().waitFor();
    const values = await page.locator('.home-figure .ant-statistic-content-value').allTextContents();
    expect(values).toHaveLength(3);
    // The first start seeds the root project and the administrator.
    expect(Number(values[0])).toBeGreaterThanOrEqual(1);
    expect(Number(values[1])).toBeGreaterThanOrEqual(1);
    expect(Number(values[2])).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => localStorage.getItem('sc.token'))).toBeTruthy();
    await h.screenshot(page, 'home-en');
  });

  it('a wrong password shows the server message in the chosen language, and keeps the user out', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    const before = await page.getByTestId('identify-code-image').getAttribute('src');
    await signIn(page, 'admin', 'wrong-pass1');
    const error = page.getByTestId('login-error');
    await error.getByText('账号或密码错误').waitFor();
    await page.waitForFunction(
      (src) => document.querySelector('[data-testid="identify-code-image"]')?.getAttribute('src') !== src,
      before,
    );
    await h.screenshot(page, 'login-wrong-zh');

    await switchLanguage(page, 'English');
    await signIn(page, 'admin', 'wrong-pass2');
    await error.getByText('Wrong account or password').waitFor();
    expect(page.url()).toMatch(/\/index$/);
    expect(await page.evaluate(() => localStorage.getItem('sc.token'))).toBeNull();
  });

  it('shows the contract validation messages before calling the server', async () => {
    const page = await h.newPage();
    await page.goto('/man/manindex');
    await page.getByText('管理登录').waitFor();
    await page.locator('form[id="login"] button[type="submit"]').click();
    await page.getByText('请输入账号').waitFor();
    await page.getByText('请输入验证码').waitFor();
    await switchLanguage(page, 'English');
    await page.locator('form[id="login"] button[type="submit"]').click();
    await page.getByText('Account required').waitFor();
  });

  it('a deep link while signed out goes through the login and back to the page', async () => {
    const page = await h.newPage();
    await page.goto('/man/manmain?x=1');
    await page.waitForURL(/\/man\/manindex\?redirect=%2Fman%2Fmanmain%3Fx%3D1$/);
    await page.getByText('管理登录').waitFor();
    await signIn(page);
    await page.waitForURL(/\/man\/manmain\?x=1$/);
    await page.getByTestId('home-page').waitFor();
  });

  it('an unknown path goes to the login page; a signed-in reload signs in automatically', async () => {
    const page = await h.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(page.url()).toMatch(/\/man\/manmain$/);
  });
});
