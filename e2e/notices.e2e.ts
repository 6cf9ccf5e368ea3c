import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { upTopic } from '@sc/contract';
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp } from '../packages/server/src/modules/project/notices/test-smtp';
import { type Harness, signIn, startHarness, switchLanguage } from './harness';

/**
 * Notice rules and project parameters (issue 28): a rule edited and saved as the project's own, a test
 * e-mail through a real SMTP server (accepted, then refused with the server's words), the deliveries'
 * history; a rule with SMS whose test SMS and a device's alarm over MQTT reach the HTTP SMS provider
 * (a recorder started here) and show in the SMS history; the parameters form refusing a port out of
 * range in the reader's language. Screenshots of both screens at 1366 px in zh-CN and en-US go to SHOTS
 * for a person to look at.
 */
const SHOTS = process.env.NOTICE_SHOTS ?? '/tmp/shots-notices';
let h: Harness;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
/** What the SMS provider (an HTTP recorder) was sent: the request's JSON and its authorization. */
const smsSent: { to: string; text: string; authorization: string | undefined }[] = [];
let smsServer: http.Server;
beforeAll(async () => {
  smtp = await startTestSmtp();
  smsServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const json = JSON.parse(body) as { to: string; text: string };
      smsSent.push({ to: json.to, text: json.text, authorization: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
  h = await startHarness({ mqtt: true });
});
afterAll(async () => {
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  await smtp?.close();
  await new Promise((resolve) => smsServer?.close(resolve));
  expect(errors).toEqual([]);
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function configureMail(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('sc.token'));
  for (const [key, value] of [
    ['mailServer', '127.0.0.1'],
    ['smtpPort', String(smtp.port)],
    ['mailAccount', 'console@city.example.cn'],
  ]) {
    const response = await page.request.put(`/api/webparams.do/${key}?token=${token}&lang=zh_CN`, { form: { value } });
    expect(response.status(), `${key}: ${await response.text()}`).toBe(200);
  }
}

describe('notice rules and project parameters', () => {
  it('a rule saved as the project own, a test e-mail accepted then refused, the history', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    await configureMail(page);

    await page.goto('/pjt/pjtnoticerule');
    const table = page.getByTestId('rule-table');
    // The row of "device offline", whatever the language (its name comes translated from the server).
    const offline = table.locator('tr').filter({ has: page.getByTestId('rule-edit-DEVICE_OFFLINE') });
    await offline.getByText('默认：仅站内信').waitFor();

    // ── The rule of "device offline": site message and e-mail to the duty address, every 120 s at most.
    await page.getByTestId('rule-edit-DEVICE_OFFLINE').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#notice-rule_types').getByText('邮件').click();
    await dialog.locator('#notice-rule_interval').fill('30');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('选择邮件通知时至少填写一个接收邮箱').waitFor();
    await dialog.getByText('允许的取值范围：60 - 3600。').waitFor();
    await dialog.locator('#notice-rule_emails').fill('duty@city.example.cn');
    await dialog.locator('#notice-rule_emails').press('Enter');
    await dialog.locator('#notice-rule_interval').fill('120');
    await shot(page, 'noticerule-edit-zh');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('通知规则已保存').waitFor();
    await offline.getByText('本项目').waitFor();
    await offline.getByText('duty@city.example.cn').waitFor();
    await offline.getByText('120 秒').waitFor();
    await shot(page, 'noticerule-zh');

    // ── A test e-mail: the SMTP server takes it, then refuses the next with its own words.
    await page.getByTestId('notice-test').click();
    const test = page.getByRole('dialog');
    await test.locator('#notice-test_to').fill('duty@city.example.cn');
    await test.getByRole('button', { name: /发\s*送/ }).click();
    await test.getByTestId('test-result').getByText('测试消息已发送，服务器已接收').waitFor();
    await expect.poll(() => smtp.received.length).toBe(1);
    expect(smtp.received[0]).toMatchObject({ to: ['duty@city.example.cn'] });
    expect(smtp.received[0]!.subject).toContain('测试消息');
    smtp.refuse('5.1.1 mailbox unavailable');
    await test.getByRole('button', { name: /发\s*送/ }).click();
    await test
      .getByTestId('test-result')
      .getByText(/邮件服务器拒绝了这封邮件：.*mailbox unavailable/)
      .waitFor();
    await shot(page, 'noticerule-test-zh');
    smtp.refuse(null);
    await test.getByRole('button', { name: '关 闭' }).click();

    // ── The history holds both attempts, the refusal with its reason.
    await page.getByRole('tab', { name: '发送记录' }).click();
    const history = page.getByTestId('delivery-table');
    await history.getByText('已发送').waitFor();
    await history.getByText('发送失败').waitFor();
    await history
      .getByText(/mailbox unavailable/)
      .first()
      .waitFor();
    await shot(page, 'noticerule-history-zh');

    // ── In English: the same screen, the rule's words and the test dialog.
    await page.getByRole('tab', { name: '通知规则' }).click();
    await switchLanguage(page, 'English');
    await offline.getByText('This project').waitFor();
    await offline.getByText('120 s').waitFor();
    await shot(page, 'noticerule-en');
    await page.getByTestId('notice-test').click();
    await page.getByRole('dialog').locator('#notice-test_to').fill('not-an-address');
    await page.getByRole('dialog').getByRole('button', { name: /Send/ }).click();
    await page.getByRole('dialog').locator('.ant-form-item-explain-error').first().waitFor();
    await shot(page, 'noticerule-test-en');
  }, 240_000);

  it('a rule with SMS: a test SMS and a device alarm reach the SMS provider, the SMS history shows them', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    const token = (await page.evaluate(() => localStorage.getItem('sc.token')))!;
    const q = (path: string) => `${path}${path.includes('?') ? '&' : '?'}token=${token}&lang=zh_CN`;
    const { port } = smsServer.address() as AddressInfo;
    for (const [key, value] of [
      ['smsProviderUrl', `http://127.0.0.1:${port}/sms`],
      ['smsProviderKey', 'sms-key-1'],
      ['smsTemplate', '【智慧城市】{content}'],
    ]) {
      const response = await page.request.put(q(`/api/webparams.do/${key}`), { form: { value } });
      expect(response.status(), `${key}: ${await response.text()}`).toBe(200);
    }

    // An environment monitor with its key in the production library, registered.
    const device = { name: '东门环境监测', no: 'ENV-SMS-01', equipmentId: 'EQSMSENV01', key1: 'sms-secret-1' };
    const models = (await (await page.request.get(q('/api/pjts/1/devices.do/types/envmonitor/models'))).json()) as {
      id: number;
      no: string;
    }[];
    const model = models.find((m) => m.no === 'envrs485') ?? models[0]!;
    const item = await page.request.post(q('/api/biz/productionlib.do'), {
      form: { name: '东门终端', no: device.equipmentId, key1: device.key1, modelId: model.id, projectId: 1 },
    });
    expect(item.status(), await item.text()).toBe(200);
    const created = await page.request.post(q('/api/biz/devices.do'), {
      form: {
        name: device.name,
        no: device.no,
        type: 'envmonitor',
        modelId: model.id,
        projectId: 1,
        equipmentId: device.equipmentId,
        productionNo: device.equipmentId,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: number };
    expect((await page.request.post(q(`/api/pjts/1/iot/envmonitor/${id}/register`))).status()).toBe(200);

    // ── The rule of device alarms (the monitors' family has no alarm event of its own): site message and SMS to the duty phone.
    await page.goto('/pjt/pjtnoticerule');
    const rule = page
      .getByTestId('rule-table')
      .locator('tr')
      .filter({ has: page.getByTestId('rule-edit-DEVICE_ALARM') });
    await rule.waitFor();
    await page.getByTestId('rule-edit-DEVICE_ALARM').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#notice-rule_types').getByText('短信').click();
    await dialog.locator('#notice-rule_mobiles').fill('1380013800');
    await dialog.locator('#notice-rule_mobiles').press('Enter');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    await shot(page, 'noticerule-sms-error-zh');
    // The wrong number off (its tag's close), the right one in.
    await dialog.locator('.ant-select-selection-item-remove').first().click();
    await dialog.locator('#notice-rule_mobiles').fill('13800138000');
    await dialog.locator('#notice-rule_mobiles').press('Enter');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('通知规则已保存').waitFor();
    await rule.getByText('13800138000').waitFor();
    await shot(page, 'noticerule-sms-zh');

    // ── A test SMS through the provider.
    await page.getByTestId('notice-test').click();
    const test = page.getByRole('dialog');
    await test.locator('#notice-test_channel').getByText('短信').click();
    await test.locator('#notice-test_to').fill('13900139000');
    await test.getByRole('button', { name: /发\s*送/ }).click();
    await test.getByTestId('test-result').getByText('测试消息已发送，服务器已接收').waitFor();
    await expect.poll(() => smsSent.length).toBe(1);
    expect(smsSent[0]).toMatchObject({ to: '13900139000', authorization: 'Bearer sms-key-1' });
    expect(smsSent[0]!.text.startsWith('【智慧城市】')).toBe(true);
    await test.getByRole('button', { name: '关 闭' }).click();

    // ── The monitor's alarm over MQTT: an SMS to the rule's number, naming the device.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${h.mqttPort}`, {
      clientId: device.equipmentId,
      username: device.equipmentId,
      password: device.key1,
      reconnectPeriod: 0,
    });
    await client.publishAsync(
      upTopic(device.equipmentId, 'event'),
      JSON.stringify({ code: 'PM25_HIGH', type: 'occur', level: 'alarm', detail: { pm25: 260 } }),
      { qos: 1 },
    );
    await client.endAsync();
    await expect.poll(() => smsSent.length, { timeout: 30_000 }).toBe(2);
    expect(smsSent[1]).toMatchObject({ to: '13800138000', authorization: 'Bearer sms-key-1' });
    expect(smsSent[1]!.text).toContain(device.name);

    // ── The SMS history: both, sent.
    await page.getByRole('tab', { name: '发送记录' }).click();
    await page.getByRole('combobox', { name: '方式' }).click();
    await page.locator('.ant-select-dropdown').getByText('短信', { exact: true }).click();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    const history = page.getByTestId('delivery-table');
    await history.locator('tr.ant-table-row', { hasText: '13800138000' }).getByText('已发送').waitFor();
    await history.locator('tr.ant-table-row', { hasText: '13900139000' }).getByText('已发送').waitFor();
    await shot(page, 'noticerule-sms-history-zh');
    await switchLanguage(page, 'English');
    await history.locator('tr.ant-table-row', { hasText: '13800138000' }).getByText('Sent').waitFor();
    await shot(page, 'noticerule-sms-history-en');
  }, 240_000);

  it('the parameters form refuses a port out of range in the reader language, then saves', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    await page.goto('/pjt/pjtparams');
    await page.getByText('本项目尚未保存参数，下面是默认值').waitFor();
    await page.locator('#project-params_livePort').fill('70000');
    await page.locator('#project-params_serverAddress').fill('city.example.cn');
    await page
      .getByTestId('params-page')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.getByText('允许的取值范围：80 - 65534。').waitFor();
    await shot(page, 'params-error-zh');
    await switchLanguage(page, 'English');
    await page.getByText('Allowed range: 80 - 65534.').waitFor();
    await shot(page, 'params-error-en');
    await page.locator('#project-params_livePort').fill('8554');
    await page.getByTestId('params-page').getByRole('button', { name: /Save/ }).click();
    await page.locator('.ant-message').getByText('Project parameters saved').waitFor();
    await page.getByText(/Last saved/).waitFor();
    await shot(page, 'params-en');
    await switchLanguage(page, '中文');
    await page.getByText(/最后保存/).waitFor();
    expect(await page.locator('#project-params_livePort').inputValue()).toBe('8554');
    await shot(page, 'params-zh');
  }, 180_000);
});
