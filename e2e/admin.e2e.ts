import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createButton, dialog, pick, save, submit, tableRow } from './antd';
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

const PROJECT = 'E2E测试项目';
const ROLE = 'E2E巡检角色';
const USER = { account: 'e2einspector', password: 'Pass1234' };

describe('global administration', () => {
  it('project → role → permissions → user, and the user sees exactly what was granted', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');

    // A project with a location typed into the coordinate inputs.
    await page.goto('/man/projectlist');
    await page.getByTestId('project-list-page').waitFor();
    await createButton(page).click();
    await dialog(page).locator('#projects-form_name').fill(PROJECT);
    await dialog(page).locator('#projects-form_no').fill('E2E-P01');
    await dialog(page).locator('#projects-form_lng').fill('181');
    await submit(page);
    await dialog(page).getByText('请输入有效的坐标。').first().waitFor();
    await dialog(page).locator('#projects-form_lng').fill('118.7969');
    await dialog(page).locator('#projects-form_lat').fill('32.0603');
    await save(page);
    await tableRow(page, PROJECT).waitFor();
    await expect(tableRow(page, PROJECT).textContent()).resolves.toContain('118.796900, 32.060300');
    await page.locator('.ant-tree').getByText(PROJECT).waitFor();
    await h.screenshot(page, 'admin-projects-zh');

    // The map picker of "set location" (no tiles configured: a grid and the inputs).
    await tableRow(page, PROJECT)
      .getByRole('button', { name: /设置位置/ })
      .click();
    await dialog(page).getByTestId('coordinate-picker').waitFor();
    await dialog(page)
      .locator('.leaflet-container')
      .click({ position: { x: 200, y: 120 } });
    await h.screenshot(page, 'admin-project-location-zh');
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();

    // A role in it.
    await page.goto('/man/rolelist');
    await page.getByTestId('role-list-page').waitFor();
    await tableRow(page, '管理员').first().waitFor();
    await createButton(page).click();
    await dialog(page).locator('#roles-form_name').fill(ROLE);
    await dialog(page).locator('#roles-form_no').fill('E2E-R01');
    await pick(page, dialog(page).locator('#roles-form_projectId'), PROJECT);
    await save(page);
    await tableRow(page, ROLE).waitFor();
    await h.screenshot(page, 'admin-roles-zh');

    // Its permissions: view on devicelist and rolelist, edit on userlist.
    await page.goto('/man/authlist');
    await page.getByTestId('auth-list-page').waitFor();
    await pick(page, page.getByTestId('auth-role-select').locator('input'), ROLE);
    await page.getByTestId('level-devicelist').getByText('查看').click();
    await page.getByTestId('level-rolelist').getByText('查看').click();
    await page.getByTestId('level-userlist').getByText('编辑').click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('权限已保存').waitFor();
    await page.locator('.ant-card', { hasText: '菜单预览' }).getByText('用户管理').waitFor();
    await h.screenshot(page, 'admin-authlist-zh');

    // A user with that role.
    await page.goto('/man/userlist');
    await page.getByTestId('user-list-page').waitFor();
    await createButton(page).click();
    await dialog(page).locator('#users-form_name').fill(USER.account);
    await dialog(page).locator('#users-form_password').fill(USER.password);
    await dialog(page).locator('#users-form_realName').fill('巡检员');
    await dialog(page).locator('#users-form_phoneNo').fill('13800000001');
    await pick(page, dialog(page).locator('#users-form_roleId'), ROLE);
    await save(page);
    await tableRow(page, USER.account).waitFor();
    await h.screenshot(page, 'admin-users-zh');

    // Sign out, sign in as the new user.
    await page.getByTestId('user-menu').click();
    await pickMenuItem(page, '退出登录');
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.waitForURL('**/man/manindex');
    await signIn(page, USER.account, USER.password);
    await page.waitForURL('**/man/manmain');

    const menu = page.getByTestId('side-menu');
    await menu.getByText('系统管理').waitFor();
    await menu.getByText('首页').waitFor();
    await menu.getByText('用户管理').waitFor();
    await menu.getByText('角色管理').waitFor();
    for (const hidden of ['项目管理', '角色授权', '设备管理', '基础数据', '项目模块授权']) {
      expect(await menu.getByText(hidden, { exact: true }).count()).toBe(0);
    }

    // Edit level on users: only this project's users, with the create button.
    await menu.getByText('用户管理').click();
    await page.waitForURL('**/man/userlist');
    await tableRow(page, USER.account).waitFor();
    const users = page.getByTestId('user-list-page');
    expect(await users.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await users.getByRole('button', { name: /新\s*增/ }).waitFor();
    await h.screenshot(page, 'admin-users-limited-zh');

    // View level on roles: the list without writes.
    await menu.getByText('角色管理').click();
    await page.waitForURL('**/man/rolelist');
    await tableRow(page, ROLE).waitFor();
    // Scoped to the screen: other open tabs stay mounted.
    const roles = page.getByTestId('role-list-page');
    expect(await roles.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    expect(await roles.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);

    await switchLanguage(page, 'English');
    await menu.getByText('Users').waitFor();
    await page.getByRole('columnheader', { name: 'Role name' }).waitFor();
    await h.screenshot(page, 'admin-roles-limited-en');
  });

  it('looks right in English for the administrator', async () => {
    const page = await h.newPage('en-US');
    await page.goto('/index');
    await switchLanguage(page, 'English');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    await page.goto('/man/projectlist');
    await tableRow(page, PROJECT).waitFor();
    await h.screenshot(page, 'admin-projects-en');
    await page.goto('/man/authlist');
    await pick(page, page.getByTestId('auth-role-select').locator('input'), ROLE);
    await page.getByTestId('level-userlist').waitFor();
    await h.screenshot(page, 'admin-authlist-en');
    await page.goto('/bas/authmodule');
    await page.getByTestId('auth-module-page').waitFor();
    await pick(page, page.getByTestId('auth-module-page').locator('.ant-select input'), PROJECT);
    await page.getByText('Authorised modules').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => {
      const save = [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === 'Save');
      return save !== undefined && !save.disabled;
    });
    await h.screenshot(page, 'admin-authmodule-en');
    await page.goto('/man/userlist');
    await tableRow(page, USER.account).waitFor();
    await h.screenshot(page, 'admin-users-en');
  });
});
