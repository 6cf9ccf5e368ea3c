import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createButton, dialog, tableRow } from './antd';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * Console polish (issue 13) as an operator meets it: the /pjt screens open on the project that holds the
 * devices, a changed dialog or page asks before its edits are dropped, confirmations say what will happen,
 * a refused CSV import hands back the file with its errors; in zh-CN and en-US.
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

const CHILD = { name: '北区工程', no: 'POLISH-N' };

async function api(page: Page, method: 'GET' | 'POST', path: string, form: Record<string, string | number> = {}) {
  const token = (await page.evaluate(() => localStorage.getItem('sc.token')))!;
  const url = `${path}${path.includes('?') ? '&' : '?'}token=${token}&lang=zh_CN`;
  const response = method === 'GET' ? await page.request.get(url) : await page.request.post(url, { form });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

async function signedIn(locale = 'zh-CN'): Promise<Page> {
  const page = await h.newPage(locale);
  await page.goto('/index');
  await signIn(page);
  await page.waitForURL('**/man/manmain');
  return page;
}

describe('console polish', () => {
  it('opens the project screens on the project holding the devices', async () => {
    const setup = await signedIn();
    const [root] = (await api(setup, 'GET', '/api/projects.do/trees')) as { id: number; no: string }[];
    const child = (await api(setup, 'POST', '/api/projects.do', {
      ...CHILD,
      parentId: root!.id,
      lng: 119.5,
      lat: 32.1,
    })) as { id: number };
    const models = (await api(setup, 'GET', `/api/pjts/${child.id}/devices.do/types/gateway/models`)) as {
      id: number;
      no: string;
    }[];
    const gateway = (await api(setup, 'POST', '/api/biz/devices.do', {
      name: '北区网关',
      no: 'POLISH-GW-01',
      type: 'gateway',
      modelId: (models.find((m) => m.no === 'gws') ?? models[0]!).id,
      projectId: child.id,
    })) as { id: number };
    // A located lamp behind it, for the lamp map with child projects.
    const lampModels = (await api(setup, 'GET', `/api/pjts/${child.id}/devices.do/types/lighting/models`)) as {
      id: number;
      no: string;
    }[];
    await api(setup, 'POST', '/api/biz/devices.do', {
      name: '北区路灯',
      no: 'POLISH-LAMP-01',
      type: 'lighting',
      modelId: (lampModels.find((m) => m.no === 'lcunb') ?? lampModels[0]!).id,
      projectId: child.id,
      parentId: gateway.id,
      lng: 119.5,
      lat: 32.1,
      props: JSON.stringify({ ratedPower: 100, channelCount: 1 }),
    });

    // A fresh browser: the root project holds no device, so the device list opens on the child project.
    const page = await signedIn();
    await page.goto('/pjt/pjtdevicelist');
    await page.getByTestId('project-switcher').getByText(CHILD.name).waitFor();
    await tableRow(page, 'POLISH-GW-01').waitFor();
    await h.screenshot(page, 'polish-landing-zh');

    // Back on the root project: its own devices only, until "include child projects" is switched on;
    // then the child's gateway shows with its project, in the device list and the gateway list.
    const rootName = (await api(setup, 'GET', '/api/projects.do/trees'))[0].name as string;
    await page.getByTestId('project-switcher').locator('.ant-select').click();
    await page.locator('.ant-select-tree-node-content-wrapper').getByText(rootName, { exact: true }).click();
    await page.getByTestId('project-switcher').getByTitle(rootName).waitFor();
    await tableRow(page, 'POLISH-GW-01').waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: '包含子项目' }).click();
    await tableRow(page, 'POLISH-GW-01').waitFor();
    expect(await tableRow(page, 'POLISH-GW-01').textContent()).toContain(CHILD.name);
    await h.screenshot(page, 'polish-children-zh');
    await page.goto('/pjt/pjtdevicegatewaylist');
    await tableRow(page, '北区网关').waitFor();
    expect(await page.getByRole('columnheader', { name: '所属项目' }).count()).toBe(1);
    // The lamp map follows the switch: the child project's lamp shows on the root project's map.
    await page.goto('/pjt/pjtdevicelightinglist');
    await tableRow(page, '北区路灯').waitFor();
    await page.getByTestId('lamp-view').getByText('地图').click();
    await page.getByTestId('lamp-map-count').filter({ hasText: '地图上 1 盏灯' }).waitFor();
    await page.locator('.leaflet-container').waitFor();
    await h.screenshot(page, 'polish-lamp-map-children-zh');
    // Off again for the steps below (remembered per user).
    await page.getByRole('switch', { name: '包含子项目' }).click();
    await page.getByRole('columnheader', { name: '所属项目' }).waitFor({ state: 'detached' });
  });

  it('asks before a changed dialog drops its edits, and says what a delete means', async () => {
    const page = await signedIn();
    await page.goto('/man/projectlist');
    await tableRow(page, CHILD.no).waitFor();

    // Nothing changed: the dialog closes at once.
    await createButton(page).click();
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await dialog(page).waitFor({ state: 'hidden' });

    // Changed: it asks; keeping the edits keeps the dialog, discarding closes it.
    await createButton(page).click();
    const form = dialog(page);
    await form.getByLabel('项目名称').fill('未保存的项目');
    await form.getByRole('button', { name: /取\s*消/ }).click();
    const ask = page.locator('.ant-modal-confirm', { hasText: '放弃未保存的修改？' });
    await ask.getByText('关闭后，本窗口中的修改将丢失。').waitFor();
    await page.waitForTimeout(400);
    await h.screenshot(page, 'polish-unsaved-dialog-zh');
    await ask.getByRole('button', { name: '继续编辑' }).click();
    await ask.waitFor({ state: 'hidden' });
    await expect(page.getByLabel('项目名称').inputValue()).resolves.toBe('未保存的项目');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .first()
      .click();
    await ask.getByRole('button', { name: '放弃修改' }).click();
    await page
      .locator('.ant-modal:visible')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.waitForFunction(() => document.querySelectorAll('.ant-modal-wrap:not([style*="none"])').length === 0);

    // A delete says what it needs and means; cancelled here.
    await tableRow(page, CHILD.no)
      .getByRole('button', { name: /删\s*除/ })
      .click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: `确定删除项目“${CHILD.name}”吗？` });
    await confirm.getByText('只能删除空项目：它的子项目、角色、用户和设备需先移走或删除。删除后无法恢复。').waitFor();
    await page.waitForTimeout(400);
    await h.screenshot(page, 'polish-delete-confirm-zh');
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'hidden' });

    // The same in English.
    await switchLanguage(page, 'English');
    await tableRow(page, CHILD.no).getByRole('button', { name: 'Delete' }).click();
    const en = page.locator('.ant-modal-confirm').last();
    await en.getByText(/Only an empty project can be deleted/).waitFor();
    await en.getByRole('button', { name: 'Cancel' }).click();
    await en.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'New' }).click();
    await dialog(page).getByLabel('Project name').fill('Unsaved');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    const enAsk = page.locator('.ant-modal-confirm', { hasText: 'Discard unsaved changes?' });
    await enAsk.getByText('Closing this dialog loses the changes made in it.').waitFor();
    await page.waitForTimeout(400);
    await h.screenshot(page, 'polish-unsaved-dialog-en');
    await enAsk.getByRole('button', { name: 'Discard changes' }).click();
    await enAsk.waitFor({ state: 'hidden' });
  });

  it('asks before leaving system settings with unsaved changes', async () => {
    const page = await signedIn();
    await page.goto('/man/projectlist');
    await tableRow(page, CHILD.no).waitFor();
    // The tab bar mounts a task after the page: its tab must be kept before the page is left.
    await page.getByTestId('tab-/man/projectlist').waitFor();
    await page.goto('/man/syssettings');
    await page.getByTestId('settings-page').waitFor();
    await page.getByTestId('settings-tab-display').click();
    await page.getByLabel('列表每页条数').fill('30');
    await page.getByTestId('settings-unsaved').waitFor();
    // Another frame tab: the console asks first.
    await page.getByTestId('tab-/man/projectlist').click();
    const ask = page.locator('.ant-modal-confirm', { hasText: '放弃未保存的修改？' });
    await ask.getByText('离开后，本页中未保存的修改将丢失。').waitFor();
    await page.waitForTimeout(400);
    await h.screenshot(page, 'polish-unsaved-page-zh');
    await ask.getByRole('button', { name: '继续编辑' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/man/syssettings');
    await page.getByTestId('tab-/man/projectlist').click();
    await ask.getByRole('button', { name: '放弃修改' }).click();
    await page.waitForURL('**/man/projectlist');
  });

  it('hands back a refused CSV import with each line’s errors, the progress in red', async () => {
    const page = await signedIn();
    const [root] = (await api(page, 'GET', '/api/projects.do/trees')) as { id: number; no: string }[];
    const csv = `${h.baseUrl.replace(/\W/g, '')}-bad.csv`;
    const file = `/tmp/${csv}`;
    fs.writeFileSync(
      file,
      [
        'name,no,key1,modelNo,projectNo,description',
        `好的,POL-OK-1,k1,gws,${root!.no},`,
        `坏的,POL-BAD-1,,nomodel,${root!.no},`,
      ].join('\n'),
    );
    await page.goto('/biz/bizproductionlib');
    await page.getByRole('button', { name: /CSV 导入/ }).click();
    await dialog(page).locator('input[type=file]').setInputFiles(file);
    await dialog(page).getByTestId('import-errors').waitFor();
    await expect(dialog(page).getByTestId('import-progress').getAttribute('class')).resolves.toContain('exception');
    await page.waitForTimeout(600);
    await h.screenshot(page, 'polish-import-errors-zh');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page)
        .getByRole('button', { name: /下载带错误说明的文件/ })
        .click(),
    ]);
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('name,no,key1,modelNo,projectNo,description,错误');
    expect(lines[1]).toMatch(/^好的,POL-OK-1,k1,gws,[^,]*,,$/);
    expect(lines[2]).toMatch(/^坏的,POL-BAD-1,,nomodel,[^,]*,,.+/);
    fs.rmSync(file, { force: true });
  });
});
