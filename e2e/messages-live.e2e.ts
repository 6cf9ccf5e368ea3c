import { upTopic } from '@sc/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, connectDevice, createDevice } from './devices';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

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
    const row = screen.locator('tr.ant-table-row', { hasText: `设备告警：${DEVICE.name}（智慧城市平台），PM2.5 超标` });
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

  it('a lamp of a child project raises an alarm: the root administrator hears of it, in English', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain');
    await page.waitForTimeout(2000);
    await switchLanguage(page, 'English');
    const bell = page.getByTestId('unread-count');
    const before = Number((await bell.textContent())?.match(/\d+/)?.[0] ?? 'NaN');
    const api = await apiOf(page);
    const [root] = await api.get<{ id: number }[]>('/api/projects.do/trees');
    const child = await api.post<{ id: number }>('/api/projects.do', {
      name: '北区工程',
      no: 'MSG-NORTH',
      parentId: root!.id,
      lng: 119.5,
      lat: 32.1,
    });
    const lamp = { name: '北区路灯七号', no: 'MSG-LAMP-07', equipmentId: 'EQMSGLAMP07', key1: 'msg-secret-7' };
    const lampId = await createDevice(api, child.id, 'lighting', 'lcunb', lamp);
    await api.post(`/api/pjts/${child.id}/iot/lighting/${lampId}/register`);
    const device = await connectDevice(h, lamp);
    for (let i = 0; i < 2; i++)
      await device.publishAsync(
        upTopic(lamp.equipmentId, 'event'),
        JSON.stringify({ code: '19', type: 'occur', level: 'alarm', detail: { triggerType: 'other' } }),
        { qos: 1 },
      );
    await device.endAsync();

    // One message (the repeat is the same open alarm), named in words with its project.
    await bell.getByText(`Unread messages: ${before + 1}`).waitFor({ timeout: 15_000 });
    await bell.click();
    await page.waitForURL('**/man/sitemessage');
    const row = page
      .getByTestId('site-messages')
      .locator('tr.ant-table-row', { hasText: `Device alarm: ${lamp.name} (北区工程), Lamp fault` });
    await row.waitFor();
    await h.screenshot(page, 'site-messages-live-en');
    await page.waitForTimeout(1000);
    expect(await bell.textContent()).toContain(`Unread messages: ${before + 1}`);
  });
});
