import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * The environment history at 1366 px in both languages: every reading's column inside the card (the
 * table fits, no column hidden past its edge), and the export beside it as CSV and as an Excel workbook.
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

const ENV = { name: '西门环境监测', no: 'ENV-HIST-01', equipmentId: 'EQHISTENV01', key1: 'env-hist-secret' };
const VALUES = {
  temperature: 23.46,
  humidity: 46.2,
  pm25: 18,
  pm10: 35,
  soilTemperature: 19.2,
  soilHumidity: 31,
  co2: 612,
  gas: 3,
  light: 186250,
  atmosphere: 101.3,
  noise: 52.4,
};

/** Where the table's columns end against the card's content box, and whether anything scrolls sideways. */
async function tableFit(page: Page) {
  return page.getByTestId('history-table').evaluate((el) => {
    const card = el.closest('.ant-card-body') as HTMLElement;
    const box = card.getBoundingClientRect();
    const inner = parseFloat(getComputedStyle(card).paddingRight);
    const table = el.querySelector('table') as HTMLElement;
    const scroller = el.querySelector('.ant-table-content, .ant-table-body') as HTMLElement;
    const headers = [...el.querySelectorAll('thead th')].map((th) => {
      const r = th.getBoundingClientRect();
      return { text: (th.textContent ?? '').trim(), right: Math.round(r.right) };
    });
    return {
      cardRight: Math.round(box.right - inner),
      tableWidth: Math.round(table.getBoundingClientRect().width),
      cardWidth: Math.round(box.width),
      overflow: scroller.scrollWidth - scroller.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      headers,
    };
  });
}

describe('environment history at 1366 px', () => {
  it('shows every reading inside the card in both languages, with CSV and Excel exports', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const envId = await createDevice(api, projectId, 'envmonitor', 'envrs485', ENV, {
      props: JSON.stringify({ public: false, pickInterval: 60 }),
    });
    await api.post(`/api/pjts/${projectId}/iot/envmonitor/${envId}/register`);
    client = await connectDevice(h, ENV);
    for (let i = 0; i < 3; i++) {
      await publishUp(client, ENV.equipmentId, 'telemetry', { values: { ...VALUES, temperature: 23.46 + i } });
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }

    await page.goto(`/pjt/pjtdeviceenvdatahistory?id=${envId}`);
    const rows = page.getByTestId('history-table').locator('.ant-table-row');
    await expect.poll(async () => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await page.locator('[data-testid="history-chart"] canvas').first().waitFor();
    const zh = await tableFit(page);
    await h.screenshot(page, 'env-history-1366-zh');
    expect(zh.pageOverflow).toBe(0);
    expect(zh.overflow, JSON.stringify(zh)).toBeLessThanOrEqual(0);
    expect(zh.headers.at(-1)!.text).toBe('噪声 (dB)');
    for (const th of zh.headers) expect(th.right, th.text).toBeLessThanOrEqual(zh.cardRight + 1);
    // Rounded as the cards show them, the unit in the header only.
    await expect(rows.first().textContent()).resolves.toContain('186250');

    // Both exports of the shown period: the CSV in the reader's language, the workbook as Excel's type.
    const csv = await page.request.get((await page.getByTestId('history-export').getAttribute('href'))!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^\uFEFF采集时间,温度 \(°C\),湿度 \(%RH\),PM2\.5 \(μg\/m³\)/);
    expect(lines).toHaveLength(1 + (await rows.count()));
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,25\.5,46\.2,18,35,19\.2,31,612,3,186250,101\.3,52\.4$/);
    const xlsx = await page.request.get((await page.getByTestId('history-export-xlsx').getAttribute('href'))!);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect([...(await xlsx.body()).subarray(0, 2)]).toEqual([0x50, 0x4b]);

    await switchLanguage(page, 'English');
    await page.getByText('Environment history').first().waitFor();
    await page.getByTestId('history-table').locator('thead th', { hasText: 'Noise (dB)' }).first().waitFor();
    const en = await tableFit(page);
    await h.screenshot(page, 'env-history-1366-en');
    expect(en.pageOverflow).toBe(0);
    expect(en.overflow, JSON.stringify(en)).toBeLessThanOrEqual(0);
    for (const th of en.headers) expect(th.right, th.text).toBeLessThanOrEqual(en.cardRight + 1);
    await expect(page.getByTestId('history-export-xlsx').textContent()).resolves.toBe('Export Excel');
  });
});
