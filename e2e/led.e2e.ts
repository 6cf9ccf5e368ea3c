import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeAxe } from './axe';
import { apiOf, createDevice, reportUntilShown, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';
import { CHECKED_PNG, simulatedScreen } from './led-screens';
import { describeFindings, inspectScreen, settle } from './screen-checks';

/**
 * LED screens: an image resource uploaded (checked by its content on the server) shows its preview in
 * the resources list; a screen answering as the simulator's model over MQTT is online in the list with
 * what it reports; its brightness changed on its page is obeyed and reported back, live. Both languages,
 * 1366 px, screenshots.
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

const SCREEN = { name: '广场LED屏', no: 'LED-E2E-01', equipmentId: 'EQE2ELED01', key1: 'led-secret-1' };
const TYPE = 'led';
const PROPS = { screenWidth: 192, screenHeight: 96 };
const PNG = CHECKED_PNG;

const screenFindings = async (page: Page, lang: 'zh_CN' | 'en_US') => [
  ...describeFindings(await inspectScreen(page, lang)),
  ...(lang === 'zh_CN' ? describeAxe(await axeFindings(page)) : []),
];

/** The image in the row has loaded (its preview shows, not a broken picture). */
const thumbLoaded = (page: Page, name: string) =>
  page
    .locator('.ant-table-row', { hasText: name })
    .getByTestId('led-thumb')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('LED screens in the console', () => {
  it('an image resource with its preview; a simulated screen online whose brightness follows control', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const id = await createDevice(api, projectId, TYPE, 'ledxx', SCREEN, { props: JSON.stringify(PROPS) });
    await api.post(`/api/pjts/${projectId}/iot/led/${id}/register`);

    // ── Resources: an image uploaded with its fields, previewed in its row and in the preview dialog.
    await page.goto('/pjt/pjtledresourcelist');
    await page.getByRole('button', { name: /新增资源/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增资源' });
    await dialog.getByLabel('名称').fill('广场公告图');
    await dialog.getByLabel('编号').fill('RES01');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'notice.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByTestId('led-file-name').filter({ hasText: 'notice.png' }).waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('资源已保存').waitFor();
    const resource = page.locator('.ant-table-row', { hasText: '广场公告图' });
    await resource.getByTestId('led-thumb').waitFor();
    await expect.poll(() => thumbLoaded(page, '广场公告图')).toBe(true);
    expect(await resource.locator('[data-media-type="image"]').textContent()).toBe('图片');
    await resource.getByTestId('led-preview').click();
    await expect
      .poll(() =>
        page.getByTestId('led-preview-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(48);
    await page.keyboard.press('Escape');
    await page.getByTestId('led-preview-image').waitFor({ state: 'detached' });
    // The screenshot shows the list as it is, not the button the pointer and the focus are back on.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-resources-zh');

    // ── A simulated screen over MQTT, answering control as the simulator does.
    const screen = await simulatedScreen(h, SCREEN, PROPS, 0.4);
    client = screen.client;
    const { device, commands, report } = screen;

    // ── The list: online, with its resolution, brightness, power and what it plays.
    await page.goto('/pjt/pjtdeviceledlist');
    const row = page.locator('.ant-table-row', { hasText: SCREEN.name });
    await page.getByTestId('live-badge').filter({ hasText: '实时' }).waitFor();
    const brightness = String((device.state as { brightness: number }).brightness);
    await reportUntilShown(
      row.getByTestId('led-brightness').filter({ hasText: new RegExp(`^${brightness}$`) }),
      report,
    );
    await row.getByText('正常', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('192 × 96');
    expect(await row.locator('[data-power="true"]').textContent()).toBe('开');
    expect(await row.getByTestId('led-playing').textContent()).toMatch(/城市公告|空气质量|交通提示/);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-list-zh');

    // ── Its page: brightness 0 refused by the contract's rule, 90 sent, obeyed and reported back.
    await row.getByRole('link', { name: SCREEN.name }).click();
    await page.waitForURL(`**/pjt/pjtdeviceled?id=${id}`);
    const runtime = page.getByTestId('led-runtime');
    await runtime.locator('[data-reading="brightness"]').filter({ hasText: brightness }).waitFor();
    const control = page.getByTestId('led-control');
    await control.getByTestId('led-brightness-input').fill('0');
    await control.getByTestId('led-send').click();
    await control.getByText(/允许的取值范围：1 - 255/).waitFor();
    expect(commands.some((c) => c.command === 'control')).toBe(false);
    await control.getByTestId('led-brightness-input').fill('90');
    await control.getByTestId('led-send').click();
    await page.getByText('已下发到屏幕，屏幕已应答').waitFor();
    expect(commands.find((c) => c.command === 'control')?.args).toMatchObject({ brightness: 90 });
    expect((device.state as { brightness: number }).brightness).toBe(90);
    await runtime.locator('[data-reading="brightness"]').filter({ hasText: '90' }).waitFor();
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'led-device-zh');

    // ── English: the same screens in the other language (the Chinese notice gone first).
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await switchLanguage(page, 'English');
    await runtime.getByText('Brightness').waitFor();
    await page.getByTestId('led-control').getByText('Screen off').waitFor();
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-device-en');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    const listed = page.locator('.ant-table-row', { hasText: SCREEN.name });
    await listed.getByTestId('led-brightness').filter({ hasText: /^90$/ }).waitFor();
    await listed.locator('[data-power="true"]').filter({ hasText: 'On' }).waitFor();
    await settle(page);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-list-en');
    await page.goto('/pjt/pjtledresourcelist');
    await page.locator('.ant-table-row', { hasText: '广场公告图' }).getByText('Image').waitFor();
    await expect.poll(() => thumbLoaded(page, '广场公告图')).toBe(true);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'led-resources-en');
  }, 120_000);
});
