import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeAxe } from './axe';
import { videoState } from './cameras';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';
import { describeFindings, inspectScreen } from './screen-checks';

/**
 * Recorders: a recorder answering as the simulator's model over MQTT is listed with its model, address,
 * MAC and channel count; its page binds a camera of the project to a free channel, asks the recorder
 * for its record files of the last six hours (the bound camera named on its channel's files, by type in
 * words), plays a file in the replay player (the recorder's stream through the server's stream gateway:
 * its time grows, a seek moves it) and reboots it after a confirmation, in both languages; no sideways
 * scroll at 1366 px.
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

const DVR = { name: '东门录像机', no: 'DVR-E2E-01', equipmentId: 'EQE2EDVR01', key1: 'dvr-secret-1' };
const CAMERAS = [
  { name: '东门球机', no: 'CAM-E2E-01' },
  { name: '东门枪机', no: 'CAM-E2E-02' },
];
const TYPE = 'dvr';
const PROPS = { channelCount: 8 };
const sim = familySim(TYPE);

/** The every-screen checks (fit, headers, raw words) and serious axe findings of the screen as it is. */
const screenFindings = async (page: Page, lang: 'zh_CN' | 'en_US') => [
  ...describeFindings(await inspectScreen(page, lang)),
  ...(lang === 'zh_CN' ? describeAxe(await axeFindings(page)) : []),
];

/** The replay's time, duration and a coarse grey picture of it. */
const replayState = (page: Page) => videoState(page, 0, 'replay-video');

/** The table scrolls sideways only when its content is wider than the table itself. */
const scrollsSideways = (page: Page) =>
  page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);

describe('recorders in the console', () => {
  it('the list; binding a camera to a channel, searching record files and a reboot on its page', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);

    const id = await createDevice(api, projectId, TYPE, 'dahualocal', DVR, {
      props: JSON.stringify(PROPS),
      ip: '192.168.10.64',
      mac: 'AA:BB:CC:00:11:22',
    });
    await api.post(`/api/pjts/${projectId}/iot/dvr/${id}/register`);
    for (const camera of CAMERAS) await createDevice(api, projectId, 'camera', 'ipcxswpusher', camera);

    // The recorder: the simulator's model answering over MQTT.
    const device = {
      equipmentId: DVR.equipmentId,
      type: TYPE,
      plan: { name: DVR.name, props: PROPS },
      place: { lng: 116.4, lat: 39.9, offset: 0.5 },
      state: {} as Record<string, unknown>,
    } as unknown as Parameters<NonNullable<typeof sim.init>>[0];
    client = await connectDevice(h, DVR);
    const dvr = client;
    const publish = (kind: 'heartbeat' | 'reply', body: unknown) => publishUp(dvr, DVR.equipmentId, kind, body);
    const commands: CommandRequest[] = [];
    await dvr.subscribeAsync(commandTopic(DVR.equipmentId), { qos: 1 });
    dvr.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      if (commands.some((c) => c.id === request.id)) return;
      commands.push(request);
      void (async () => {
        const outcome = await sim.commands![request.command]!(device, request.args, {
          now: new Date(),
          report: () => null,
          reboot: () => {},
          children: [],
        });
        await publish('reply', { id: request.id, ...outcome });
      })();
    });
    await publish('heartbeat', {});
    // The list opens at once: the state may be pushed before its realtime channel is open; the list
    // reads again when the channel is live, so it still shows the recorder online.

    // ── The list: model, address, MAC and channel count.
    await page.goto('/pjt/pjtdevicedvrlist');
    const row = page.locator('.ant-table-row', { hasText: DVR.name });
    await row.getByText('192.168.10.64').waitFor();
    await row.getByText('AA:BB:CC:00:11:22').waitFor();
    expect(await row.getByTestId('dvr-channel-count').textContent()).toBe('8');
    await row.locator('[data-state="1"]').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'dvr-list-zh');

    // ── The recorder's page: bind the first camera to channel 2.
    await row.getByRole('link', { name: DVR.name }).click();
    await page.waitForURL(`**/pjt/pjtdevicedvr?id=${id}`);
    await page.getByTestId('dvr-name').filter({ hasText: DVR.name }).waitFor();
    const channels = page.getByTestId('dvr-channels');
    await channels.getByText('0 / 8 个通道已绑定').waitFor();
    const second = channels.locator('.ant-table-row').nth(1);
    await second.getByRole('button', { name: /绑\s*定/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('绑定通道 2').waitFor();
    // The picker searches by name: the camera typed, then taken.
    const picker = dialog.getByRole('combobox');
    await picker.click();
    await picker.fill(CAMERAS[0]!.name);
    await page.locator('.ant-select-item-option-active', { hasText: CAMERAS[0]!.name }).waitFor();
    await picker.press('Enter');
    await expect.poll(() => dialog.getByTestId('dvr-bind-ok').isEnabled()).toBe(true);
    await dialog.getByTestId('dvr-bind-ok').click();
    await page.getByText(`摄像机“${CAMERAS[0]!.name}”已绑定到通道 2`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await second.getByText(CAMERAS[0]!.name).waitFor();
    await channels.getByText('1 / 8 个通道已绑定').waitFor();

    // ── Record files of the last six hours, asked of the recorder; its channel 2 files name the camera.
    const records = page.getByTestId('dvr-records');
    await records.getByTestId('dvr-records-search').click();
    await records.getByTestId('dvr-records-count').waitFor();
    const asked = commands.find((c) => c.command === 'records');
    expect(asked?.args).toMatchObject({ limit: 2000 });
    const span = Date.parse(String(asked!.args.to)) - Date.parse(String(asked!.args.from));
    expect(span).toBe(6 * 3_600_000);
    await records.locator('[data-record-type="normal"]').first().waitFor();
    await records.locator('.ant-table-row', { hasText: CAMERAS[0]!.name }).first().waitFor();

    // ── A half-hour file of channel 2 played: the recorder streams it once, the video (a minute) plays and seeks.
    const file = records
      .locator('.ant-table-row', { hasText: CAMERAS[0]!.name })
      .filter({ has: page.locator('[data-record-type="normal"]') })
      .first();
    await file.getByTestId('dvr-record-play').click();
    const player = page.getByRole('dialog');
    await player.getByText(`录像回放 · 通道 2 · ${CAMERAS[0]!.name}`).waitFor();
    await expect.poll(async () => (await replayState(page)).time, { timeout: 60_000 }).toBeGreaterThan(0.5);
    const replays = commands.filter((c) => c.command === 'replay');
    expect(replays).toHaveLength(1);
    expect(replays[0]!.args).toMatchObject({ channel: 2 });
    expect(Date.parse(String(replays[0]!.args.to)) - Date.parse(String(replays[0]!.args.from))).toBe(30 * 60_000);
    const playing = await replayState(page);
    expect(playing.duration).toBeGreaterThan(50);
    expect(playing.contrast).toBeGreaterThan(40);
    await player.getByTestId('replay-speed').filter({ hasText: '30 倍速' }).waitFor();
    await expect
      .poll(async () => (await replayState(page)).time, { timeout: 20_000 })
      .toBeGreaterThan(playing.time + 0.5);
    const target = Math.floor(playing.duration * 0.7);
    await page.getByTestId('replay-video').evaluate((v: HTMLVideoElement, t: number) => {
      v.currentTime = t;
    }, target);
    await expect.poll(async () => (await replayState(page)).time, { timeout: 30_000 }).toBeGreaterThanOrEqual(target);
    const landed = await replayState(page);
    await expect
      .poll(async () => (await replayState(page)).time, { timeout: 30_000 })
      .toBeGreaterThan(landed.time + 0.5);
    expect((await replayState(page)).paused).toBe(false);
    await h.screenshot(page, 'dvr-replay-zh');
    await player.getByRole('button', { name: /close|关闭/i }).click();
    await player.waitFor({ state: 'detached' });

    // Only the event files of channel 2.
    await records.getByRole('combobox', { name: '录像类型' }).click();
    await page.locator('.ant-select-item-option', { hasText: '事件录像' }).click();
    await records.getByRole('combobox', { name: '通道' }).click();
    await page.locator('.ant-select-item-option', { hasText: '通道 2' }).click();
    await records.getByTestId('dvr-records-search').click();
    await expect
      .poll(() => commands.filter((c) => c.command === 'records').at(-1)?.args)
      .toMatchObject({ type: 'event', channel: 2 });
    await records.locator('.ant-table-row').first().waitFor();
    const types = await records
      .locator('[data-record-type]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-record-type')));
    expect(new Set(types)).toEqual(new Set(['event']));

    // ── Reboot, after a confirmation.
    await page.getByTestId('command-reboot').click();
    await page.getByText(`确定重启录像机“${DVR.name}”？重启期间停止录像。`).waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('command-outcome').filter({ hasText: '重启' }).waitFor();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
    await expect.poll(() => commands.some((c) => c.command === 'reboot')).toBe(true);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'dvr-device-zh');

    // ── English.
    await switchLanguage(page, 'English');
    await page.getByText('Channels and cameras').waitFor();
    await page.getByText('1 of 8 channels bound').waitFor();
    await records.getByTestId('dvr-records-search').click();
    await records.getByText('Event').first().waitFor();
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'dvr-device-en');
    // An event clip of channel 2 played, in English.
    await records.locator('.ant-table-row').first().getByTestId('dvr-record-play').click();
    const playerEn = page.getByRole('dialog');
    await playerEn.getByText(/^Replay · channel \d+/).waitFor();
    await expect.poll(async () => (await replayState(page)).time, { timeout: 60_000 }).toBeGreaterThan(0.5);
    await h.screenshot(page, 'dvr-replay-en');
    await playerEn.getByRole('button', { name: /close/i }).click();
    await playerEn.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.locator('.ant-table-row', { hasText: DVR.name }).getByText('192.168.10.64').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'dvr-list-en');
  }, 240_000);
});
