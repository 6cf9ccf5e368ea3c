import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDeviceTab } from '../../components/device/family-testing';
import { eventSample, pageOf, pushReport } from '../../test/family-page';
import { guardRawText } from '../../test/raw-guard';
import { renderWithApp } from '../../test/render';
import LampPage from './lamp-page';
import { BASE, formBody, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicelighting';
const DEVICE = {
  id: 32,
  name: '路灯二',
  no: 'L-32',
  registered: true,
  equipmentId: 'EQ32',
  areaName: '东区',
  groupName: '主干道',
  parentName: '东门网关',
  modelName: 'lcunb',
  lng: 119.501,
  lat: 32.171,
  activeState: 1,
  props: { ratedPower: 100 },
};
const values = {
  on: 1,
  level: 50,
  runStatus: 0,
  voltage: 221,
  current: 230,
  activePower: 49,
  powerFactor: 0.95,
  leakageCurrent: 1,
  reactivePower: 5,
  ambientBrightness: 3,
  energyTotal: 1234.5,
  onDuration: 8000,
  energy: 0.01,
  dailyEnergy: 0.4,
  dailyDuration: 4,
  colorTemperature: 4000,
  temperature: 35,
  tilt: 1,
};
const REALDATA = {
  id: 32,
  at: '2026-05-01T10:00:00Z',
  state: 'dimmed',
  runStatus: 'normal',
  values,
  deviceTime: '2026-05-01 18:00:00',
  raw: '68 01 02 16',
  runMode: 'chronology',
  policyMode: 'astronomical',
  unusableUntil: null,
};
const CONFIG = {
  defaultLevel: 100,
  underCurrent: 100,
  overCurrent: 2000,
  minCurrent: 50,
  maxCurrent: 2000,
  illuminanceLower: 3,
  illuminanceUpper: 8,
  ratedPower: 100,
  lampLife: 50000,
  fatigueThreshold: 40000,
  updatedAt: null,
  delivered: true,
};

function answers(call: { url: URL; method: string }) {
  const p = call.url.pathname;
  if (p === '/api/pjts/2/devices.do/one/32') return { json: DEVICE };
  if (p === `${BASE}/32/realdata`)
    return { json: dimmed ? { ...REALDATA, deviceTime: '2026-05-01 18:05:00', raw: '68 01 09 16' } : REALDATA };
  if (p === `${BASE}/32/events`)
    return {
      json: pageOf([
        eventSample(DEVICE, '16', '2026-05-01T09:00:00Z', {
          level: 'alarm',
          detail: { triggerType: 'other', triggerDetail: 'current', value: 2600 },
        }),
      ]),
    };
  if (p === `${BASE}/32/config` && call.method === 'GET') return { json: CONFIG };
  if (p === `${BASE}/32/reset`) return { json: { ok: true, durationMs: 120, attempts: 1, result: null } };
  if (p === `${BASE}/32/dim`) {
    // As a lamp answers: the level it took and its whole report.
    dimmed = true;
    return { json: { ok: true, durationMs: 80, attempts: 1, result: { level: 50, values: { on: 1, level: 50 } } } };
  }
  return undefined;
}

let dimmed = false;
beforeEach(() => {
  dimmed = false;
  setUp();
});
afterEach(tearDown);

guardRawText();

describe('one lamp', () => {
  it('shows every runtime field live, events with their labels, and dims the lamp', async () => {
    const { fetchMock } = serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<LampPage />, { path: `${PATH}?id=32` });
    expect((await screen.findByTestId('lamp-name')).textContent).toBe('路灯二');
    const realdata = await screen.findByTestId('lamp-realdata');
    await waitFor(() => expect(realdata.querySelector('[data-reading="activePower"]')?.textContent).toBe('49\u00a0W'));
    expect(realdata.querySelector('[data-reading="on"]')?.textContent).toBe('开');
    expect(realdata.querySelector('[data-reading="ambientBrightness"]')?.textContent).toBe('3');
    // A power factor to two decimals (one would read 0.9).
    expect(realdata.querySelector('[data-reading="powerFactor"]')?.textContent).toBe('0.95');
    expect(within(realdata).getByText('2026-05-01 18:00:00')).toBeTruthy();
    expect(within(realdata).getByText('68 01 02 16')).toBeTruthy();
    expect(await within(await screen.findByTestId('lamp-events')).findByText('过流')).toBeTruthy();
    expect(within(screen.getByTestId('lamp-events')).getByText('电流 · 2600')).toBeTruthy();

    await user.click(await screen.findByTestId('command-dim'));
    await user.click(await screen.findByTestId('command-dim-send'));
    // Plain values go form-encoded; the server's schema reads them as numbers.
    await waitFor(() => expect(formBody(fetchMock, `${BASE}/32/dim`)).toEqual({ level: '50' }));
    const outcome = await screen.findByTestId('command-outcome');
    // The answer in words, not the device's JSON; its report goes to the real-time card, read again.
    expect(outcome.textContent).not.toContain('{');
    expect(within(outcome).getByTestId('command-result').textContent).toBe('亮度50');
    await waitFor(() => expect(within(realdata).getByText('68 01 09 16')).toBeTruthy());
    expect(within(realdata).getByText('2026-05-01 18:05:00')).toBeTruthy();

    pushReport(32, 'lighting', { on: 1, level: 80, activePower: 78 }, '2026-05-01T10:01:00Z');
    await waitFor(() => expect(realdata.querySelector('[data-reading="activePower"]')?.textContent).toBe('78\u00a0W'));
    expect(realdata.querySelector('[data-reading="level"]')?.textContent).toBe('80\u00a0%');
  }, 60_000);

  it('warns that a reset leaves the lamp unusable for the chosen hours', async () => {
    const { fetchMock } = serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<LampPage />, { path: `${PATH}?id=32` });
    await screen.findByTestId('lamp-name');
    await user.click(await screen.findByTestId('command-reset'));
    const hours = await screen.findByTestId('command-reset-value');
    await user.clear(hours.querySelector('input') ?? hours);
    await user.type(hours.querySelector('input') ?? hours, '6');
    await user.click(screen.getByTestId('command-reset-send'));
    expect(await screen.findByText('确定复位“路灯二”吗？复位后单灯在 6 小时内不可用。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(formBody(fetchMock, `${BASE}/32/reset`)).toEqual({ hours: '6' }));
  }, 60_000);

  it('warns that registering modifies the controller', async () => {
    serve(PATH, (call) =>
      call.url.pathname === '/api/pjts/2/devices.do/one/32'
        ? { json: { ...DEVICE, registered: false } }
        : answers(call),
    );
    const user = userEvent.setup();
    renderWithApp(<LampPage />, { path: `${PATH}?id=32` });
    await screen.findByTestId('lamp-name');
    await user.click(screen.getByTestId('lamp-register'));
    expect(await screen.findByText('注册将修改单灯控制器“路灯二”的配置，确定继续吗？')).toBeTruthy();
  }, 60_000);

  it('checks the configuration with the contract rules before saving', async () => {
    const { calls } = serve(PATH, answers);
    const user = userEvent.setup();
    await openDeviceTab(user, <LampPage />, `${PATH}?id=32`, 'lamp', '配置');
    const form = await screen.findByTestId('lamp-config-form');
    const under = within(form).getByLabelText('欠流值');
    await waitFor(() => expect((under as HTMLInputElement).value).toBe('100'));
    await user.clear(under);
    await user.type(under, '3000');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('欠流值必须小于过流值')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 60_000);
});
