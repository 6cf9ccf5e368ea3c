import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDialog, dialog, pick, tableRow } from './antd';
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

const DEVICE = { name: '监测仪E2E', no: 'ENV-E2E-01', equipmentId: 'EQ-E2E-01' };

async function rootProject(page: Page): Promise<{ name: string; no: string }> {
  const token = await page.evaluate(() => localStorage.getItem('sc.token'));
  const response = await page.request.get(`/api/projects.do/trees?token=${token}`);
  const [root] = (await response.json()) as { name: string; no: string }[];
  return root;
}

describe('devices and the production library', () => {
  it('production items, a device through the wizard, its views, the map and the occupied item', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const root = await rootProject(page);

    // ── Production library: auto-create 5 items.
    await page.goto('/biz/bizproductionlib');
    await page.getByTestId('production-page').waitFor();
    await page.getByRole('button', { name: /自动创建/ }).click();
    await dialog(page).locator('#production-auto_name').fill('E2E终端');
    await dialog(page).locator('#production-auto_startNo').fill('E2E0001');
    await dialog(page).locator('#production-auto_count').fill('5');
    await dialog(page).getByText('将创建 5 条：E2E0001 … E2E0005').waitFor();
    await pick(page, dialog(page).locator('#production-auto_modelId'), 'ENVRS485');
    await pick(page, dialog(page).locator('#production-auto_projectId'), root.name);
    await h.screenshot(page, 'devices-production-auto-zh');
    await dialog(page).locator('.ant-btn-primary').click();
    await tableRow(page, 'E2E0005').waitFor();
    await tableRow(page, 'E2E0001').waitFor();

    // ── CSV import of 3 rows (the file written here).
    const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sc-csv-')), 'items.csv');
    fs.writeFileSync(
      csv,
      [
        'name,no,key1,modelNo,projectNo,description',
        `导入终端,CSV0001,key-a,envrs485,${root.no},`,
        `导入终端,CSV0002,key-b,envrs485,${root.no},`,
        `导入终端,CSV0003,key-c,envrs485,${root.no},第三个`,
      ].join('\n'),
    );
    await page.getByRole('button', { name: /CSV 导入/ }).click();
    await dialog(page).locator('input[type=file]').setInputFiles(csv);
    await dialog(page).getByText('已导入 3 条').waitFor();
    await h.screenshot(page, 'devices-production-import-zh');
    await closeDialog(page);
    await tableRow(page, 'CSV0003').waitFor();

    // ── A device through the wizard.
    await page.goto('/biz/deviceedit');
    await page.getByTestId('device-wizard').waitFor();
    await page.locator('#device-form_name').fill(DEVICE.name);
    await page.locator('#device-form_no').fill(DEVICE.no);
    await pick(page, page.locator('#device-form_type'), '环境监测仪');
    await pick(page, page.locator('#device-form_modelId'), 'ENVRS485', false);
    await expect(page.getByTestId('factory-name').inputValue()).resolves.not.toBe('');
    await pick(page, page.locator('#device-form_projectId'), root.name);
    await page.locator('#device-form_productionNo').fill('E2E0003');
    await h.screenshot(page, 'devices-wizard-base-zh');
    await page.getByRole('button', { name: /下一步/ }).click();

    await page.locator('#device-form_props_pickInterval').fill('10');
    await page.getByRole('button', { name: /下一步/ }).click();
    await page.getByText('允许的取值范围：30 - 3600。').waitFor();
    await page.locator('#device-form_props_pickInterval').fill('60');
    await page.locator('#device-form_equipmentId').fill(DEVICE.equipmentId);
    await h.screenshot(page, 'devices-wizard-type-zh');
    await page.getByRole('button', { name: /下一步/ }).click();

    await page.getByTestId('step-coordinate').getByLabel('经度').fill('119.5008');
    await page.getByTestId('step-coordinate').getByLabel('纬度').fill('32.1693');
    // Without map tiles the step still reads as a place: the pointer's coordinate and the placed devices.
    await page.getByTestId('coordinate-readout').waitFor();
    await page
      .getByTestId('coordinate-nearby')
      .getByText(/视野内 \d+ 台/)
      .waitFor();
    await h.screenshot(page, 'devices-wizard-coordinate-zh');
    await switchLanguage(page, 'English');
    await page
      .getByTestId('coordinate-nearby')
      .getByText(/\d+ in view/)
      .waitFor();
    await h.screenshot(page, 'devices-wizard-coordinate-en');
    await switchLanguage(page, '中文');
    await page
      .getByTestId('coordinate-nearby')
      .getByText(/视野内 \d+ 台/)
      .waitFor();
    await page.getByRole('button', { name: /下一步/ }).click();
    await page.getByTestId('step-summary').waitFor();
    await h.screenshot(page, 'devices-wizard-summary-zh');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.waitForURL('**/biz/devicelist');

    // ── The list: mixed, device and type views.
    await tableRow(page, DEVICE.name).waitFor();
    // The coordinates are a column hidden at first: shown from the column setting.
    await page.getByTestId('column-settings-button').click();
    await page.getByTestId('column-settings').getByText('坐标', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(tableRow(page, DEVICE.name).textContent()).resolves.toContain('119.500800, 32.169300');
    await h.screenshot(page, 'devices-list-mixed-zh');
    await page.getByTestId('device-views').getByText('设备视图').click();
    await tableRow(page, DEVICE.equipmentId).waitFor();
    await page.getByTestId('device-views').getByText('类型属性').click();
    await pick(page, page.locator('[data-testid=type-view-select] input'), '环境监测仪');
    await tableRow(page, '60 s').waitFor();
    await h.screenshot(page, 'devices-list-type-zh');
    await page.getByTestId('device-views').getByText('地图视图').click();
    await page.locator('[data-testid=map-canvas][data-devices]').first().waitFor();
    await h.screenshot(page, 'devices-list-map-zh');

    // ── The map page: the device as a marker with its popup.
    await page.goto('/map/bizindex');
    await page.getByTestId('map-page').waitFor();
    // The map opens fitted to the project's devices and draws them on one canvas; a device's place
    // in the view is on the canvas (data-sample) for a click.
    const canvas = page.locator('[data-testid=map-canvas][data-sample]:not([data-sample=""])');
    await canvas.waitFor({ timeout: 20_000 });
    const [x, y] = (await canvas.getAttribute('data-sample'))!.split(',').map(Number);
    await page
      .getByTestId('device-map')
      .locator('.leaflet-container')
      .click({ position: { x: x!, y: y! } });
    await page.getByTestId('map-popup').waitFor();
    await h.screenshot(page, 'devices-map-zh');

    // ── The production item whose no the device took is occupied by it.
    await page.goto('/biz/bizproductionlib');
    await page.getByTestId('production-status').getByText('已占用').click();
    // The unfiltered rows stay on screen until the filtered page arrives: wait for the idle item to go.
    await tableRow(page, 'E2E0001').waitFor({ state: 'detached' });
    await tableRow(page, 'E2E0003').waitFor();
    await expect(tableRow(page, 'E2E0003').textContent()).resolves.toContain(DEVICE.name);
    await h.screenshot(page, 'devices-production-occupied-zh');
  });
});
