import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeAxe } from './axe';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';
import { describeFindings, inspectScreen } from './screen-checks';

/**
 * WiFi: an AP answering as the simulator's model over MQTT shows up live in the list (its clients and
 * traffic follow its reports); its page reads its runtime, its connected devices and interfaces from
 * the AP itself, sends a blacklist control the AP obeys (the client leaves, the log says so), and
 * refuses a malformed MAC with the contract's message, in both languages; no sideways scroll at 1366 px.
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

const AC = { name: '东区控制器', no: 'WIFI-E2E-AC' };
const AP = { name: '广场无线AP', no: 'WIFI-E2E-01', equipmentId: 'EQE2EWIFI01', key1: 'wifi-secret-1' };
const TYPE = 'wifi';
const PROPS = { ssid: 'City-Free', linkType: 'cascade' };
const sim = familySim(TYPE);

/** The every-screen checks (fit, headers, raw words) and serious axe findings of the screen as it is. */
const screenFindings = async (page: import('playwright-core').Page, lang: 'zh_CN' | 'en_US') => [
  ...describeFindings(await inspectScreen(page, lang)),
  ...(lang === 'zh_CN' ? describeAxe(await axeFindings(page)) : []),
];

/** The table scrolls sideways only when its content is wider than the table itself. */
const scrollsSideways = (page: import('playwright-core').Page) =>
  page
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);

describe('WiFi in the console', () => {
  it('an AP live in the list; realdata, clients, a blacklist control and the log on its page', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);

    const acId = await createDevice(api, projectId, TYPE, 'wificomfastac', AC);
    const id = await createDevice(api, projectId, TYPE, 'wificomfastap', AP, {
      parentId: acId,
      props: JSON.stringify(PROPS),
    });
    await api.post(`/api/pjts/${projectId}/iot/wifi/${id}/register`);

    const device = {
      equipmentId: AP.equipmentId,
      type: TYPE,
      plan: { props: PROPS },
      place: { lng: 116.4, lat: 39.9, offset: 0.9 },
      state: {} as Record<string, unknown>,
    } as unknown as Parameters<NonNullable<typeof sim.init>>[0];
    sim.init!(device);
    client = await connectDevice(h, AP);
    const ap = client;
    const publish = (kind: 'telemetry' | 'event' | 'heartbeat' | 'reply', body: unknown) =>
      publishUp(ap, AP.equipmentId, kind, body);
    // The AP lives this evening (most of its regulars connected), five minutes a step.
    const evening = new Date();
    evening.setUTCHours(12, 0, 0, 0);
    let step = 0;
    const clock = () => new Date(evening.getTime() + step++ * 300_000);
    /** A report of the simulated AP with its log lines. */
    const report = async (at = clock()) => {
      const values = sim.telemetry!(device, at)!;
      await publish('telemetry', { ts: Date.now(), values });
      for (const event of sim.events!(device, values, at)) await publish('event', { ts: Date.now(), ...event });
      return values;
    };
    const commands: CommandRequest[] = [];
    // A device answers a repeated id with its first reply, without running the command again.
    const answered = new Map<string, Promise<unknown>>();
    await ap.subscribeAsync(commandTopic(AP.equipmentId), { qos: 1 });
    ap.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      const first = answered.get(request.id);
      if (first) {
        void first.then((outcome) => publish('reply', { id: request.id, ...(outcome as object) }));
        return;
      }
      commands.push(request);
      const run = async () => {
        let values: Record<string, unknown> | null = null;
        const now = clock();
        const outcome = await sim.commands![request.command]!(device, request.args, {
          now,
          report: () => {
            values = sim.telemetry!(device, now);
            return values as never;
          },
          reboot: () => {},
          children: [],
        });
        if (values) {
          await publish('telemetry', { ts: Date.now(), values });
          for (const event of sim.events!(device, values, now)) await publish('event', { ts: Date.now(), ...event });
        }
        await publish('reply', { id: request.id, ...outcome });
        return outcome;
      };
      answered.set(request.id, run());
    });
    await publish('heartbeat', {});
    // The evening's reports bring the regulars in, four at most per report.
    for (let i = 0; i < 5; i++) await report();

    // ── The list: the clients count follows the AP's reports without a reload.
    await page.goto('/pjt/pjtdevicewifilist');
    const row = page.locator('.ant-table-row', { hasText: AP.name });
    await row.locator('[data-link-type="cascade"]').filter({ hasText: '级联' }).waitFor();
    await page.getByTestId('live-badge').filter({ hasText: '实时' }).waitFor();
    let live = false;
    for (let attempt = 0; attempt < 10 && !live; attempt++) {
      const values = await report();
      live = await row
        .getByTestId('wifi-clients')
        .filter({ hasText: new RegExp(`^${values.clients}$`) })
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(live).toBe(true);
    expect(await row.getByTestId('wifi-traffic').textContent()).toMatch(/^↑ [\d.]+ \/ ↓ [\d.]+$/);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'wifi-list-zh');

    // ── The AP's page: runtime, the AP's own answer (clients, interfaces), a blacklist control.
    await row.getByRole('link', { name: AP.name }).click();
    await page.waitForURL(`**/pjt/pjtdevicewifi?id=${id}`);
    await page.getByTestId('wifi-name').filter({ hasText: AP.name }).waitFor();
    await page.getByTestId('wifi-runtime').locator('[data-reading="clients"]').waitFor();
    const clients = page.getByTestId('wifi-clients-card');
    await clients.locator('.ant-table-row').first().waitFor();
    expect(commands.map((c) => c.command)).toContain('realdata');
    const connected = (device.state.connected as { mac: string }[]).map((c) => c.mac);
    const victim = connected[0]!;
    await page.getByTestId('wifi-interfaces').getByText('5 GHz').waitFor();
    const victimRow = clients.locator('.ant-table-row', { hasText: victim });
    await victimRow.getByRole('button', { name: '加入黑名单' }).click();
    await page.getByText('加入黑名单已下发到设备').waitFor();
    expect(commands.find((c) => c.command === 'control')?.args).toEqual({ action: 'blacklistAdd', mac: victim });
    expect((device.state.blacklist as string[]).includes(victim)).toBe(true);
    await page.getByTestId('wifi-blacklist').getByText(victim).waitFor();
    await victimRow.waitFor({ state: 'detached' });
    await page.getByTestId('wifi-logs').getByText('加入黑名单').first().waitFor();

    // A malformed MAC is refused with the contract's message, nothing sent.
    const sent = commands.length;
    const control = page.getByTestId('wifi-control');
    await control.getByLabel('终端 MAC').fill('00:1A:2B:3C');
    await page.getByTestId('wifi-blacklist-add').click();
    await control.getByText('请输入有效的 MAC 地址（如 00:1A:2B:3C:4D:5E）', { exact: true }).waitFor();
    expect(commands.slice(sent).some((c) => c.command === 'control')).toBe(false);
    // A well-formed one clears the message (the screenshots show the form as an operator leaves it).
    await control.getByLabel('终端 MAC').fill('02:F6:DC:02:00:99');
    await control
      .getByText('请输入有效的 MAC 地址（如 00:1A:2B:3C:4D:5E）', { exact: true })
      .waitFor({ state: 'detached' });
    expect(await screenFindings(page, 'zh_CN')).toEqual([]);
    await h.screenshot(page, 'wifi-device-zh');

    // ── English.
    await switchLanguage(page, 'English');
    await page.getByText('Connected devices').waitFor();
    await page.getByTestId('wifi-logs').getByText('Added to blacklist').first().waitFor();
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'wifi-device-en');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page
      .locator('.ant-table-row', { hasText: AP.name })
      .locator('[data-link-type]')
      .filter({ hasText: 'Cascade' })
      .waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await screenFindings(page, 'en_US')).toEqual([]);
    await h.screenshot(page, 'wifi-list-en');
  }, 240_000);
});
