import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * Maintenance work orders in the browser: a lamp's alarm arrives as a site message whose action opens
 * an order with the lamp and the alarm filled in, a second device added, a message, approved by a checker, a device completed with a note
 * and a site photo on a 390 px wide page, the PDF downloaded; every maintenance screen fits a phone
 * without sideways scroll and is captured at 1366 px in both languages and at 390 px; the inbox then
 * shows the alarm handled by the order. A second lamp's fault opens an order from the lighting overview.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const LAMPS = [
  { name: '北门路灯01', no: 'MT-LAMP-01', equipmentId: 'EQMTLAMP01', key1: 'mt-secret-1' },
  { name: '北门路灯02', no: 'MT-LAMP-02', equipmentId: 'EQMTLAMP02', key1: 'mt-secret-2' },
];

/** A 1x1 PNG: the smallest site photo the server accepts by its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** How far the page reaches past the viewport's right edge, and the widest elements that do. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length > 0)
      .slice(-5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`,
      );
    return { scroll: document.documentElement.scrollWidth - width, wide };
  });
}

/** The screen has loaded: no lazy chunk's skeleton, no spinner, no call pending. */
const settled = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('[data-testid="loading-bar"], .ant-skeleton, .ant-spin-spinning'),
    undefined,
    { timeout: 20_000 },
  );

/** Waits for what the page shows, allowing for a loaded machine. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const o = await overflow(page);
  expect(o.scroll, `${screen} scrolls sideways at 390 px: ${o.wide.join(' | ')}`).toBeLessThanOrEqual(0);
}

describe('maintenance work orders', () => {
  it('an alarm opens an order; devices, message, approval, a phone completes a device with a photo, the PDF', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const lampIds: number[] = [];
    for (const lamp of LAMPS) lampIds.push(await createDevice(api, projectId, 'lighting', 'lcunb', lamp));

    // ── The lamp raises a fault over MQTT; its site message opens an order with the lamp and the alarm.
    await api.post(`/api/pjts/${projectId}/iot/lighting/${lampIds[0]}/register`);
    const equipment = LAMPS[0] as { equipmentId: string; key1: string };
    const device = await connectDevice(h, equipment);
    await publishUp(device, equipment.equipmentId, 'event', {
      ts: Date.now(),
      code: 19,
      type: 'occur',
      level: 'alarm',
    });
    await device.endAsync();
    const base = `/api/pjts/${projectId}/maintenance.do`;
    await page.goto('/man/sitemessage');
    const alarmRow = page.getByTestId('site-messages').locator('tr.ant-table-row', { hasText: LAMPS[0]!.name });
    await poll(() => alarmRow.getByTestId('open-work-order').count()).toBe(1);
    await h.screenshot(page, 'maintenance-inbox-alarm-1366-zh');
    await alarmRow.getByTestId('open-work-order').click();
    await poll(() => page.locator('.ant-modal').textContent()).toContain('灯具故障');
    await page.locator('.ant-modal input').fill('北门路灯故障维修');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.waitForURL('**/pjt/pjtmaintenancebill?id=*', { timeout: 20_000 });
    const bill = await api.get<{ id: number; no: string; details: { alarmCode: string | null }[] }>(
      `${base}/${new URL(page.url()).searchParams.get('id')}`,
    );
    expect(bill.details.map((d) => d.alarmCode)).toEqual(['19']);

    // ── The order on the console: a second device added, a message on the header.
    await page.goto(`/pjt/pjtmaintenancebill?id=${bill.id}`);
    await poll(() => page.getByTestId('bill-title').textContent()).toContain('北门路灯故障维修');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => rows.count()).toBe(1);
    // The second lamp scanned by its number (a scanner types the code and Enter).
    await page.getByTestId('add-devices').click();
    const scan = page.getByTestId('device-scan').locator('input');
    await scan.fill(LAMPS[1]!.no);
    await scan.press('Enter');
    const adding = page.locator('.ant-modal').filter({ has: page.getByTestId('device-scan') });
    await poll(() => adding.textContent()).toContain(`${LAMPS[1]!.name} (${LAMPS[1]!.no})`);
    await adding.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(() => rows.count()).toBe(2);
    await page.getByTestId('header-message').click();
    await page.locator('.ant-modal textarea').fill('请带梯子和备用灯头');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await poll(() => page.getByTestId('message').count()).toBe(1);

    // ── Approved by a checker (the administrator holds the check level).
    await page.getByTestId('approve').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await poll(() => page.getByTestId('approve').count()).toBe(0);
    await h.screenshot(page, 'maintenance-bill-1366-zh');

    // ── On a phone: the list and the order fit 390 px; the first lamp is completed with a note and a photo.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pjt/pjtmaintenancebilllist');
    await poll(() => page.getByTestId('bill-card').count()).toBe(1);
    await expectNoSidewaysScroll(page, 'the bill list');
    await h.screenshot(page, 'maintenance-list-390');
    await page.getByTestId('bill-card').click();
    await poll(() => page.getByTestId('detail-card').count()).toBe(2);
    await expectNoSidewaysScroll(page, 'the bill');
    await h.screenshot(page, 'maintenance-bill-390');
    const first = page.getByTestId('detail-card').filter({ hasText: LAMPS[0]!.name });
    await first.getByRole('button', { name: '完成' }).click();
    await page.locator('.ant-modal textarea').fill('更换灯头已亮');
    await page.locator('.ant-modal input[type="file"]').setInputFiles({
      name: 'site.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.waitForTimeout(600); // the picked photo's list item animates in
    await expectNoSidewaysScroll(page, 'the completion dialog');
    await h.screenshot(page, 'maintenance-complete-390');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await poll(() => first.textContent()).toContain('更换灯头已亮');
    const view = await api.get<{ details: { deviceId: number; handleStatus: number; hasPhoto?: boolean }[] }>(
      `${base}/${bill.id}`,
    );
    expect(view.details.find((d) => d.deviceId === lampIds[0])?.handleStatus).toBe(1);
    const photo = await page.request.get(
      `${base}/${bill.id}/details/${(view.details as unknown as { id: number; deviceId: number }[]).find((d) => d.deviceId === lampIds[0])!.id}/photo?token=${await page.evaluate(() => localStorage.getItem('sc.token'))}`,
    );
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/png');
    await expectNoSidewaysScroll(page, 'the bill after completion');

    // ── The PDF downloads from the order.
    const download = page.waitForEvent('download');
    await page.getByTestId('pdf').click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`${bill.no}.pdf`);

    // ── Pole orders and the device's history fit a phone too.
    for (const [path, name] of [
      ['/pjt/pjtpolemaintenance', 'pole'],
      [`/pjt/pjtdevicemaintenancehistory?deviceId=${lampIds[0]}`, 'history'],
    ] as const) {
      await page.goto(path);
      await settled(page);
      await expectNoSidewaysScroll(page, name);
      await h.screenshot(page, `maintenance-${name}-390`);
    }

    // ── A fault on the lighting overview opens work too: lamp 02 raises over-current; its code on the
    // faults card lists the lamp, whose action opens an order with the lamp and the fault.
    await page.setViewportSize({ width: 1366, height: 820 });
    await api.post(`/api/pjts/${projectId}/iot/lighting/${lampIds[1]}/register`);
    const second = LAMPS[1] as { equipmentId: string; key1: string };
    const device2 = await connectDevice(h, second);
    await publishUp(device2, second.equipmentId, 'event', { ts: Date.now(), code: 16, type: 'occur', level: 'alarm' });
    await device2.endAsync();
    const faults = `/api/pjts/${projectId}/iot/lighting/faults`;
    await poll(async () => (await api.get<{ total: number }>(`${faults}?code=16`)).total).toBe(1);
    await page.goto('/pjt/pjtdevicelightingsummary');
    await page.getByTestId('summary-faults').getByText('过流', { exact: true }).click();
    const faultRow = page.getByTestId('fault-lamps').locator('tr.ant-table-row', { hasText: LAMPS[1]!.name });
    await poll(() => faultRow.getByTestId('open-work-order').count()).toBe(1);
    await settled(page);
    await h.screenshot(page, 'lighting-summary-faults-1366-zh');
    await faultRow.getByTestId('open-work-order').click();
    await poll(() => page.locator('.ant-modal').textContent()).toContain('过流');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.waitForURL('**/pjt/pjtmaintenancebill?id=*', { timeout: 20_000 });
    const fromOverview = await api.get<{ details: { deviceId: number; alarmCode: string | null }[] }>(
      `${base}/${new URL(page.url()).searchParams.get('id')}`,
    );
    expect(fromOverview.details.map((d) => [d.deviceId, d.alarmCode])).toEqual([[lampIds[1], '16']]);

    // ── Every screen at 1366 px in both languages.
    const screens = [
      ['/pjt/pjtmaintenancebilllist', 'list'],
      [`/pjt/pjtmaintenancebill?id=${bill.id}`, 'bill'],
      ['/pjt/pjtpolemaintenance', 'pole'],
      [`/pjt/pjtdevicemaintenancehistory?deviceId=${lampIds[0]}`, 'history'],
      // The alarm's message and the lamp's events: the alarm now handled by the order.
      ['/man/sitemessage', 'inbox'],
      [`/pjt/pjtdevicelighting?id=${lampIds[0]}`, 'lamp'],
    ] as const;
    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') await switchLanguage(page, 'English');
      for (const [path, name] of screens) {
        await page.goto(path);
        await settled(page);
        // The order's number on every screen but the pole orders (the lamps are on no pole).
        if (name !== 'pole') await poll(() => page.locator('main, body').first().textContent()).toContain(bill.no);
        await page.waitForTimeout(300);
        await h.screenshot(page, `maintenance-${name}-1366-${lang}`);
      }
    }
    // Every open fault of the overview: lamp 01's handled by the completed order, lamp 02's open.
    await page.goto('/pjt/pjtdevicelightingsummary');
    await page.getByTestId('summary-open-faults').click();
    const openFaults = page.getByTestId('fault-lamps').locator('tr.ant-table-row');
    await poll(() => openFaults.filter({ hasText: LAMPS[0]!.name }).filter({ hasText: bill.no }).count()).toBe(1);
    await poll(() =>
      openFaults.filter({ hasText: LAMPS[1]!.name }).getByTestId('open-work-order').count(),
    ).toBeGreaterThan(0);
    await settled(page);
    await h.screenshot(page, 'lighting-summary-faults-1366-en');
  }, 300_000);

  it('a pole on the map: one marker in its worst state, its popup lists the devices and opens the pole page', async () => {
    const page = await h.newPage();
    await page.setViewportSize({ width: 1366, height: 820 });
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    // A smart pole at the map's default centre: a lamp, a camera and a screen within a few metres.
    const at = { lng: 119.50081, lat: 32.1692833 };
    const pole = await api.post<{ id: number }>('/api/biz/devicegroups.do', {
      name: '北门智慧杆01',
      no: 'MT-POLE-01',
      projectId,
      ...at,
    });
    const onPole = [
      { type: 'lighting', model: 'lcunb', name: '杆01路灯', no: 'MT-POLE-LAMP', dx: 0 },
      { type: 'camera', model: '', name: '杆01摄像机', no: 'MT-POLE-CAM', dx: 0.00003 },
      { type: 'led', model: '', name: '杆01信息屏', no: 'MT-POLE-LED', dx: -0.00003 },
    ];
    const ids: number[] = [];
    for (const d of onPole)
      ids.push(
        await createDevice(
          api,
          projectId,
          d.type,
          d.model,
          { name: d.name, no: d.no },
          { groupId: pole.id, lng: at.lng + d.dx, lat: at.lat },
        ),
      );
    // The camera is abnormal: the pole's marker is red.
    const token = await page.evaluate(() => localStorage.getItem('sc.token'));
    const forced = await page.request.put(`/api/biz/devices.do/${ids[1]}/active?token=${token}`, {
      data: { activeState: -1 },
    });
    expect(forced.status(), await forced.text()).toBe(200);

    for (const lang of ['zh', 'en'] as const) {
      if (lang === 'en') await switchLanguage(page, 'English');
      await page.goto('/map/bizindex');
      await page.getByTestId('map-page').waitFor();
      const canvas = page.locator('[data-testid=map-canvas][data-pole-sample]:not([data-pole-sample=""])');
      await canvas.waitFor({ timeout: 20_000 });
      // One marker for the three devices: none drawn on its own.
      expect(await canvas.getAttribute('data-poles')).toBe('1');
      const [x, y] = (await canvas.getAttribute('data-pole-sample'))!.split(',').map(Number);
      await page
        .getByTestId('device-map')
        .locator('.leaflet-container')
        .click({ position: { x: x!, y: y! } });
      const popup = page.getByTestId('map-pole-popup');
      await popup.waitFor();
      await poll(() => popup.getByTestId('map-pole-device').count()).toBe(3);
      expect(await popup.textContent()).toContain('北门智慧杆01');
      await settled(page);
      await page.waitForTimeout(400); // the popup's pan settles
      await h.screenshot(page, `maintenance-map-pole-1366-${lang}`);
    }
    // From the popup to the pole page: every device on it with its state.
    await page.getByTestId('map-pole-popup').getByRole('link', { name: 'Open the pole page' }).click();
    await page.waitForURL(`**/pjt/pjtpolemaintenance?groupId=${pole.id}`, { timeout: 20_000 });
    const card = page.getByTestId('pole-card');
    for (const d of onPole) await poll(() => card.textContent()).toContain(d.name);
    await settled(page);
    await h.screenshot(page, 'maintenance-pole-page-1366-en');

    // The editor picks the pole's devices on its map: an area drawn around them.
    const base = `/api/pjts/${projectId}/maintenance.do`;
    for (const lang of ['en', 'zh'] as const) {
      if (lang === 'zh') await switchLanguage(page, '中文');
      const bill = await api.post<{ id: number }>(base, { title: lang === 'zh' ? '北门智慧杆巡检' : 'Pole check' });
      await page.goto(`/pjt/pjtmaintenancebill?id=${bill.id}`);
      await page.getByTestId('add-devices').click();
      await page.getByTestId('device-map-toggle').click();
      const picker = page.getByTestId('bill-map-picker');
      const mapBox = picker.locator('.leaflet-container');
      await mapBox.waitFor();
      await page.waitForTimeout(500); // fitted to the devices
      await picker.getByTestId('area-draw-start').click();
      const box = (await mapBox.boundingBox())!;
      const cx = box.width / 2;
      const cy = box.height / 2;
      for (const [x, y] of [
        [cx - 90, cy - 70],
        [cx + 90, cy - 70],
        [cx + 90, cy + 70],
        [cx - 90, cy + 70],
      ] as const)
        await mapBox.click({ position: { x, y } });
      await picker.getByTestId('area-draw-finish').click();
      const dialog = page.locator('.ant-modal').filter({ has: picker });
      for (const d of onPole) await poll(() => dialog.textContent()).toContain(`${d.name} (${d.no})`);
      await page.waitForTimeout(300); // the OK button's enabling transition
      await h.screenshot(page, `maintenance-bill-map-pick-1366-${lang}`);
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await poll(async () => (await api.get<{ details: unknown[] }>(`${base}/${bill.id}`)).details.length).toBe(3);
    }
  }, 180_000);
});
