import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeAxe } from './axe';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';
import { CHECKED_PNG, simulatedScreen } from './led-screens';
import { describeFindings, inspectScreen, settle } from './screen-checks';

/**
 * LED programs: an image uploaded as a resource; a program composed in the editor with that image, a
 * text layer and a digital clock placed by dragging them on the screen's canvas, previewed, checked,
 * then published to a device group holding two simulated screens, which fetch the image over HTTP (the
 * bytes the server sent each: the image once), acknowledge it, play it and report it (the screens list
 * shows it, live). Both languages, 1366 px.
 */
let h: Harness;
const clients: { endAsync: (force?: boolean) => Promise<unknown> }[] = [];
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined);
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const PROPS = { screenWidth: 192, screenHeight: 96 };
const SCREENS = [
  { name: '东门LED屏', no: 'LED-PG-01', equipmentId: 'EQE2ELEDPG1', key1: 'led-pg-secret-1' },
  { name: '西门LED屏', no: 'LED-PG-02', equipmentId: 'EQE2ELEDPG2', key1: 'led-pg-secret-2' },
];
const PROGRAM = '迎宾公告';
const GROUP = '东西门屏幕';
const ENV_PROGRAM = '空气质量播报';
const MONITOR = { name: '东门环境监测', no: 'ENV-PG-01', equipmentId: 'EQE2EENVPG1', key1: 'env-pg-secret-1' };
const ENV_SCREEN = { name: '南门LED屏', no: 'LED-PG-03', equipmentId: 'EQE2ELEDPG3', key1: 'led-pg-secret-3' };
const IMAGE = '迎宾图片';

const screenFindings = async (page: Page, lang: 'zh_CN' | 'en_US') => [
  ...describeFindings(await inspectScreen(page, lang)),
  ...(lang === 'zh_CN' ? describeAxe(await axeFindings(page)) : []),
];

/** Drags on the canvas from one point to another (canvas pixels, from its top left). */
async function drag(page: Page, canvas: Locator, from: [number, number], to: [number, number]) {
  // The whole canvas in view (the layer panel below it may have scrolled the page).
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.waitForTimeout(100);
  await page.mouse.down();
  await page.mouse.move(box.x + from[0] + 5, box.y + from[1] + 5, { steps: 2 });
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 12 });
  await page.waitForTimeout(100);
  await page.mouse.up();
}
const inputValue = (page: Page, id: string) => page.getByTestId('layer-panel').getByTestId(id).inputValue();

describe('LED programs in the console', () => {
  it('uploads an image, composes a program with it by dragging, previews it, checks it and publishes it to a group of two screens that show it', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    // Both screens in one device group: the program goes to the group.
    const group = await api.post<{ id: number }>('/api/biz/devicegroups.do', {
      name: GROUP,
      no: 'LED-PG-G1',
      projectId,
    });
    const screenIds: number[] = [];
    for (const [i, s] of SCREENS.entries()) {
      const id = await createDevice(api, projectId, 'led', 'ledxx', s, {
        props: JSON.stringify(PROPS),
        groupId: group.id,
      });
      screenIds.push(id);
      await api.post(`/api/pjts/${projectId}/iot/led/${id}/register`);
      const screen = await simulatedScreen(h, s, PROPS, 0.2 + i * 0.3);
      clients.push(screen.client);
    }

    // ── An image uploaded as a resource (checked by its content on the server).
    await page.goto('/pjt/pjtledresourcelist');
    await page.getByRole('button', { name: /新增资源/ }).click();
    const upload = page.locator('.ant-modal').filter({ hasText: '新增资源' });
    await upload.getByLabel('名称').fill(IMAGE);
    await upload.getByLabel('编号').fill('RES-PG-01');
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: 'welcome.png', mimeType: 'image/png', buffer: CHECKED_PNG });
    await upload.getByTestId('led-file-name').filter({ hasText: 'welcome.png' }).waitFor();
    await upload.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('资源已保存').waitFor();
    await page.locator('.ant-table-row', { hasText: IMAGE }).getByTestId('led-thumb').waitFor();

    // ── The editor: properties, then a text layer and a digital clock placed by dragging them, and the image.
    await page.goto('/pjt/pjtledprogramlist');
    await page.getByRole('button', { name: /新建节目/ }).click();
    await page.waitForURL('**/pjt/pjtledprogram');
    await page.getByTestId('program-name').fill(PROGRAM);
    await page.getByTestId('program-no').fill('PG-E2E-01');
    await page.getByRole('tab', { name: '资源（图层）' }).click();
    const canvas = page.getByTestId('program-canvas').locator('canvas').first();
    await canvas.waitFor();
    await page.getByTestId('add-text-layer').hover();
    await page.getByRole('menuitem', { name: '单行文本' }).click();
    await page.getByTestId('layer-panel').getByTestId('layer-text').fill('欢迎光临');
    // 192 × 96 px drawn 3.75 times: the layer (96 × 32 at the top left) dragged by 300 × 150 canvas pixels.
    await drag(page, canvas, [100, 60], [400, 210]);
    await expect.poll(() => inputValue(page, 'layer-left')).toBe('80');
    expect(await inputValue(page, 'layer-top')).toBe('40');
    await page.getByTestId('add-text-layer').hover();
    await page.getByRole('menuitem', { name: '数字时钟' }).click();
    await page.getByRole('menuitem', { name: '数字时钟' }).waitFor({ state: 'hidden' });
    await page.getByTestId('layer-panel').getByText('图层 2').waitFor();
    await drag(page, canvas, [60, 40], [60, 265]);
    await expect.poll(() => inputValue(page, 'layer-top')).toBe('60');
    expect(await inputValue(page, 'layer-left')).toBe('0');
    expect(await page.getByTestId('layer-item').allTextContents()).toEqual(['1. 单行文本', '2. 数字时钟']);
    // The image in a layer of its own at the top left (96 × 32), clear of the text and the clock.
    await page.getByTestId('add-image-layer').click();
    await page.getByTestId('layer-panel').getByText('图层 3').waitFor();
    await page.getByTestId('layer-panel').getByLabel('资源').click();
    await page.getByTitle(IMAGE).click();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('layer-item').allTextContents()).toEqual(['1. 单行文本', '2. 数字时钟', '3. 图片']);
    await page.getByTestId('program-preview-toggle').click();
    const preview = page.getByTestId('program-preview');
    await expect
      .poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);
    await preview
      .locator('[data-subtype="digitalClock"]')
      .filter({ hasText: /^\d\d:\d\d:\d\d$/ })
      .waitFor();
    await preview.getByText('欢迎光临').waitFor();
    await page.getByTestId('program-save').click();
    await page.getByText('节目已保存').waitFor();
    await page.waitForURL('**/pjt/pjtledprogram?id=*');
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    // The saved program again: its layers where they were dragged, and its preview playing.
    await page.getByRole('tab', { name: '资源（图层）' }).click();
    await page.getByTestId('layer-item').nth(1).click();
    expect(await inputValue(page, 'layer-top')).toBe('60');
    await page.getByTestId('program-preview-toggle').click();
    await page.getByTestId('program-preview').getByText('欢迎光临').waitFor();
    await page.mouse.move(0, 0);
    await settle(page);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-program-editor-zh');

    // ── The list: checked after asking, then published to the group, each of its screens acknowledging it.
    await page.getByRole('link', { name: '返回节目列表' }).click();
    const row = page.locator('.ant-table-row', { hasText: PROGRAM });
    await row.locator('[data-program-state="edit"]').waitFor();
    const checked = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/led\/programs\/\d+\/check\?/.test(r.url()),
      { timeout: 30_000 },
    );
    await row.getByTestId('program-check').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    expect((await checked).status()).toBe(200);
    // The row shows the state the check answered, without waiting for the list to be read again.
    await row.locator('[data-program-state="checked"]').waitFor();
    await row.getByTestId('program-publish').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: PROGRAM });
    await dialog.getByTestId('publish-groups').click();
    await page.getByTitle(`${GROUP}（2 块屏幕）`).click();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('publish-send').click();
    const progress = dialog.getByTestId('batch-progress');
    await progress.and(page.locator('[data-done="true"]')).waitFor({ timeout: 30_000 });
    expect(await progress.getByTestId('batch-acknowledged').textContent()).toBe('已确认 2');
    // Each screen fetched the image: the server sent it once to each, said in words.
    for (const id of screenIds)
      await expect
        .poll(async () =>
          (await api.get<{ name: string; bytesSent: number }[]>(`/api/pjts/${projectId}/iot/led/${id}/programs`)).map(
            (p) => [p.name, p.bytesSent],
          ),
        )
        .toEqual([[PROGRAM, CHECKED_PNG.length]]);
    const sent = dialog.getByTestId('program-screens');
    await expect
      .poll(() => sent.getByTestId('bytes-sent').allTextContents())
      .toEqual(SCREENS.map(() => `已发送 ${CHECKED_PNG.length} B`));
    await page.mouse.move(0, 0);
    // The screens' select turns disabled once sent: its colours fade, measured once still.
    await settle(page);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-program-publish-zh');
    await dialog.getByRole('button', { name: '关闭' }).click();
    // Its publish history: the publishing, and the bytes each screen was sent.
    await row.getByRole('button', { name: /发布记录/ }).click();
    const history = page.locator('.ant-modal').filter({ hasText: '发布记录' });
    await expect
      .poll(() => history.getByTestId('bytes-sent').allTextContents())
      .toEqual(SCREENS.map(() => `已发送 ${CHECKED_PNG.length} B`));
    await page.mouse.move(0, 0);
    await settle(page);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-program-history-zh');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    // Three layers, and now two screens.
    await expect.poll(() => row.getByText('2', { exact: true }).count()).toBe(1);
    expect(await row.getByText('3', { exact: true }).count()).toBe(1);
    await settle(page);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-programs-zh');

    // ── The screens show it: what each plays now, live on the screens list.
    await page.goto('/pjt/pjtdeviceledlist');
    for (const s of SCREENS)
      await page
        .locator('.ant-table-row', { hasText: s.name })
        .getByTestId('led-playing')
        .filter({ hasText: PROGRAM })
        .waitFor();
    // A screen's page: what it plays, and the program published to it, acknowledged.
    const first = SCREENS[0]!.name;
    await page.locator('.ant-table-row', { hasText: first }).getByRole('link', { name: first }).click();
    await page.waitForURL('**/pjt/pjtdeviceled?id=*');
    await page.getByTestId('led-runtime').getByTestId('led-playing').filter({ hasText: PROGRAM }).waitFor();
    const given = page.getByTestId('led-screen-programs');
    await given.locator('[data-delivered="true"]').filter({ hasText: '屏幕已确认' }).waitFor();
    expect(await given.textContent()).toContain(PROGRAM);
    await settle(page);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-screen-programs-zh');

    // ── Live: what the screen shows now, drawn as it plays.
    await page.goto('/pjt/pjtledlive');
    await page.getByTestId('live-screen').click();
    await page.locator('.ant-select-item-option').getByText(first).click();
    const picture = page.getByTestId('live-picture');
    await picture.getByText('欢迎光临').waitFor();
    await expect
      .poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);
    await picture
      .locator('[data-subtype="digitalClock"]')
      .filter({ hasText: /^\d\d:\d\d:\d\d$/ })
      .waitFor();
    expect(await page.getByTestId('live-playing').textContent()).toBe(PROGRAM);
    await page.mouse.move(0, 0);
    await settle(page);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-live-zh');

    // ── English.
    await switchLanguage(page, 'English');
    await page.goto('/pjt/pjtledprogramlist');
    await page.locator('.ant-table-row', { hasText: PROGRAM }).getByText('Checked').waitFor();
    await settle(page);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-programs-en');
    await page
      .locator('.ant-table-row', { hasText: PROGRAM })
      .getByRole('button', { name: /History/ })
      .click();
    const historyEn = page.locator('.ant-modal').filter({ hasText: 'Publish history' });
    await expect
      .poll(() => historyEn.getByTestId('bytes-sent').allTextContents())
      .toEqual(SCREENS.map(() => `${CHECKED_PNG.length} B sent`));
    await page.mouse.move(0, 0);
    await settle(page);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-program-history-en');
    await page.keyboard.press('Escape');
    await historyEn.waitFor({ state: 'detached' });
    await page.locator('.ant-table-row', { hasText: PROGRAM }).getByRole('button', { name: 'View' }).click();
    await page.getByRole('tab', { name: 'Resources (layers)' }).click();
    await page.getByTestId('program-canvas').locator('canvas').first().waitFor();
    await page.getByTestId('layer-item').first().click();
    await page.getByTestId('program-preview-toggle').click();
    await page.getByTestId('program-preview').getByText('欢迎光临').waitFor();
    await settle(page);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-program-editor-en');
    await page.goto('/pjt/pjtledlive');
    await page.getByTestId('live-picture').getByText('欢迎光临').waitFor();
    await page.getByText('Playing').first().waitFor();
    await settle(page);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-live-en');
  }, 180_000);

  it('binds an env layer to a monitor: its readings live in the preview and on the screen it is published to', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const monitorId = await createDevice(api, projectId, 'envmonitor', 'envwifi', MONITOR, {
      props: JSON.stringify({ public: false, pickInterval: 60 }),
    });
    await api.post(`/api/pjts/${projectId}/iot/envmonitor/${monitorId}/register`);
    const monitor = await connectDevice(h, MONITOR);
    clients.push(monitor);
    const report = (values: Record<string, number>) =>
      publishUp(monitor, MONITOR.equipmentId, 'telemetry', { ts: Date.now(), values });
    await report({ temperature: 21.5, humidity: 46, pm25: 35 });
    const screenId = await createDevice(api, projectId, 'led', 'ledxx', ENV_SCREEN, { props: JSON.stringify(PROPS) });
    await api.post(`/api/pjts/${projectId}/iot/led/${screenId}/register`);
    const screen = await simulatedScreen(h, ENV_SCREEN, PROPS, 0.7);
    clients.push(screen.client);

    // ── The editor: an env layer over the whole screen, bound to the monitor chosen by name.
    await page.goto('/pjt/pjtledprogramlist');
    await page.getByRole('button', { name: /新建节目/ }).click();
    await page.waitForURL('**/pjt/pjtledprogram');
    await page.getByTestId('program-name').fill(ENV_PROGRAM);
    await page.getByTestId('program-no').fill('PG-E2E-02');
    await page.getByRole('tab', { name: '资源（图层）' }).click();
    await page.getByTestId('program-canvas').locator('canvas').first().waitFor();
    await page.getByTestId('add-env-layer').click();
    const panel = page.getByTestId('layer-panel');
    await panel.getByTestId('layer-width').fill('192');
    await panel.getByTestId('layer-width').press('Tab');
    await panel.getByTestId('layer-height').fill('96');
    await panel.getByTestId('layer-height').press('Tab');
    await panel.getByTestId('layer-env-device').click();
    await page.getByTitle(MONITOR.name).click();
    await page.getByTestId('program-preview-toggle').click();
    const shown = page.getByTestId('program-preview').getByTestId('preview-env');
    await shown.getByText('温度 21.5 °C').waitFor();
    expect(await shown.locator('div').allTextContents()).toEqual(['温度 21.5 °C', '湿度 46 %RH', 'PM2.5 35 μg/m³']);
    // The monitor's next report, live in the preview.
    await report({ temperature: 22, humidity: 45, pm25: 30 });
    await shown.getByText('温度 22 °C').waitFor();
    await page.getByTestId('program-save').click();
    await page.getByText('节目已保存').waitFor();
    await page.waitForURL('**/pjt/pjtledprogram?id=*');
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: '资源（图层）' }).click();
    await page.getByTestId('program-preview-toggle').click();
    await page.getByTestId('program-preview').getByText('温度 22 °C').waitFor();
    await page.mouse.move(0, 0);
    await settle(page);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-program-env-zh');

    // ── Checked and published to the screen: it draws the monitor's readings, then each new report.
    const programId = Number(new URL(page.url()).searchParams.get('id'));
    await api.post(`/api/pjts/${projectId}/iot/led/programs/${programId}/check`);
    await api.json(`/api/pjts/${projectId}/iot/led/programs/${programId}/publish`, { ids: [screenId] });
    // The program came with the readings the server knew.
    const held = () => (screen.device.state as { env?: Record<number, { values: Record<string, number> }> }).env;
    await expect.poll(() => held()?.[monitorId]?.values.temperature, { timeout: 30_000 }).toBe(22);
    expect(screen.commands.some((c) => c.command === 'program')).toBe(true);
    // Once it acknowledged the program, each report of the monitor reaches it (bindings read again).
    await expect
      .poll(
        async () => {
          await report({ temperature: 23.5, humidity: 44, pm25: 28 });
          return held()?.[monitorId]?.values.temperature;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(23.5);
    expect(screen.commands.some((c) => c.command === 'env')).toBe(true);

    // ── English: the preview's readings in words.
    await switchLanguage(page, 'English');
    await page.reload();
    await page.getByRole('tab', { name: 'Resources (layers)' }).click();
    await page.getByTestId('program-preview-toggle').click();
    await page.getByTestId('program-preview').getByText('Temperature 23.5 °C').waitFor();
    await page.mouse.move(0, 0);
    await settle(page);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-program-env-en');
  }, 180_000);
});
