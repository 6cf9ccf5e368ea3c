import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedCamera as simulatedCameraOf, videoState } from './cameras';
import { apiOf, createDevice, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * Cameras with real video: nine cameras answering as the simulator's (their picture made by ffmpeg, H.264
 * over HTTP), pulled by the server's stream gateway and played with hls.js in Chromium: the camera page
 * plays live and PTZ turns the picture; the 3x3 grid plays all nine, every video advancing with a picture
 * that is not blank; a camera's recordings are searched and one replayed and sought (its time jumps and
 * frames keep coming). Both languages, 1366 px, screenshots.
 */
let h: Harness;
const clients: MqttClient[] = [];
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => undefined);
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const NAMES = [
  '路口球机',
  '广场枪机',
  '东门枪机',
  '西门枪机',
  '南门枪机',
  '北门枪机',
  '停车场枪机',
  '公园枪机',
  '桥头枪机',
];

/** A camera over MQTT answering as the simulator's cameras do (its video served by the simulator's streams). */
async function simulatedCamera(equipmentId: string, key1: string, name: string, props: Record<string, unknown>) {
  const { device, client } = await simulatedCameraOf(h, { equipmentId, key1, name }, props);
  clients.push(client);
  return device;
}

const difference = (a: number[], b: number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;

/** Waits until the `index`th video plays: its time grows and its picture is not blank. */
async function advancing(page: Page, index = 0) {
  await expect.poll(async () => (await videoState(page, index)).time, { timeout: 40_000 }).toBeGreaterThan(0);
  const first = await videoState(page, index);
  await expect
    .poll(async () => (await videoState(page, index)).time, { timeout: 20_000 })
    .toBeGreaterThan(first.time + 0.5);
  expect((await videoState(page, index)).contrast).toBeGreaterThan(40);
}

/**
 * Replays the first continuous record (half an hour, a minute of video) in the record page (opened on
 * the last whole hour, `recordsPage`):
 * the replay plays, a seek moves its time there and it goes on from there with another picture (the
 * recorded time written on it has moved on).
 */
async function replayAndSeek(page: Page) {
  await page.getByTestId('records-search').click();
  const rows = page
    .getByTestId('camera-records')
    .locator('.ant-table-row', { has: page.locator('[data-record-type="normal"]') });
  await rows.first().waitFor({ timeout: 30_000 });
  await rows.first().getByTestId('record-replay').click();
  const state = () => videoState(page, 0, 'replay-video');
  await expect.poll(async () => (await state()).time, { timeout: 60_000 }).toBeGreaterThan(0.5);
  const duration = await page.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(20);
  expect(Number.isFinite(duration)).toBe(true);
  const before = await state();
  expect(before.contrast).toBeGreaterThan(40);
  const target = Math.floor(duration * 0.7);
  await page.getByTestId('replay-video').evaluate((v: HTMLVideoElement, t: number) => {
    v.currentTime = t;
  }, target);
  // The time jumps there and goes on: frames keep coming after the seek.
  await expect.poll(async () => (await state()).time, { timeout: 30_000 }).toBeGreaterThanOrEqual(target);
  const landed = await state();
  await expect.poll(async () => (await state()).time, { timeout: 30_000 }).toBeGreaterThan(landed.time + 0.5);
  const after = await state();
  expect(after.contrast).toBeGreaterThan(40);
  // Another picture than before the seek: the coarse grey samples may match for a frame or two (the bars
  // stay, the moving pattern may pass the same place), so the picture is watched until it differs.
  await expect.poll(async () => difference(before.grey, (await state()).grey), { timeout: 20_000 }).toBeGreaterThan(2);
  expect(await page.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
}

/** The record page of camera `id` on the last whole hour (two whole half-hour files on the card). */
function recordsPage(id: number) {
  const to = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const from = new Date(to - 3_600_000).toISOString();
  return `/pjt/pjtdevicecamerarecord?id=${id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(to).toISOString())}`;
}

const quiet = async (page: Page) => {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
};

describe('cameras with live video in Chromium', () => {
  it('plays a camera live, turns it with PTZ, and plays nine cameras in the 3x3 grid', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    // Chromium here plays H.264 through Media Source Extensions (what hls.js needs).
    expect(await page.evaluate(() => MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E"'))).toBe(true);

    const ids: number[] = [];
    for (const [i, name] of NAMES.entries()) {
      const equipmentId = `EQE2ECAM${i + 1}`;
      const key1 = `cam-secret-${i + 1}`;
      const props = { streamMode: 'hls', ptzSupported: i === 0, code: `C-00${i + 1}`, serialNumber: `SN-CAM-${i + 1}` };
      const id = await createDevice(
        api,
        projectId,
        'camera',
        'dahuadss',
        { name, no: `CAM-E2E-0${i + 1}`, equipmentId, key1 },
        { props: JSON.stringify(props) },
      );
      await api.post(`/api/pjts/${projectId}/iot/camera/${id}/register`);
      await simulatedCamera(equipmentId, key1, name, props);
      ids.push(id);
    }

    // ── The list.
    await page.goto('/pjt/pjtdevicecameralist');
    const row = page.locator('.ant-table-row', { hasText: NAMES[0]! });
    await row.getByText('正常', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await row.locator('[data-ptz="true"]').textContent()).toBe('支持');
    await quiet(page);
    await h.screenshot(page, 'camera-list-zh');

    // ── One camera: live, then turned right with the pad; the picture changes.
    await row.getByRole('link', { name: NAMES[0]! }).click();
    await page.waitForURL(`**/pjt/pjtdevicecamera?id=${ids[0]}`);
    await advancing(page);
    const before = (await videoState(page)).grey;
    const right = page.getByTestId('ptz-right');
    await right.hover();
    await page.mouse.down();
    await page.waitForTimeout(2000);
    await page.mouse.up();
    await expect
      .poll(async () => difference(before, (await videoState(page)).grey), { timeout: 20_000 })
      .toBeGreaterThan(8);
    await quiet(page);
    await h.screenshot(page, 'camera-device-zh');

    // ── The 3x3 grid: nine cameras picked from the tree, every one advancing.
    await page.goto('/pjt/pjtcameralivegrid');
    await page.getByTestId('grid-layout').getByText('3×3').click();
    const tree = page.getByTestId('grid-tree');
    for (const name of NAMES) await tree.getByText(name, { exact: true }).click();
    await expect.poll(() => page.getByTestId('live-video').count()).toBe(9);
    for (let i = 0; i < 9; i += 1) await advancing(page, i);
    await quiet(page);
    await h.screenshot(page, 'camera-grid-zh');
    await page.getByTestId('grid-tile').first().dblclick();
    await page.locator('.ant-modal').getByTestId('live-video').waitFor();
    await page.keyboard.press('Escape');

    // ── Recordings: the first camera's card searched for the last hour, a record replayed and sought.
    await page.goto(recordsPage(ids[0]!));
    await page.getByTestId('records-camera').getByText(NAMES[0]!).waitFor({ timeout: 20_000 });
    await replayAndSeek(page);
    expect(await page.getByTestId('replay-speed').textContent()).toMatch(/倍速/);
    await quiet(page);
    await h.screenshot(page, 'camera-record-zh');

    // ── English: the same screens.
    await switchLanguage(page, 'English');
    await page.goto('/pjt/pjtdevicecameralist');
    await page.locator('.ant-table-row', { hasText: NAMES[0]! }).getByText('Normal', { exact: true }).waitFor();
    await quiet(page);
    await h.screenshot(page, 'camera-list-en');
    await page.goto(`/pjt/pjtdevicecamera?id=${ids[0]}`);
    await advancing(page);
    await page.getByText('PTZ control').waitFor();
    await quiet(page);
    await h.screenshot(page, 'camera-device-en');
    await page.goto('/pjt/pjtcameralivegrid');
    await page.getByTestId('grid-layout').getByText('3×3').click();
    for (const name of NAMES.slice(0, 4)) await page.getByTestId('grid-tree').getByText(name, { exact: true }).click();
    await advancing(page, 3);
    await quiet(page);
    await h.screenshot(page, 'camera-grid-en');
    await page.goto(recordsPage(ids[0]!));
    await page.getByTestId('records-camera').getByText(NAMES[0]!).waitFor({ timeout: 20_000 });
    await replayAndSeek(page);
    expect(await page.getByTestId('replay-speed').textContent()).toMatch(/speed/);
    await quiet(page);
    await h.screenshot(page, 'camera-record-en');
  }, 420_000);
});
