import { type CommandRequest, commandTopic } from '@sc/contract';
import { familySim } from '@sc/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice, publishUp, rootProjectId } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * Watt-hour meters (issue 10): a meter driven by the simulator's meter model over MQTT shows its live
 * reading in the list; its page reads real-time data, saves the config (sent to the meter), takes it
 * out of use, shows the reading history as table and chart and exports it as CSV, in both languages.
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

const METER = { name: '东路电表', no: 'WHM-E2E-01', equipmentId: 'EQE2EWHM01', key1: 'whm-secret-1' };
const TYPE = 'watthourmeter';
const sim = familySim(TYPE);

describe('watt-hour meters in the console', () => {
  it('live reading in the list; real-time data, config, in-use flag, history and CSV on its page', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    const api = await apiOf(page);
    const projectId = await rootProjectId(api);

    // ── A registered meter with its production key, connected over MQTT, answering as the simulator does.
    const id = await createDevice(api, projectId, TYPE, 'whmrs485', METER, {
      props: JSON.stringify({ peripheralIndex: 3, pickInterval: 600 }),
    });
    await api.post(`/api/pjts/${projectId}/iot/whm/${id}/register`);

    const device = {
      place: { lng: 116.4, lat: 39.9, offset: 0.4 },
      state: {} as Record<string, unknown>,
    } as Parameters<NonNullable<typeof sim.init>>[0];
    sim.init!(device);
    device.state.at = Date.now() - 12 * 3600_000;
    client = await connectDevice(h, METER);
    const meter = client;
    const publish = (kind: 'telemetry' | 'heartbeat' | 'reply', body: unknown) =>
      publishUp(meter, METER.equipmentId, kind, body);
    const reading = (at: Date) => ({ ts: at.getTime(), values: sim.telemetry!(device, at) });
    const commands: CommandRequest[] = [];
    await meter.subscribeAsync(commandTopic(METER.equipmentId), { qos: 1 });
    meter.on('message', (_topic, payload) => {
      const request = JSON.parse(payload.toString()) as CommandRequest;
      commands.push(request);
      const answer = async () => {
        const handler = sim.commands?.[request.command];
        let values: unknown = null;
        if (request.command === 'realdata') {
          const message = reading(new Date());
          await publish('telemetry', message);
          values = message.values;
        }
        const outcome = handler
          ? await handler(device, request.args, {
              now: new Date(),
              report: () => values as never,
              reboot: () => {},
              children: [],
            })
          : { ok: true };
        await publish('reply', { id: request.id, ...outcome });
      };
      void answer();
    });
    await publish('heartbeat', {});
    // The last 12 hours, every half hour: the history has something to show.
    for (let i = 24; i >= 1; i--) await publish('telemetry', reading(new Date(Date.now() - i * 1800_000)));

    // ── The list: the reading follows a new message without a reload.
    await page.goto('/pjt/pjtdevicewhmlist');
    const row = page.locator('.ant-table-row', { hasText: METER.no });
    await row.waitFor();
    await row.getByText('正常').waitFor();
    await page.getByTestId('live-badge').filter({ hasText: '实时' }).waitFor();
    let shown = false;
    for (let attempt = 0; attempt < 10 && !shown; attempt++) {
      const message = reading(new Date());
      await publish('telemetry', message);
      shown = await row
        .filter({ hasText: (message.values!.reading as number).toFixed(1) })
        .waitFor({ timeout: 2000 })
        .then(() => true)
        .catch(() => false);
    }
    expect(shown).toBe(true);
    await h.screenshot(page, 'whm-list-zh');

    // ── The meter's page.
    await row.getByRole('link', { name: METER.name }).click();
    await page.waitForURL(`**/pjt/pjtdevicewhm?id=${id}`);
    await page.getByTestId('whm-name').filter({ hasText: METER.name }).waitFor();
    await page.getByTestId('history-table').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('command-realdata').click();
    await page.getByTestId('command-outcome').filter({ hasText: '读取实时数据成功' }).waitFor();
    expect(commands.map((c) => c.command)).toContain('realdata');

    const interval = page.getByTestId('whm-config').getByLabel('采集间隔 (秒)');
    await interval.fill('300');
    await page.getByTestId('whm-config-save').click();
    await page.getByText('配置已保存并下发到电能表').waitFor();
    expect(commands.find((c) => c.command === 'config')?.args).toEqual({ peripheralIndex: 3, pickInterval: 300 });

    await page.getByTestId('whm-inuse').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(`已停用 ${METER.name}`).waitFor();
    expect(await page.getByTestId('whm-inuse').getAttribute('aria-checked')).toBe('false');
    await h.screenshot(page, 'whm-device-zh');

    // CSV of the shown period: the header in the reader's language with units and a line per reading.
    const href = await page.getByTestId('history-export').getAttribute('href');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFF采集时间,读数 (kWh),区间电量 (kWh),有功功率 (kW),电压 (V),电流 (A),功率因数');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
    expect(lines.length).toBeGreaterThan(24);

    await page.getByTestId('history-view').getByText('曲线').click();
    await page.locator('[data-testid="history-chart"] canvas').first().waitFor();
    await h.screenshot(page, 'whm-device-chart-zh');

    // ── English.
    await switchLanguage(page, 'English');
    await page.getByText('Reading history').waitFor();
    await page.getByTestId('history-view').getByText('Table').click();
    await page.getByTestId('history-table').locator('.ant-table-row').first().waitFor();
    await h.screenshot(page, 'whm-device-en');
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.locator('.ant-table-row', { hasText: METER.no }).waitFor();
    await h.screenshot(page, 'whm-list-en');
  }, 120_000);
});
