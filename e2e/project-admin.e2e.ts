import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createButton, dialog, pick, save, tableRow } from './antd';
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

const ROLE = 'E2E项目巡检';
const MEMBER = { account: 'e2emember', password: 'Pass1234' };
// Screenshots at 1366 px for review, besides the harness's own artifacts.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-projadmin';

async function shot(page: Page, name: string) {
  await h.screenshot(page, `project-admin-${name}`);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('project administration', () => {
  it("the administrator makes a project role, its levels and a member; the member sees the 'view' items", async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');

    // A role of the current project, on its own calls.
    await page.goto('/pjt/pjtrolelist');
    const roles = page.getByTestId('pjtadmin-roles');
    await roles.getByRole('heading', { name: '项目角色' }).waitFor();
    await tableRow(page, '管理员').first().waitFor();
    await createButton(page).click();
    await dialog(page).locator('#roles-form_name').fill(ROLE);
    await dialog(page).locator('#roles-form_no').fill('E2E-PR01');
    await save(page);
    await tableRow(page, ROLE).waitFor();
    await shot(page, 'roles-zh');

    // Its levels: view on the three project administration screens.
    await page.goto('/pjt/pjtauthlist');
    await page.getByTestId('pjtadmin-auth').getByRole('heading', { name: '项目角色权限' }).waitFor();
    await pick(page, page.getByTestId('auth-role-select').locator('input'), ROLE);
    for (const key of ['pjtrolelist', 'pjtuserlist', 'pjtauthlist'])
      await page.getByTestId(`level-${key}`).getByText('查看').click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('权限已保存').waitFor();
    await page.locator('.ant-card', { hasText: '菜单预览' }).getByText('项目用户').waitFor();
    await shot(page, 'auth-zh');

    // A member with that role.
    await page.goto('/pjt/pjtuserlist');
    await page.getByTestId('pjtadmin-users').getByRole('heading', { name: '项目成员' }).waitFor();
    await createButton(page).click();
    await dialog(page).locator('#users-form_name').fill(MEMBER.account);
    await dialog(page).locator('#users-form_password').fill(MEMBER.password);
    await dialog(page).locator('#users-form_realName').fill('项目巡检员');
    await dialog(page).locator('#users-form_phoneNo').fill('13800000002');
    await pick(page, dialog(page).locator('#users-form_roleId'), ROLE);
    await save(page);
    await tableRow(page, MEMBER.account).waitFor();
    await shot(page, 'users-zh');

    // The member, in English: read-only views, their own role's levels.
    const member = await h.newPage('en-US');
    await member.goto('/index');
    await switchLanguage(member, 'English');
    await signIn(member, MEMBER.account, MEMBER.password);
    await member.waitForURL('**/man/manmain');
    await member.goto('/pjt/pjtuserlist');
    const users = member.getByTestId('pjtadmin-users');
    await users.getByRole('heading', { name: 'View project members' }).waitFor();
    await tableRow(member, MEMBER.account).waitFor();
    await users.getByText('changing them needs the edit level').waitFor();
    expect(await users.getByRole('button', { name: /^New$/ }).count()).toBe(0);
    await shot(member, 'users-member-en');

    await member.goto('/pjt/pjtrolelist');
    await member.getByTestId('pjtadmin-roles').getByRole('heading', { name: 'View project roles' }).waitFor();
    await tableRow(member, ROLE).waitFor();
    expect(
      await member
        .getByTestId('pjtadmin-roles')
        .getByRole('button', { name: /Delete/ })
        .count(),
    ).toBe(0);
    await shot(member, 'roles-member-en');

    await member.goto('/pjt/pjtauthlist');
    await member.getByTestId('pjtadmin-auth').getByRole('heading', { name: 'My permissions' }).waitFor();
    await member.getByText(`Your role: ${ROLE}`).waitFor();
    await expect(member.getByTestId('level-pjtuserlist').getByLabel('View').isChecked()).resolves.toBe(true);
    await expect(member.getByTestId('level-pjtuserlist').getByLabel('Edit').isDisabled()).resolves.toBe(true);
    await shot(member, 'auth-member-en');

    // The administrator's screens in English too.
    await switchLanguage(page, 'English');
    await page.goto('/pjt/pjtauthlist');
    await page.getByTestId('pjtadmin-auth').getByRole('heading', { name: 'Project role permissions' }).waitFor();
    await page.getByTestId('level-pjtrolelist').waitFor();
    await shot(page, 'auth-en');
    await page.goto('/pjt/pjtuserlist');
    await tableRow(page, MEMBER.account).waitFor();
    await shot(page, 'users-en');
  }, 300_000);
});
