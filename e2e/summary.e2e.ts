import type { MqttClient } from 'mqtt';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * The project summary (issue 28): /pjt opens the dashboard; a monitor's telemetry over MQTT shows in its
 * window without a reload; a new layout is made by placing units on a 2x2 grid and dragging one to
 * another cell, previewed, saved and made the default, and the dashboard follows it; in both languages.
 * The WiFi units read an access point's reports over MQTT, live.
 */
let h: Harness;
let client: MqttClient | undefined;
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  await client?.endAsync(true).catch(() => undefined);
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const MONITOR = { name: '东门监测站', no: 'ENV-SUM-01', equipmentId: 'EQE2ESUMENV1', key1: 'sum-secret-1' };
const AP = { name: '广场无线AP', no: 'WIFI-SUM-01', equipmentId: 'EQE2ESUMWIFI1', key1: 'sum-wifi-1' };

/** The cell a placed unit of the designer is in: "x,y,w,h". */
const cellOf = (page: Page, name: string) => page.getByTestId(`placed-${name}`).getAttribute('data-cell');
/** A placed unit slides to its cell with a CSS transition: read a box only once it stops moving. */
async function settledBox(locator: Locator) {
  let last = '';
  for (let i = 0; i < 40; i++) {
    const box = await locator.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await locator.page().waitForTimeout(150);
  }
  throw new Error('the unit never stopped moving');
}

describe('project summary and its layouts', () => {
  it('/pjt opens the summary, live; a new default layout made by dragging units is what it shows', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const id = await createDevice(api, projectId, 'envmonitor', 'envrs485', MONITOR);
    await api.post(`/api/pjts/${projectId}/iot/envmonitor/${id}/register`);
    client = await connectDevice(h, MONITOR);
    await publishUp(client, MONITOR.equipmentId, 'heartbeat', {});
    await publishUp(client, MONITOR.equipmentId, 'telemetry', {
      ts: Date.now(),
      values: { temperature: 18.5, humidity: 40, pm25: 12 },
    });

    // ── /pjt opens the summary (spec 001 §2), the standard layout while the project has none.
    await page.goto('/pjt');
    await page.waitForURL('**/pjt/pjtprojectsummary');
    const grid = page.getByTestId('summary-grid');
    await expect.poll(() => grid.getAttribute('data-grid')).toBe('3');
    const envWindow = page.getByTestId('unit-ENV_WINDOW');
    await expect
      .poll(() => envWindow.getByTestId('window-device').textContent(), { timeout: 15_000 })
      .toBe(MONITOR.name);
    await expect.poll(() => envWindow.textContent()).toContain('18.5 °C');
    await expect.poll(() => page.getByTestId('unit-DEVICE_SUMMARY').textContent()).toContain('设备总数');

    // ── Live: the monitor's next reading shows without a reload.
    await publishUp(client, MONITOR.equipmentId, 'telemetry', {
      ts: Date.now(),
      values: { temperature: 23.25, humidity: 45, pm25: 20 },
    });
    await expect.poll(() => envWindow.textContent(), { timeout: 15_000 }).toContain('23.3 °C');
    await page.waitForTimeout(500);
    await h.screenshot(page, 'summary-zh');

    // ── A new layout: two units on a 2x2 grid, one dragged to the second row, previewed, saved.
    await page.getByRole('link', { name: /编辑布局/ }).click();
    await page.waitForURL('**/pjt/pjtprojectsummarylayout');
    await page.getByRole('button', { name: /新建布局/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('值班大屏');
    await dialog.getByLabel('编号').fill('DUTY-01');
    await dialog.getByTestId('grid-choice').getByText('2x2').click();
    await dialog.getByTestId('add-DEVICE_ONLINE').click();
    await dialog.getByTestId('add-ENV_WINDOW').click();
    expect(await cellOf(page, 'ENV_WINDOW')).toBe('1,0,1,1');
    // Drag the monitor's window by its title down one row, then widen it over both columns.
    const unit = page.getByTestId('placed-ENV_WINDOW');
    const box = await settledBox(unit);
    await page.mouse.move(box.x + box.width / 2, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 60, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 - box.width, box.y + box.height + 40, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => cellOf(page, 'ENV_WINDOW')).toBe('0,1,1,1');
    const handle = unit.locator('.react-resizable-handle');
    await settledBox(unit);
    const hb = await settledBox(handle);
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + box.width / 2, hb.y, { steps: 5 });
    await page.mouse.move(hb.x + box.width + 20, hb.y + 4, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => cellOf(page, 'ENV_WINDOW')).toBe('0,1,2,1');
    await h.screenshot(page, 'summary-layout-editor-zh');
    await dialog.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByTestId('layout-preview');
    await expect.poll(() => preview.getByTestId('unit-ENV_WINDOW').textContent()).toContain('23.3 °C');
    await h.screenshot(page, 'summary-layout-preview-zh');
    await page
      .getByRole('dialog')
      .filter({ has: preview })
      .getByRole('button', { name: /Close|关闭/ })
      .click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'DUTY-01' }).count()).toBe(1);

    // ── Made the default: the summary follows.
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('summarylayouts'));
    await page.getByTestId('make-default-DUTY-01').click();
    expect((await put).status()).toBe(200);
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'DUTY-01' }).textContent(), { timeout: 15_000 })
      .toContain('是');
    await h.screenshot(page, 'summary-layouts-zh');
    await page
      .getByRole('menuitem', { name: /项目总览/ })
      .first()
      .click();
    await page.waitForURL('**/pjt/pjtprojectsummary');
    await expect.poll(() => grid.getAttribute('data-grid')).toBe('2');
    await expect.poll(() => page.getByTestId(/^unit-[A-Z_]+$/).count()).toBe(2);
    await expect.poll(() => page.getByTestId('layout-switch').textContent()).toContain('值班大屏');
    const envBox = (await page.getByTestId('unit-ENV_WINDOW').boundingBox())!;
    const onlineBox = (await page.getByTestId('unit-DEVICE_ONLINE').boundingBox())!;
    expect(envBox.y).toBeGreaterThan(onlineBox.y + onlineBox.height - 1);
    expect(envBox.width).toBeGreaterThan(onlineBox.width * 1.8);

    // ── English.
    await switchLanguage(page, 'English');
    await expect.poll(() => page.getByTestId('unit-DEVICE_ONLINE').textContent()).toContain('Online rate');
    await page.waitForTimeout(500);
    await h.screenshot(page, 'summary-en');
    await page.getByRole('link', { name: /Edit layouts/ }).click();
    await page.waitForURL('**/pjt/pjtprojectsummarylayout');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'DUTY-01' }).textContent()).toContain('Yes');
    await h.screenshot(page, 'summary-layouts-en');
    await page.getByRole('row').filter({ hasText: 'DUTY-01' }).getByRole('button', { name: /Edit/ }).click();
    await expect.poll(() => cellOf(page, 'ENV_WINDOW')).toBe('0,1,2,1');
    await h.screenshot(page, 'summary-layout-editor-en');
  }, 180_000);

  it('the WiFi units: the access points’ clients and traffic and the AP that reported last, live', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const acId = await createDevice(api, projectId, 'wifi', 'wificomfastac', { name: '北区控制器', no: 'WIFI-SUM-AC' });
    const id = await createDevice(api, projectId, 'wifi', 'wificomfastap', AP, {
      parentId: acId,
      props: JSON.stringify({ ssid: 'City-Free', linkType: 'cascade' }),
    });
    await api.post(`/api/pjts/${projectId}/iot/wifi/${id}/register`);
    const ap = await connectDevice(h, AP);
    try {
      // A layout of the two WiFi units, looked at through the switch (the default stays as it is).
      await api.post(`/api/pjts/${projectId}/summarylayouts.do`, {
        name: '无线网络',
        no: 'WIFI-01',
        grid: '2',
        priority: '2',
        units: JSON.stringify([
          { code: 12, x: 0, y: 0, w: 1, h: 1 },
          { code: 13, x: 1, y: 0, w: 1, h: 1 },
        ]),
      });
      await page.goto('/pjt/pjtprojectsummary');
      await page.getByTestId('layout-switch').click();
      await page.locator('.ant-select-dropdown').getByText('无线网络').click();
      await page.getByTestId('unit-WIFI_WINDOW').waitFor();
      // The AP reports while the dashboard is open: the realtime push brings its figures.
      await publishUp(ap, AP.equipmentId, 'heartbeat', {});
      const values = { upload: 4.5, download: 22.5, cpu: 35, memory: 48, clients: 12, uptime: 14_100 };
      await publishUp(ap, AP.equipmentId, 'telemetry', { ts: Date.now(), values });
      const summary = page.getByTestId('unit-WIFI_SUMMARY');
      const window = page.getByTestId('unit-WIFI_WINDOW');
      await expect.poll(() => window.getByTestId('window-device').textContent(), { timeout: 15_000 }).toBe(AP.name);
      await expect.poll(() => summary.getByTestId('wifi-figures').textContent()).toContain('22.5 Mbps');
      expect(await page.getByTestId('unit-link-WIFI_WINDOW').getAttribute('href')).toBe(`/pjt/pjtdevicewifi?id=${id}`);
      // Live: the AP's next report shows without a reload.
      await publishUp(ap, AP.equipmentId, 'telemetry', { ts: Date.now(), values: { ...values, clients: 15 } });
      await expect.poll(() => window.textContent(), { timeout: 15_000 }).toContain('终端数15');
      await page.waitForTimeout(500);
      await h.screenshot(page, 'summary-wifi-zh');
      await switchLanguage(page, 'English');
      await expect.poll(() => summary.textContent()).toContain('Clients');
      await page.waitForTimeout(500);
      await h.screenshot(page, 'summary-wifi-en');
    } finally {
      await ap.endAsync(true).catch(() => undefined);
    }
  }, 120_000);
});
