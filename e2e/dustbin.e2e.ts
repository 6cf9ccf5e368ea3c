import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * Smart dustbins: a bin answering as the simulator's model over MQTT fills up in the list (bar and
 * state tag follow its reports); its page shows the latest values, reads real-time data, refuses a full
 * threshold not below the over-fill one with the spec's message, saves thresholds (sent to the bin)
 * and lists the FULL alarm in words, in both languages; no sideways scroll at 1366 px.
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

const BIN = { name: '广场垃圾桶', no: 'SCD-E2E-01', equipmentId: 'EQE2ESCD01', key1: 'scd-secret-1' };
const TYPE = 'smartclassifieddustbin';
const PROPS = { scdId: 'SCD-01', fullThreshold: 70, overfillThreshold: 90, freeDistance: 100 };
const sim = familySim(TYPE);

/** The table scrolls sideways only when its content is wider than the table itself. */
const scrollsSideways = (page: import('playwright-core').Page) =>
  page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);

describe('smart dustbins in the console', () => {
  it('fills up live in the list; realdata, thresholds and the last 24 hours on its page', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);

    const id = await createDevice(api, projectId, TYPE, 'scdqg4g', BIN, { props: JSON.stringify(PROPS) });
    await api.post(`/api/pjts/${projectId}/iot/scd/${id}/register`);

    const device = {
      plan: { props: PROPS },
      place: { lng: 116.4, lat: 39.9, offset: 0.5 },
      state: {} as Record<string, unknown>,
    } as unknown as Parameters<NonNullable<typeof sim.init>>[0];
    sim.init!(device);
    client = await connectDevice(h, BIN);
    const bin = client;
    const publish = (kind: 'telemetry' | 'event' | 'heartbeat' | 'reply', body: unknown) =>
      publishUp(bin, BIN.equipmentId, kind, body);
    // The model's clock at solar noon of the bin's place: its collector's morning round (solar 6-7 h)
    // empties a bin over half full, which turned every report between 22:14 and 23:14 UTC into an
    // empty bin. No time passes between two reports, so the height is the one given.
    const noon = new Date(Date.UTC(2026, 0, 1, 12) - (device.place.lng / 15) * 3_600_000);
    const report = (height: number) => {
      device.state.height = height;
      device.state.at = noon.getTime();
      return { ts: Date.now(), values: sim.telemetry!(device, noon) };
    };
    const commands: CommandRequest[] = [];
    await bin.subscribeAsync(commandTopic(BIN.equipmentId), { qos: 1 });
    bin.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      commands.push(request);
      const answer = async () => {
        const message = report(Number(device.state.height));
        if (request.command === 'realdata') await publish('telemetry', message);
        const outcome = await sim.commands![request.command]!(device, request.args, {
          now: new Date(),
          report: () => message.values as never,
          reboot: () => {},
          children: [],
        });
        await publish('reply', { id: request.id, ...outcome });
      };
      void answer();
    });
    await publish('heartbeat', {});
    await publish('telemetry', report(40));

    // ── The list: 40 cm of rubbish is normal; at 75 cm the bar and the tag follow without a reload.
    await page.goto('/pjt/pjtdevicescdlist');
    const row = page.locator('.ant-table-row', { hasText: BIN.name });
    await row.locator('[data-fill-state="normal"]').waitFor();
    await page.getByTestId('live-badge').filter({ hasText: '实时' }).waitFor();
    let full = false;
    for (let attempt = 0; attempt < 10 && !full; attempt++) {
      await publish('telemetry', report(75));
      full = await row
        .locator('[data-fill-state="full"]')
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(full).toBe(true);
    expect(await row.locator('[data-fill-state="full"]').textContent()).toBe('已满');
    for (const event of sim.events!(device, null, new Date())) await publish('event', { ts: Date.now(), ...event });
    expect(await scrollsSideways(page)).toBe(false);
    await h.screenshot(page, 'scd-list-zh');

    // ── The bin's page.
    await row.getByRole('link', { name: BIN.name }).click();
    await page.waitForURL(`**/pjt/pjtdevicescd?id=${id}`);
    await page.getByTestId('scd-name').filter({ hasText: BIN.name }).waitFor();
    await page.getByTestId('scd-realtime').locator('[data-fill-state="full"]').waitFor();
    await page.getByTestId('scd-recent').getByText('垃圾桶已满').waitFor();
    await page.getByTestId('scd-events').getByText('垃圾桶已满').waitFor();
    await page.getByTestId('command-realdata').click();
    await page.getByTestId('command-outcome').filter({ hasText: '读取实时数据成功' }).waitFor();
    expect(commands.map((c) => c.command)).toContain('realdata');

    const fullThreshold = page.getByTestId('scd-config').getByLabel('满溢阈值 (cm)');
    await fullThreshold.fill('95');
    await page.getByTestId('scd-config-save').click();
    await page.getByTestId('scd-config').getByText('满溢阈值必须小于溢出阈值', { exact: true }).waitFor();
    await fullThreshold.fill('60');
    await page.getByTestId('scd-config-save').click();
    await page.getByText('配置已保存并下发到垃圾桶').waitFor();
    expect(commands.find((c) => c.command === 'config')?.args).toEqual({
      fullThreshold: 60,
      overfillThreshold: 90,
      freeDistance: 100,
    });
    await h.screenshot(page, 'scd-device-zh');

    // ── English.
    await switchLanguage(page, 'English');
    await page.getByText('Events of the last 24 hours').waitFor();
    await page.getByTestId('scd-recent').getByText('Dustbin full').waitFor();
    await h.screenshot(page, 'scd-device-en');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.locator('.ant-table-row', { hasText: BIN.name }).locator('[data-fill-state]').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await h.screenshot(page, 'scd-list-en');
  }, 180_000);
});
