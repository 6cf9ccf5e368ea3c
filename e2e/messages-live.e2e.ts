import { upTopic } from '@sc/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signIn, startHarness } from './harness';

/**
 * A real site message: an environment monitor raises an alarm over MQTT, the server sends its project
 * a message, the frame's count moves without a reload, and the inbox reads, recycles and restores it.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

const DEVICE = { name: '西门环境监测', no: 'ENV-MSG-01', equipmentId: 'EQMSGENV01', key1: 'msg-secret-1' };

describe('site messages with a real message', () => {
  it('a device alarm arrives as a message; read, recycle and restore move the count', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    await page.getByTestId('unread-count').getByText('共 0 条未读消息').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('sc.token')))!;
    const q = (path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${token}`;

    // A monitor with its key in the production library, registered.
    const models = (await (await page.request.get(q('/api/pjts/1/devices.do/types/envmonitor/models'))).json()) as {
      id: number;
      no: string;
    }[];
    const model = models.find((m) => m.no === 'envrs485') ?? models[0]!;
    const item = await page.request.post(q('/api/biz/productionlib.do'), {
      form: { name: '西门终端', no: DEVICE.equipmentId, key1: DEVICE.key1, modelId: model.id, projectId: 1 },
    });
    expect(item.status(), await item.text()).toBe(200);
    const created = await page.request.post(q('/api/biz/devices.do'), {
      form: {
        name: DEVICE.name,
        no: DEVICE.no,
        type: 'envmonitor',
        modelId: model.id,
        projectId: 1,
        equipmentId: DEVICE.equipmentId,
        productionNo: DEVICE.equipmentId,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: number };
    expect((await page.request.post(q(`/api/pjts/1/iot/envmonitor/${id}/register`))).status()).toBe(200);

    // The alarm, over MQTT.
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${h.mqttPort}`, {
      clientId: DEVICE.equipmentId,
      username: DEVICE.equipmentId,
      password: DEVICE.key1,
      reconnectPeriod: 0,
    });
    await device.publishAsync(
      upTopic(DEVICE.equipmentId, 'event'),
      JSON.stringify({ code: 'PM25_HIGH', type: 'occur', level: 'alarm', detail: { pm25: 260 } }),
      { qos: 1 },
    );
    await device.endAsync();

    // The count moves by itself (realtime push), then the inbox.
    await page.getByTestId('unread-count').getByText('共 1 条未读消息').waitFor({ timeout: 15_000 });
    await page.getByTestId('unread-count').click();
    await page.waitForURL('**/man/sitemessage');
    const screen = page.getByTestId('site-messages');
    const row = screen.locator('tr.ant-table-row', { hasText: `设备告警：${DEVICE.name}，PM2.5 超标` });
    await row.waitFor();
    expect(await row.textContent()).not.toContain('PM25_HIGH');
    await h.screenshot(page, 'site-messages-live-zh');

    await row.getByRole('button', { name: /标为已读/ }).click();
    await page.getByTestId('unread-count').getByText('共 0 条未读消息').waitFor();
    await screen.getByTestId('message-tab-read').click();
    const readRow = screen.locator('tr.ant-table-row', { hasText: DEVICE.name });
    await readRow.getByRole('button', { name: /删除/ }).click();
    await page.locator('.ant-modal-confirm .ant-btn-primary, .ant-modal .ant-btn-primary').last().click();
    await screen.getByTestId('message-tab-recycle').click();
    const recycled = screen.locator('tr.ant-table-row', { hasText: DEVICE.name });
    await recycled.getByRole('button', { name: /还原/ }).click();
    await recycled.waitFor({ state: 'detached' });
    await screen.getByTestId('message-tab-read').click();
    await screen.locator('tr.ant-table-row', { hasText: DEVICE.name }).waitFor();
  });
});
