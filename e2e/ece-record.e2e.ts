import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeAxe } from './axe';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';
import { describeFindings, inspectScreen } from './screen-checks';

/**
 * Emergency call recordings: a simulated post's button pressed, the call answered at the seat and talked
 * both ways a few seconds (Chromium's fake microphone to the post, the post's synthesised voice back),
 * hung up; the recordings screen lists it (post, event, start, mm:ss, size), the WAV holds both voices
 * (post left, seat right), and the browser's player plays it and seeks (the server answers ranges). Both
 * languages at 1366 px, screenshots. Waits poll for state (a busy machine).
 */
let h: Harness;
const clients: MqttClient[] = [];
const timers: ReturnType<typeof setInterval>[] = [];
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const TYPE = 'emergencycallequipment';
const sim = familySim(TYPE);
const POST = { name: '北门呼叫柱', no: 'ECE-REC-01', equipmentId: 'EQE2ERECECE01', key1: 'ece-rec-secret-1' };
const findings = async (page: Page, lang: 'zh_CN' | 'en_US') => describeFindings(await inspectScreen(page, lang));
const count = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('data-count'));

/** The post as the simulator's model: answers commands with the model's handlers, reports and sends its events. */
async function runPost() {
  const device = {
    equipmentId: POST.equipmentId,
    type: TYPE,
    plan: { props: {} },
    place: { lng: 116.4, lat: 39.9, offset: 0.5 },
    state: {} as Record<string, unknown>,
  } as unknown as Parameters<NonNullable<typeof sim.init>>[0];
  sim.init!(device);
  const client = await connectDevice(h, POST);
  clients.push(client);
  const publish = (kind: 'telemetry' | 'heartbeat' | 'reply' | 'event', body: unknown) =>
    publishUp(client, POST.equipmentId, kind, body);
  const report = async () => {
    const values = sim.telemetry!(device, new Date());
    if (values) await publish('telemetry', { ts: Date.now(), values });
    for (const event of sim.events!(device, values, new Date()).filter((e) => e.type === 'restore'))
      await publish('event', { ts: Date.now(), ...event });
  };
  await client.subscribeAsync(commandTopic(POST.equipmentId), { qos: 1 });
  client.on('message', async (_topic, payload) => {
    const request = JSON.parse(payload.toString()) as CommandRequest;
    const handler = sim.commands?.[request.command];
    const ctx = { now: new Date(), report: () => void report().catch(() => undefined), reboot: () => {}, children: [] };
    const outcome = handler ? await handler(device, request.args, ctx as never) : { ok: true };
    await publish('reply', { id: request.id, ...outcome });
  });
  await publish('heartbeat', {});
  timers.push(setInterval(() => void publish('heartbeat', {}).catch(() => undefined), 5000));
  /** Someone presses the call button: the model's own press (its chance made certain for this report). */
  const press = async () => {
    const chance = Math.random;
    Math.random = () => 0;
    const events = sim.events!(device, null, new Date());
    Math.random = chance;
    for (const event of events) await publish('event', { ts: Date.now(), ...event });
  };
  return { device, press };
}

interface Recording {
  id: number;
  durationMs: number;
  size: number;
  device: { id: number };
}

/** The audio element's state. */
const audioState = (page: Page) =>
  page.getByTestId('ece-record-audio').evaluate((a: HTMLAudioElement) => ({
    duration: a.duration,
    currentTime: a.currentTime,
    paused: a.paused,
    readyState: a.readyState,
    error: a.error?.code ?? null,
    seekable: a.seekable.length ? a.seekable.end(0) : 0,
  }));

describe('emergency call recordings', () => {
  it('an answered call is recorded both ways; the screen lists it and plays it with seek', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);
    const postId = await createDevice(api, projectId, TYPE, 'eceisc', POST, { ip: '10.8.0.31' });
    await api.post(`/api/pjts/${projectId}/iot/ece/${postId}/register`);
    const post = await runPost();

    // ── The seat: the button pressed rings it; answered, both ways live for a few seconds.
    await page.goto('/pjt/pjtdeviceeceagentseat');
    await page.getByTestId('ece-seat-calls').waitFor();
    await post.press();
    await page.getByTestId('ece-answer').waitFor({ timeout: 30_000 });
    await page.getByTestId('ece-answer').click();
    await page.getByTestId('ece-talk').waitFor({ timeout: 30_000 });
    await expect.poll(() => count(page, 'ece-talk-received'), { timeout: 30_000 }).toBeGreaterThan(20);
    await expect.poll(() => count(page, 'ece-talk-sent'), { timeout: 30_000 }).toBeGreaterThan(50);
    await page.waitForTimeout(3000);
    await page.getByTestId('ece-hangup').click();
    await expect.poll(() => (post.device.state.post as { talk: unknown }).talk, { timeout: 30_000 }).toBeNull();

    // ── The recording is there, of a few seconds.
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 600_000).toISOString();
    const list = () =>
      api.get<{ list: Recording[] }>(
        `/api/pjts/${projectId}/iot/ece/recordings?deviceId=${postId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      );
    await expect.poll(async () => (await list()).list.length, { timeout: 30_000 }).toBe(1);
    const [recording] = (await list()).list;
    expect(recording!.durationMs).toBeGreaterThan(3000);
    // Both voices in it: the post's (left) and the fake microphone's (right).
    const token = await page.evaluate(() => localStorage.getItem('sc.token'));
    const wav = await page.request.get(
      `/api/pjts/${projectId}/iot/ece/recordings/${recording!.id}/audio?token=${token}&lang=zh_CN`,
    );
    expect(wav.status()).toBe(200);
    const bytes = await wav.body();
    expect(bytes.length).toBe(recording!.size);
    const data = bytes.indexOf('data', 36, 'ascii') + 8;
    let left = 0;
    let right = 0;
    for (let at = data; at + 4 <= bytes.length; at += 4) {
      if (bytes.readInt16LE(at) !== 0) left++;
      if (bytes.readInt16LE(at + 2) !== 0) right++;
    }
    expect(left).toBeGreaterThan(16_000);
    expect(right).toBeGreaterThan(16_000);

    // ── The screen: the row, in words.
    await page.goto(`/pjt/pjtdeviceecerecord?deviceId=${postId}`);
    const table = page.getByTestId('ece-records');
    const row = table.locator('tr', { hasText: POST.name });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('紧急呼叫').waitFor();
    const seconds = Math.floor(recording!.durationMs / 1000);
    const mmss = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
    expect(await row.getByTestId('ece-record-duration').textContent()).toBe(mmss);
    expect(await row.textContent()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(await row.textContent()).toMatch(/\d+\.\d (KB|MB)/);
    expect(await findings(page, 'zh_CN')).toEqual([]);

    // ── Played, then sought: the time jumps past the seek point and goes on.
    const ranges: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/audio')) ranges.push(`${res.status()} ${res.request().headers().range ?? ''}`);
    });
    await row.getByTestId('ece-record-play').click();
    const audio = page.getByTestId('ece-record-audio');
    await audio.waitFor();
    await expect.poll(async () => (await audioState(page)).duration, { timeout: 30_000 }).toBeGreaterThan(3);
    expect(Math.abs((await audioState(page)).duration - recording!.durationMs / 1000)).toBeLessThan(0.5);
    await audio.evaluate((a: HTMLAudioElement) => a.play().catch(() => undefined));
    await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 30_000 }).toBeGreaterThan(0);
    const seekTo = Math.max(1, (await audioState(page)).duration - 2);
    await audio.evaluate((a: HTMLAudioElement, at: number) => {
      a.currentTime = at;
    }, seekTo);
    await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 30_000 }).toBeGreaterThan(seekTo);
    const after = await audioState(page);
    expect(after.error).toBeNull();
    expect(after.seekable).toBeGreaterThan(3);
    expect(ranges.some((r) => r.startsWith('206'))).toBe(true);
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
    await page.getByTestId('ece-records-page').scrollIntoViewIfNeeded();
    expect(await findings(page, 'zh_CN')).toEqual([]);
    expect(describeAxe(await axeFindings(page), 'pjtdeviceecerecord')).toEqual([]);
    await h.screenshot(page, 'ece-record-zh');

    // ── English.
    await switchLanguage(page, 'English');
    await row.getByText('Emergency call').waitFor({ timeout: 30_000 });
    await page.getByText('Left: the post; right: the seat').waitFor();
    expect(await findings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'ece-record-en');

    // ── A period over 30 days is refused before asking, in words.
    await page.goto(
      `/pjt/pjtdeviceecerecord?from=${encodeURIComponent('2026-01-01T00:00:00Z')}&to=${encodeURIComponent('2026-03-01T00:00:00Z')}`,
    );
    await page.getByTestId('ece-record-invalid').filter({ hasText: 'The period is limited to 30 days' }).waitFor();
  }, 300_000);
});
