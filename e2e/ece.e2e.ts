import type { CommandRequest } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatedCamera } from './cameras';
import { createDevice } from './devices';
import { switchLanguage } from './harness';
import { describeFindings, inspectScreen } from './screen-checks';
import { devicesJourney, simulatedDevice } from './simulated-devices';

/**
 * Emergency call posts: a post answering as the simulator's model over MQTT is listed with its linked
 * camera (a simulated one, streaming); its button pressed, the agent seat rings (banner, the call in its
 * list, the linked camera live beside the map: its video advances); the operator answers
 * and talks both ways live (Chromium's fake microphone to the post, the post's synthesised voice back:
 * frames counted on both sides, the post's own count shown), hangs up (the post hangs up too), settles
 * the call from the seat, and the alarm log shows it settled; the four screens in both languages at
 * 1366 px. Waits poll for state (a busy machine).
 */
const journey = devicesJourney();

const TYPE = 'emergencycallequipment';
const sim = familySim(TYPE);
const POST = { name: '东门呼叫柱', no: 'ECE-E2E-01', equipmentId: 'EQE2EECE01', key1: 'ece-secret-1' };
const CAMERA = { name: '东门球机', no: 'CAM-ECE-01', equipmentId: 'EQE2EECECAM1', key1: 'ece-cam-secret-1' };
const CAMERA_PROPS = { streamMode: 'hls', ptzSupported: false, code: 'C-ECE-01' };
const findings = async (page: Page, lang: 'zh_CN' | 'en_US') => describeFindings(await inspectScreen(page, lang));
const count = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-count'));
/** The seat's video of the linked camera: its time. */
const seatVideoTime = (page: Page) =>
  page
    .getByTestId('ece-seat-video')
    .getByTestId('live-video')
    .evaluate((v: HTMLVideoElement) => v.currentTime);
/** Waits until the seat's video of the linked camera plays: its time grows. */
async function seatVideoAdvancing(page: Page) {
  await expect.poll(() => seatVideoTime(page), { timeout: 40_000 }).toBeGreaterThan(0);
  const first = await seatVideoTime(page);
  await expect.poll(() => seatVideoTime(page), { timeout: 20_000 }).toBeGreaterThan(first + 0.5);
}

/**
 * The post as the simulator's model (commands answered with the model's handlers, its reports with the
 * restore that ends a call), heartbeats every 5 s.
 */
async function runPost(commands: CommandRequest[]) {
  const { device, publish } = await simulatedDevice(journey, TYPE, POST, {
    commands,
    place: { lng: 116.4, lat: 39.9, offset: 0.5 },
    eventsOf: (events) => events.filter((e) => e.type === 'restore'),
    heartbeatMs: 5000,
  });
  /** Someone presses the call button: the model's own press (its chance made certain for this report). */
  const press = async () => {
    const chance = Math.random;
    Math.random = () => 0;
    const events = sim.events!(device, null, new Date());
    Math.random = chance;
    expect(events).toEqual([expect.objectContaining({ code: 'CALL', type: 'occur', level: 'alarm' })]);
    for (const event of events) await publish('event', { ts: Date.now(), ...event });
  };
  return { device, publish, press };
}

describe('emergency call posts', () => {
  it('a press rings the seat; answered, talked both ways, hung up and settled; the log shows it settled', async () => {
    const { page, api, projectId } = await journey.signedIn();
    // The post's linked camera: a simulated one, its picture streamed (as the camera journey's).
    const cameraId = await createDevice(api, projectId, 'camera', 'dahuadss', CAMERA, {
      props: JSON.stringify(CAMERA_PROPS),
    });
    await api.post(`/api/pjts/${projectId}/iot/camera/${cameraId}/register`);
    journey.clients.push((await simulatedCamera(journey.h, CAMERA, CAMERA_PROPS)).client);
    const postId = await createDevice(api, projectId, TYPE, 'eceisc', POST, {
      props: JSON.stringify({ eceCode: 'ECE-0001', linkedCameraId: cameraId }),
      ip: '10.8.0.21',
      lng: 116.397,
      lat: 39.909,
    });
    await api.post(`/api/pjts/${projectId}/iot/ece/${postId}/register`);
    const commands: CommandRequest[] = [];
    const post = await runPost(commands);

    // ── The list: the post online, its camera in words.
    await page.goto('/pjt/pjtdeviceecelist');
    const row = page.locator('tr', { hasText: POST.name });
    await row.getByTestId('ece-camera').filter({ hasText: CAMERA.name }).waitFor({ timeout: 30_000 });
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'ece-list-zh');

    // ── The seat, waiting; the button pressed: it rings.
    await page.goto('/pjt/pjtdeviceeceagentseat');
    await page.getByTestId('ece-seat-calls').waitFor();
    await post.press();
    const banner = page.getByTestId('ece-seat-ringing');
    await banner.filter({ hasText: `${POST.name} 正在呼叫` }).waitFor({ timeout: 30_000 });
    await page.getByTestId('ece-answer').waitFor({ timeout: 30_000 });
    // Its place on the map, and the notification naming it.
    await page.getByTestId('area-map').waitFor({ timeout: 30_000 });
    await page.locator('.ant-notification-notice', { hasText: `${POST.name} 正在呼叫` }).waitFor({ timeout: 30_000 });
    // The linked camera live beside the map: its video advances.
    expect(await page.getByTestId('ece-seat-video').getAttribute('data-camera')).toBe(String(cameraId));
    await seatVideoAdvancing(page);
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'ece-seat-zh');

    // ── Answer: both ways live, counted on both sides.
    await page.getByTestId('ece-answer').click();
    await page.getByTestId('ece-talk').waitFor({ timeout: 30_000 });
    await expect.poll(() => count(page, 'ece-talk-sent'), { timeout: 30_000 }).toBeGreaterThan(50);
    await expect.poll(() => count(page, 'ece-talk-received'), { timeout: 30_000 }).toBeGreaterThan(20);
    await expect.poll(() => count(page, 'ece-talk-heard'), { timeout: 30_000 }).toBeGreaterThan(20);
    const talk = (post.device.state.post as { talk: { heard: number; sent: number; recorded: number } | null }).talk!;
    expect(talk.heard).toBeGreaterThan(20);
    expect(talk.sent).toBeGreaterThan(20);
    expect(talk.recorded).toBe(talk.heard * 320);
    expect(commands.filter((c) => c.command === 'talk')).toHaveLength(1);
    await page.getByTestId('ece-talk').scrollIntoViewIfNeeded();
    await journey.h.screenshot(page, 'ece-seat-talking-zh');

    // ── Hang up: the post's pull ends, it hangs up too (its restore closes the call).
    await page.getByTestId('ece-hangup').click();
    await expect.poll(() => (post.device.state.post as { talk: unknown }).talk, { timeout: 30_000 }).toBeNull();
    await expect
      .poll(
        async () => {
          const logs = await api.get<{ list: { stopTime: string | null }[] }>(
            `/api/pjts/${projectId}/iot/ece/logs?deviceId=${postId}`,
          );
          return logs.list[0]?.stopTime ?? null;
        },
        { timeout: 30_000 },
      )
      .not.toBeNull();

    // ── Settle from the seat.
    await page.getByTestId('ece-seat-settle').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').waitFor({ timeout: 30_000 });
    await dialog.getByRole('textbox').fill('已派人到场处置');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('报警已处理').first().waitFor({ timeout: 30_000 });

    // ── The log: settled, with the note.
    await page.goto('/pjt/pjtdeviceece?filter=handled');
    const log = page.getByTestId('ece-log');
    const settledRow = log.locator('tr', { hasText: POST.name }).first();
    await settledRow.getByTestId('ece-settle-detail').filter({ hasText: '已处理' }).waitFor({ timeout: 30_000 });
    expect(await findings(page, 'zh_CN')).toEqual([]);
    await journey.h.screenshot(page, 'ece-log-zh');

    // ── English.
    await switchLanguage(page, 'English');
    await settledRow.getByTestId('ece-settle-detail').filter({ hasText: 'Settled' }).waitFor({ timeout: 30_000 });
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'ece-log-en');
    await page.goto('/pjt/pjtdeviceecelist');
    await page.locator('tr', { hasText: POST.name }).getByTestId('ece-camera').waitFor({ timeout: 30_000 });
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'ece-list-en');
    await page.goto('/pjt/pjtdeviceeceagentseat');
    await page.getByTestId('ece-seat-calls').waitFor();
    await post.press();
    await page
      .getByTestId('ece-seat-ringing')
      .filter({ hasText: `${POST.name} is calling` })
      .waitFor({
        timeout: 30_000,
      });
    await page.getByTestId('area-map').waitFor({ timeout: 30_000 });
    await page.locator('.ant-notification-notice', { hasText: `${POST.name} is calling` }).waitFor({ timeout: 30_000 });
    await seatVideoAdvancing(page);
    expect(await findings(page, 'en_US')).toEqual([]);
    await journey.h.screenshot(page, 'ece-seat-en');
  }, 300_000);
});
