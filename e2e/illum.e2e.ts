import { type CommandRequest, commandTopic } from '@sc/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, save } from './antd';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * Illumination sensors in the console (issue 10): a sensor behind a gateway reports over MQTT and its
 * value shows in the list without a reload; its page saves a threshold and reads the light now (the
 * device answers); an illumination group is created with the gateway, the sensor and a lamp controller,
 * which then shows on the sensor's page; the screens in both languages.
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

const GW = { name: '照度网关', no: 'GW-ILM-01', equipmentId: 'EQILMGW01', key1: 'ilm-gw-secret' };
const SENSOR = { name: '东门照度', no: 'ILM-01', equipmentId: 'EQILMSEN01' };
const LAMP = { name: '东门路灯', no: 'LCU-ILM-01', equipmentId: 'EQILMLCU01' };

const publish = publishUp;

describe('illumination sensors and groups', () => {
  it('shows live values, saves a threshold, reads the light now and groups lamp controllers under a sensor', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);

    // ── A gateway carrying a sensor and a lamp controller; the gateway speaks for the sensor over MQTT.
    const gwId = await createDevice(api, projectId, 'gateway', 'gws', GW);
    const sensorId = await createDevice(api, projectId, 'illumination', 'illumrs485', SENSOR, {
      parentId: gwId,
      props: JSON.stringify({ threshold: 8, peripheralIndex: 1, enabled: true }),
    });
    await createDevice(api, projectId, 'lighting', 'lcunb', LAMP, { parentId: gwId });
    await api.post(`/api/pjts/${projectId}/iot/gateway/${gwId}/register`);
    await api.post(`/api/pjts/${projectId}/iot/illum/${sensorId}/register`);

    const gw = await connectDevice(h, GW);
    clients.push(gw);
    const commands: CommandRequest[] = [];
    await gw.subscribeAsync(commandTopic(GW.equipmentId), { qos: 1 });
    gw.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      commands.push(request);
      const result =
        request.command === 'realdata'
          ? { illuminance: 42.5, at: new Date().toISOString() }
          : {
              threshold: request.args.threshold,
              peripheralIndex: request.args.peripheralIndex,
              enabled: request.args.enabled,
            };
      void publish(gw, GW.equipmentId, 'reply', { id: request.id, ok: true, result });
    });
    await publish(gw, GW.equipmentId, 'heartbeat', { children: [SENSOR.equipmentId] });

    // ── The list: a reading arrives while it is open.
    await page.goto('/pjt/pjtdeviceillumlist');
    const row = page.locator('.ant-table-row', { hasText: SENSOR.no });
    await row.waitFor();
    await page.getByTestId('live-badge').filter({ hasText: '实时' }).waitFor();
    let shown = false;
    for (let attempt = 0; attempt < 10 && !shown; attempt++) {
      const value = 3.25 + attempt;
      await publish(gw, GW.equipmentId, 'telemetry', { device: SENSOR.equipmentId, values: { illuminance: value } });
      shown = await row
        .filter({ hasText: `${value} KLux` })
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(shown).toBe(true);
    await row.getByText('8 KLux').waitFor();
    await row.getByText(GW.name).waitFor();
    await h.screenshot(page, 'illum-list-zh');

    // ── The sensor's page: threshold saved and sent; the light read now.
    await row.getByRole('link', { name: SENSOR.name }).click();
    await page.waitForURL(`**/pjt/pjtdeviceillum?id=${sensorId}`);
    await page.getByTestId('illum-name').filter({ hasText: SENSOR.name }).waitFor();
    const threshold = page.getByRole('spinbutton', { name: '照度阈值' });
    await threshold.fill('300');
    await page.getByRole('button', { name: '保存配置' }).click();
    await page.getByText('允许的取值范围：0 - 200。').waitFor();
    await threshold.fill('12.5');
    await page.getByRole('button', { name: '保存配置' }).click();
    await page.getByText('配置已保存').first().waitFor();
    expect(commands.find((c) => c.command === 'config')?.args).toMatchObject({ threshold: 12.5, enabled: true });
    await page.getByRole('button', { name: /读取当前照度/ }).click();
    await page.getByText('当前照度 42.5 KLux').waitFor();

    // ── A group of the gateway, the sensor and the lamp controller.
    await page.goto('/pjt/pjtdeviceillumgroup');
    await page.getByRole('button', { name: /新\s*建|新增|创建/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: '请选择网关' }).waitFor();
    await dialog.getByLabel('名称', { exact: true }).fill('东门照度组');
    await dialog.getByLabel('编号', { exact: true }).fill('IG-E2E-01');
    await pick(page, dialog.getByLabel('网关', { exact: true }), GW.name, false);
    await pick(page, dialog.getByLabel('照度传感器', { exact: true }), SENSOR.name, false);
    await pick(page, dialog.getByLabel('下属灯控器', { exact: true }), LAMP.name, false);
    // Closes the multiple select's list without Escape, which would close the dialog once it is shut.
    await dialog.locator('.ant-modal-title').click();
    await save(page);
    const group = page.locator('.ant-table-row', { hasText: 'IG-E2E-01' });
    await group.waitFor();
    await group.getByText(SENSOR.name, { exact: true }).waitFor();
    await h.screenshot(page, 'illum-group-zh');

    await page.goto(`/pjt/pjtdeviceillum?id=${sensorId}`);
    await page.getByTestId('lamps-table').getByText(LAMP.name).waitFor();
    await page.locator('[data-testid="history-chart"] canvas').first().waitFor();
    await h.screenshot(page, 'illum-detail-zh');

    // ── The same screens in English.
    await switchLanguage(page, 'English');
    await page.getByText('Child lamp controllers').first().waitFor();
    await h.screenshot(page, 'illum-detail-en');
    await page.goto('/pjt/pjtdeviceillumlist');
    await page.locator('.ant-table-row', { hasText: SENSOR.no }).getByText('12.5 KLux').waitFor();
    await h.screenshot(page, 'illum-list-en');
    await page.goto('/pjt/pjtdeviceillumgroup');
    await page.locator('.ant-table-row', { hasText: 'IG-E2E-01' }).waitFor();
    await h.screenshot(page, 'illum-group-en');
  }, 150_000);
});
