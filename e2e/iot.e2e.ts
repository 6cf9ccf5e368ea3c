import { type CommandRequest, commandTopic, upTopic } from '@sc/contract';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness } from './harness';

/**
 * Devices talking MQTT to the server's embedded broker, seen live in the console: environment
 * readings appear without a reload, a gateway answers "correct time" and the command lands in the
 * operation log, and the public display shows the public monitor without a sign-in.
 */
let h: Harness;
const clients: MqttClient[] = [];
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true).catch(() => undefined);
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const ENV = { name: '东门环境监测', no: 'ENV-IOT-01', equipmentId: 'EQIOTENV01', key1: 'env-secret-1' };
const GW = { name: '一号网关', no: 'GW-IOT-01', equipmentId: 'EQIOTGW01', key1: 'gw-secret-1' };
const LAMP_EQUIPMENT = 'EQIOTLCU01';
const LAMP = { name: '东门单灯', no: 'LCU-IOT-01' };

async function connect(equipmentId: string, key1: string): Promise<MqttClient> {
  const client = await connectDevice(h, { equipmentId, key1 });
  clients.push(client);
  return client;
}

const publish = publishUp;

async function waitForText(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).filter({ hasText: text }).waitFor();
}

describe('devices live in the console', () => {
  it('environment readings update without a reload; a gateway answers correct time into the operation log', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);

    // ── Devices through the API, registered, connected over MQTT.
    const envId = await createDevice(api, projectId, 'envmonitor', 'envrs485', ENV, {
      props: JSON.stringify({ public: true, pickInterval: 60 }),
    });
    const gwId = await createDevice(api, projectId, 'gateway', 'gws', GW);
    await createDevice(api, projectId, 'lighting', 'lcunb', LAMP, {
      parentId: gwId,
      equipmentId: LAMP_EQUIPMENT,
    });
    await api.post(`/api/pjts/${projectId}/iot/envmonitor/${envId}/register`);
    await api.post(`/api/pjts/${projectId}/iot/gateway/${gwId}/register`);

    const env = await connect(ENV.equipmentId, ENV.key1);
    const gw = await connect(GW.equipmentId, GW.key1);
    const commands: CommandRequest[] = [];
    await gw.subscribeAsync(commandTopic(GW.equipmentId), { qos: 1 });
    gw.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      commands.push(request);
      void publish(gw, GW.equipmentId, 'reply', {
        id: request.id,
        ok: true,
        result: { deviceTime: request.args.time ?? null, drift: 0 },
      });
    });
    await publish(env, ENV.equipmentId, 'heartbeat', {});
    await publish(gw, GW.equipmentId, 'heartbeat', {});

    // ── Environment list: a reading arrives while the page is open.
    await page.goto('/pjt/pjtdeviceenvmonitorlist');
    const card = page.getByTestId(`env-card-${envId}`);
    await card.waitFor();
    await page.getByTestId('live-badge').filter({ hasText: '实时' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const temperature = card.locator('[data-reading="temperature"]');
    // The subscription is acknowledged just after the socket opens: publish until the page shows it.
    let shown = false;
    for (let attempt = 0; attempt < 10 && !shown; attempt++) {
      const value = 23.5 + attempt / 10;
      await publish(env, ENV.equipmentId, 'telemetry', {
        values: {
          temperature: value,
          humidity: 46,
          pm25: 18,
          pm10: 35,
          soilTemperature: 19.2,
          soilHumidity: 31,
          co2: 612,
          gas: 3,
          light: 18250,
          atmosphere: 101.3,
          noise: 52.4,
        },
      });
      shown = await temperature
        .filter({ hasText: new RegExp(`${value.toFixed(1)}\\s°C`) })
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(shown).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect(card.locator('[data-reading="noise"]').textContent()).resolves.toContain('52.4\u00a0dB');
    await h.screenshot(page, 'iot-env-list-cards-zh');
    await page.getByText('表格', { exact: true }).click();
    await page.locator('.ant-table-row', { hasText: ENV.name }).waitFor();
    await h.screenshot(page, 'iot-env-list-table-zh');

    // ── History: chart and table of the monitor.
    await page.goto(`/pjt/pjtdeviceenvdatahistory?id=${envId}`);
    await page.getByTestId('history-table').locator('.ant-table-row').first().waitFor();
    await page.locator('[data-testid="history-chart"] canvas').first().waitFor();
    await h.screenshot(page, 'iot-env-history-zh');

    // ── Gateway list then detail: correct time answered by the device.
    await page.goto('/pjt/pjtdevicegatewaylist');
    const row = page.locator('.ant-table-row', { hasText: GW.no });
    await row.waitFor();
    await row.getByText('正常').waitFor();
    await h.screenshot(page, 'iot-gateway-list-zh');
    await row.getByRole('link', { name: GW.name }).click();
    await page.waitForURL(`**/pjt/pjtdevicegateway?id=${gwId}`);
    await page.getByTestId('children-table').getByText(LAMP.name).waitFor();
    // Live: the gateway's heartbeat vouches for its child, and its event is prepended to the table.
    const lampRow = page.getByTestId('children-table').locator('.ant-table-row', { hasText: LAMP.name });
    await lampRow.getByText('未知').waitFor();
    await publish(gw, GW.equipmentId, 'heartbeat', { children: [LAMP_EQUIPMENT] });
    await lampRow.getByText('正常').waitFor();
    await gw.publishAsync(
      upTopic(GW.equipmentId, 'event'),
      JSON.stringify({ code: 1001, type: 'occur', level: 'warning', detail: { reason: 'e2e' } }),
      { qos: 1 },
    );
    await page.getByTestId('events-table').locator('.ant-table-row', { hasText: '1001' }).getByText('警告').waitFor();
    await page.getByTestId('command-correcttime').click();
    await waitForText(page, 'command-outcome', '校时成功');
    expect(commands.map((c) => c.command)).toContain('correcttime');
    // The device's answer as labelled values, never its raw keys.
    await expect(page.getByTestId('command-outcome').textContent()).resolves.toContain('设备时间');
    await h.screenshot(page, 'iot-gateway-detail-zh');

    // ── The operation log has the command.
    await page.getByRole('link', { name: /操作日志/ }).click();
    await page.waitForURL('**/man/operatehistory');
    // The command by its label (校时), not its name.
    await page.locator('.ant-table-row', { hasText: '校时' }).first().waitFor();
    await expect(page.locator('.ant-table-row', { hasText: '校时' }).first().textContent()).resolves.toContain(GW.name);
    await h.screenshot(page, 'iot-operate-history-zh');

    // ── Public display: no sign-in, the public monitor with its readings, both languages.
    const pub = await h.newPage();
    await pub.goto('/pubenvshow');
    const monitor = pub.getByTestId(`pub-env-monitor-${envId}`);
    await monitor.waitFor();
    await monitor.locator('[data-reading="noise"]').filter({ hasText: '52.4' }).waitFor();
    await h.screenshot(pub, 'iot-pubenvshow-zh');
    await pub.getByTestId('language-switch').click();
    await pub.locator('.ant-dropdown-menu-item', { hasText: 'English' }).click();
    await pub.getByText('Environment monitoring').waitFor();
    await h.screenshot(pub, 'iot-pubenvshow-en');
    expect(pub.url()).toContain('/pubenvshow');
  });
});
