import { type CommandRequest, commandTopic, mtcManifest, upTopic } from '@sc/contract';
import { MTC_CIRCUIT_MASKS, maskOfCircuits, toMtcTime } from '@sc/contract/families/mtc';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDialog } from './antd';
import { apiOf, connectDevice, createDevice, reportUntilShown } from './devices';
import { type Harness, signIn, startHarness } from './harness';

/**
 * Lighting cabinets (MTC) against the real server, with a cabinet on the embedded broker that switches
 * its circuits on command and reports its lamps (two per circuit) dark when their circuit is off:
 * a circuit switched off on the cabinet's screen puts its lamps out on the lighting list; a
 * sunset-relative cabinet policy is created, used on the cabinet and previewed; a cable-theft alarm
 * reaches the site messages at once. The cabinet screens are screenshotted at 1366 px in both languages.
 */
const ready = mtcManifest.screens.every((s) => s.kind !== 'function' || s.ready);

let h: Harness;
const clients: MqttClient[] = [];
beforeAll(async () => {
  if (!ready) return;
  h = await startHarness({ mqtt: true });
}, 180_000);
afterAll(async () => {
  for (const client of clients) await client.endAsync(true).catch(() => undefined);
  const errors = h?.pageErrors() ?? [];
  await h?.stop();
  expect(errors).toEqual([]);
});

interface Tree {
  id: number;
  name: string;
}

const CABINET = { name: '滨江配电箱', no: 'MTC-E2E-01', equipmentId: 'EQMTCE2E01', key1: 'mtc-secret-1' };
const CIRCUITS = 8;
/** Two lamps per circuit: lamp i is on circuit floor(i / 2) + 1. */
const LAMPS = Array.from({ length: 4 }, (_, i) => ({
  name: `箱控路灯${i + 1}`,
  no: `MTC-L-${i + 1}`,
  equipmentId: `EQMTCL0${i + 1}`,
  circuit: Math.floor(i / 2) + 1,
  lng: 119.5 + i * 0.0004,
  lat: 32.17,
}));

/**
 * The cabinet as its controller would run it: switch and multiswitch set circuits, any other command
 * is acknowledged; every change is reported (the masks, three phases, mode) with its lamps' own reports
 * (dark when their circuit is off).
 */
async function runCabinet(h: Harness): Promise<{
  client: MqttClient;
  report: () => Promise<void>;
  alarm: (code: string, circuit: number) => Promise<void>;
}> {
  const client = await connectDevice(h, CABINET);
  clients.push(client);
  const on = new Set(Array.from({ length: CIRCUITS }, (_, i) => i + 1));
  let mode = 'manual';
  const report = async () => {
    const mask = maskOfCircuits([...on]);
    const masks = Object.fromEntries(MTC_CIRCUIT_MASKS.map((k) => [k, 0]));
    await client.publishAsync(
      upTopic(CABINET.equipmentId, 'telemetry'),
      JSON.stringify({
        values: {
          ...masks,
          circuitEnable: maskOfCircuits(Array.from({ length: CIRCUITS }, (_, i) => i + 1)),
          circuitSetting: mask,
          circuitActual: mask,
          circuitActive: mask,
          circuitCount: CIRCUITS,
          mode,
          version: 'MTC1.2.03',
          deviceTime: toMtcTime(new Date()),
          voltageA: 221,
          voltageB: 220,
          voltageC: 222,
          currentA: on.size * 900,
          currentB: on.size * 880,
          currentC: on.size * 910,
          powerA: on.size * 200,
          powerB: on.size * 195,
          powerC: on.size * 201,
          activePower: on.size * 596,
          circuitsOn: on.size,
        },
      }),
      { qos: 1 },
    );
    for (const lamp of LAMPS) {
      const lit = on.has(lamp.circuit);
      await client.publishAsync(
        upTopic(CABINET.equipmentId, 'telemetry'),
        JSON.stringify({
          device: lamp.equipmentId,
          values: { on: lit ? 1 : 0, level: lit ? 100 : 0, runStatus: 0, voltage: 221, activePower: lit ? 100 : 0 },
        }),
        { qos: 1 },
      );
    }
  };
  await client.subscribeAsync(commandTopic(CABINET.equipmentId), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const request = JSON.parse(payload.toString()) as CommandRequest;
    const args = (request.args ?? {}) as Record<string, unknown>;
    const set = (circuit: unknown, value: unknown) => {
      if (value === true || value === 'true') on.add(Number(circuit));
      else on.delete(Number(circuit));
    };
    if (!request.device || request.device === CABINET.equipmentId) {
      if (request.command === 'switch') set(args.circuit, args.on);
      if (request.command === 'multiswitch')
        for (const c of (args.circuits ?? []) as { circuit: number; on: boolean }[]) set(c.circuit, c.on);
      if (request.command === 'mode') mode = String(args.mode);
    }
    void client
      .publishAsync(upTopic(CABINET.equipmentId, 'reply'), JSON.stringify({ id: request.id, ok: true, result: null }), {
        qos: 1,
      })
      .then(report);
  });
  const beat = () =>
    client.publishAsync(
      upTopic(CABINET.equipmentId, 'heartbeat'),
      JSON.stringify({ children: LAMPS.map((l) => l.equipmentId) }),
      { qos: 1 },
    );
  await beat();
  await report();
  const timer = setInterval(() => void beat().catch(() => undefined), 20_000);
  client.on('close', () => clearInterval(timer));
  return {
    client,
    report,
    alarm: (code, circuit) =>
      client
        .publishAsync(
          upTopic(CABINET.equipmentId, 'event'),
          JSON.stringify({ code, type: 'occur', level: 'alarm', detail: { circuit } }),
          { qos: 1 },
        )
        .then(() => undefined),
  };
}

const okButton = (page: Page) =>
  page.locator('.ant-modal-confirm .ant-btn-primary, .ant-modal-confirm .ant-btn-dangerous').last();

describe.skipIf(!ready)('lighting cabinets in the console', () => {
  it('a switched-off circuit darkens its lamps; a sunset policy is used and previewed; cable theft is a site message', async () => {
    const page = await h.newPage();
    await page.goto('/index');
    await page.locator('#login_account').waitFor({ timeout: 90_000 });
    await signIn(page);
    await page.waitForURL('**/man/manmain', { timeout: 60_000 });
    const api = await apiOf(page);
    const [root] = await api.get<Tree[]>('/api/projects.do/trees');
    const projectId = root!.id;
    const cabinetId = await createDevice(api, projectId, 'mtc', 'mtchlsteth', CABINET, {
      lng: 119.5,
      lat: 32.17,
      props: JSON.stringify({ circuitCount: CIRCUITS }),
    });
    const lampIds: number[] = [];
    for (const l of LAMPS)
      lampIds.push(
        await createDevice(api, projectId, 'lighting', 'lcurs485', l, {
          parentId: cabinetId,
          lng: l.lng,
          lat: l.lat,
          props: JSON.stringify({ ratedPower: 100, channelCount: 1, feederNo: CABINET.no, feederCircuit: l.circuit }),
        }),
      );
    await api.post(`/api/pjts/${projectId}/iot/mtc/${cabinetId}/register`);
    for (const id of lampIds) await api.post(`/api/pjts/${projectId}/iot/lighting/${id}/register`);
    const cabinet = await runCabinet(h);

    // 1. Circuit 2 switched off on the cabinet's screen: lamps 3 and 4 go dark on the lighting list.
    await page.goto(`/pjt/pjtdevicemtc?id=${cabinetId}`);
    await page.getByTestId('circuit-2').and(page.locator('[data-actual="on"]')).waitFor({ timeout: 30_000 });
    // Each circuit says which lamps it feeds.
    await page.getByTestId('circuit-2-fed').getByText('供电设备 2 台').waitFor();
    await page.getByTestId('circuit-2-fed').click();
    await page.getByTestId('fed-list').getByRole('link', { name: LAMPS[2]!.name }).waitFor();
    await h.screenshot(page, 'mtc-cabinet-zh');
    await page.keyboard.press('Escape');
    await page.getByTestId('circuit-2-switch').click();
    await page.getByText('关闭回路 2 将熄灭该回路上的所有路灯。').waitFor();
    await okButton(page).click();
    await page.getByTestId('circuit-2').and(page.locator('[data-actual="off"]')).waitFor({ timeout: 30_000 });
    await page.goto('/pjt/pjtdevicelightinglist');
    for (const l of LAMPS) {
      const row = page.locator('tr.ant-table-row', { hasText: l.name });
      await reportUntilShown(
        row.locator(`[data-lamp-state="${l.circuit === 2 ? 'off' : 'on'}"]`),
        cabinet.report,
        8,
        4000,
      );
    }

    // 2. A sunset-relative policy, used on the cabinet, previewed at the cabinet.
    await page.goto('/pjt/pjtdevicemtcpolicy');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.getByTestId('policy-name').fill('日落开箱');
    await page.getByTestId('policy-no').fill('MTC-P-01');
    await page
      .locator('input[data-testid="policy-unit-0-offset"], [data-testid="policy-unit-0-offset"] input')
      .first()
      .fill('20');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const row = page.locator('tr.ant-table-row', { hasText: '日落开箱' });
    await row.getByText('日落 +20 分钟：回路 1、2、3、4、5、6、7、8 通电').waitFor();
    await row.getByRole('button', { name: '下发' }).click();
    await page.getByTestId('policy-cabinets').click();
    await page.locator('.ant-select-item-option', { hasText: CABINET.name }).click();
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-footer .ant-btn-primary').last().click();
    await page.getByTestId('policy-use-result').getByText('1 台中 1 台已立即下发').waitFor({ timeout: 30_000 });
    await closeDialog(page);
    await row.getByRole('button', { name: /预览/ }).click();
    const preview = page.getByTestId('policy-preview');
    await preview.getByTestId('preview-target').click();
    await page.locator('.ant-select-item-option', { hasText: CABINET.name }).last().click();
    await preview.getByTestId('day-timeline').waitFor();
    await preview.getByTestId('sun-sunset').waitFor();
    await preview.getByTestId('circuit-day').waitFor();
    await preview.getByTestId('year-chart').waitFor();
    await h.screenshot(page, 'mtc-policy-preview-zh');
    await closeDialog(page);

    // 3. Cable theft on circuit 1: a site message at once.
    const before = (await page.getByTestId('unread-count').textContent()) ?? '';
    await cabinet.alarm('CABLE_THEFT', 1);
    await page.getByTestId('unread-count').filter({ hasNotText: before }).waitFor({ timeout: 15_000 });
    await page.getByTestId('unread-count').click();
    await page.waitForURL('**/man/sitemessage');
    await page.getByTestId('site-messages').locator('tr.ant-table-row', { hasText: CABINET.name }).first().waitFor();
    await h.screenshot(page, 'mtc-cable-theft-message-zh');
  }, 600_000);
});
