import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../api/realtime-fake';
import { openDeviceTab, screenTests } from '../../components/device/family-testing';
import { eventSample, pageOf } from '../../test/family-page';
import { expectSentJson, renderWithApp } from '../../test/render';
import CabinetPage from './cabinet-page';
import { BASE, formBody, RUNTIME, serve, setUp, tearDown } from './test-fixtures';

const PATH = '/pjt/pjtdevicemtc';
const DEVICE = {
  id: 41,
  name: '滨江一号箱',
  no: 'MTC-41',
  registered: true,
  equipmentId: 'EQM41',
  areaName: '东区',
  groupName: null,
  parentName: null,
  modelName: 'mtchlsteth',
  lng: 119.5,
  lat: 32.17,
  activeState: 1,
  props: {},
};
const ALARM_CONFIG = {
  overCurrent: 5000,
  underCurrent: 100,
  overVoltage: 260,
  underVoltage: 190,
  leakage: 30,
  temperature: 70,
  phaseCurrentDiff: 3000,
  phaseVoltageDiff: 15,
  enabled: ['overCurrent', 'cableTheft'],
  sameEventInterval: 300,
  updatedAt: null,
  delivered: true,
};
const fedLamp = (id: number, circuit: number | null, activeState = 1) => ({
  id,
  name: `路灯${id}`,
  no: `LIGHTING-${id}`,
  type: 'lighting',
  equipmentId: null,
  activeState,
  registered: true,
  lastActiveAt: null,
  circuit,
});
const FED = [fedLamp(7, 3), fedLamp(8, 3, 0), fedLamp(9, null)];
const ok = { json: { ok: true, durationMs: 95, attempts: 1, result: null } };

function answers(call: { url: URL; method: string }) {
  const p = call.url.pathname;
  if (p === '/api/pjts/2/devices.do/one/41') return { json: DEVICE };
  if (p === `${BASE}/41/runtime`) return { json: RUNTIME };
  if (p === `${BASE}/41/fed`) return { json: FED };
  if (p === `${BASE}/41/events`)
    return {
      json: pageOf([
        eventSample(DEVICE, 'CABLE_THEFT', '2026-05-01T09:58:00Z', { level: 'alarm', detail: { circuit: 5 } }),
      ]),
    };
  if (p === `${BASE}/41/alarmconfig` && call.method === 'GET') return { json: ALARM_CONFIG };
  if (p === `${BASE}/41/firmware` && call.method === 'GET') return { json: null };
  if (p === `${BASE}/41/switch` || p === `${BASE}/41/multiswitch`) return ok;
  if (p === `${BASE}/41/reboot`)
    return { status: 409, json: { statusCode: 409, code: 'OFFLINE', message: '设备离线，命令未发送' } };
  return undefined;
}

screenTests(setUp, tearDown);

describe('one cabinet', () => {
  it('shows circuits, three phases, alarms and peripherals in words, and times in the system timezone', async () => {
    serve(PATH, answers);
    renderWithApp(<CabinetPage />, { path: `${PATH}?id=41` });
    expect((await screen.findByTestId('cabinet-name')).textContent).toBe('滨江一号箱');
    const grid = await screen.findByTestId('circuit-grid');
    expect(within(grid).getByTestId('circuit-3-actual').textContent).toBe('通电');
    expect(within(grid).getByTestId('circuit-4-actual').textContent).toBe('断电');
    expect(within(within(grid).getByTestId('circuit-5')).getByText('电缆被盗')).toBeTruthy();
    expect(within(within(grid).getByTestId('circuit-6')).getByText('未启用')).toBeTruthy();
    const phases = await screen.findByTestId('phase-panel');
    expect(phases.querySelector('[data-phase="A-voltage"]')?.textContent).toBe('221 V');
    expect(phases.querySelector('[data-phase="A-current"]')?.textContent).toBe('8.2 A');
    expect(phases.querySelector('[data-phase="B-power"]')?.textContent).toBe('1.7 kW');
    expect(phases.querySelector('[data-phase="C-voltage"]')?.textContent).toBe('—');
    const alarms = screen.getByTestId('alarm-statuses');
    expect(alarms.querySelector('[data-alarm="cableTheft"]')?.textContent).toBe('电缆防盗 · 告警');
    expect(within(screen.getByTestId('peripheral-readings')).getByText('12345.6 kWh')).toBeTruthy();
    // The power factor to two decimals (one would read 0.9).
    expect(screen.getByText('0.95')).toBeTruthy();
    expect(screen.getByTestId('cabinet-device-time').textContent).toBe('2026-05-01 18:00:05');
    expect(screen.getByTestId('runtime-at').textContent).toBe('上报时间：2026-05-01 18:00:00');
    const events = await screen.findByTestId('cabinet-events');
    expect(await within(events).findByText('电缆防盗告警')).toBeTruthy();
    expect(within(events).getByText('回路 5')).toBeTruthy();
    expect(within(events).getByText('2026-05-01 17:58:00')).toBeTruthy();
  }, 60_000);

  it('says which devices each circuit feeds, with their state and a link to their page', async () => {
    serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<CabinetPage />, { path: `${PATH}?id=41` });
    const grid = await screen.findByTestId('circuit-grid');
    const fed = await within(grid).findByTestId('circuit-3-fed');
    expect(fed.textContent).toBe('供电设备 2 台');
    expect(within(within(grid).getByTestId('circuit-1')).getByText('没有设备登记在此回路')).toBeTruthy();
    expect(screen.getByTestId('circuit-unsaid-fed').textContent).toBe('1 台设备登记由本集控箱供电但未注明回路');
    await user.click(fed);
    const list = await screen.findByTestId('fed-list');
    expect(within(list).getByRole('link', { name: '路灯7' }).getAttribute('href')).toBe('/pjt/pjtdevicelighting?id=7');
    expect(within(list).getByText('LIGHTING-8')).toBeTruthy();
    expect(within(list).getByText('正常')).toBeTruthy();
    expect(within(list).getByText('未知')).toBeTruthy();
  }, 60_000);

  it('says what switching a circuit off does before it sends, then sends one or several circuits', async () => {
    const { fetchMock } = serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<CabinetPage />, { path: `${PATH}?id=41` });
    await user.click(await screen.findByTestId('circuit-3-switch', {}, { timeout: 10_000 }));
    expect(await screen.findByText(/关闭回路 3 将熄灭该回路上的所有路灯。/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    // Plain values go form-encoded; the server's schema reads them as a number and a yes/no.
    await waitFor(() => expect(formBody(fetchMock, `${BASE}/41/switch`)).toEqual({ circuit: '3', on: 'false' }));
    expect((await screen.findByTestId('command-outcome')).textContent).toContain('回路开关');

    const grid = screen.getByTestId('circuit-grid');
    await user.click(within(within(grid).getByTestId('circuit-1')).getByRole('checkbox'));
    await user.click(within(within(grid).getByTestId('circuit-2')).getByRole('checkbox'));
    await user.click(screen.getByTestId('multi-off'));
    expect(await screen.findByText(/关闭回路 1、2 将熄灭该回路上的所有路灯。/)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await expectSentJson(fetchMock, `${BASE}/41/multiswitch`, {
      circuits: [
        { circuit: 1, on: false },
        { circuit: 2, on: false },
      ],
    });
  }, 60_000);

  it('shows why a command failed in the reader language', async () => {
    serve(PATH, answers);
    const user = userEvent.setup();
    renderWithApp(<CabinetPage />, { path: `${PATH}?id=41` });
    await user.click(await screen.findByTestId('command-reboot', {}, { timeout: 10_000 }));
    expect(await screen.findByText(/重启期间滨江一号箱离线约一分钟/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect((await screen.findByTestId('command-outcome')).textContent).toContain('设备离线，命令未发送');
  }, 60_000);

  it('shows a report of the cabinet at once, then reads its stored state again', async () => {
    let loads = 0;
    serve(PATH, (call) => {
      if (call.url.pathname === `${BASE}/41/runtime`) loads++;
      return answers(call);
    });
    renderWithApp(<CabinetPage />, { path: `${PATH}?id=41` });
    const grid = await screen.findByTestId('circuit-grid');
    const socket = FakeWebSocket.last!;
    act(() => socket.open());
    const before = loads;
    act(() =>
      socket.push({
        kind: 'telemetry',
        deviceId: 41,
        projectId: 2,
        type: 'mtc',
        values: {
          circuitsOn: 2,
          voltageA: 230,
          circuits: RUNTIME.circuits.map((c) =>
            c.no === 3 ? { ...c, setting: false, actual: false, active: false } : c,
          ),
          alarms: [],
        },
        at: '2026-05-01T10:00:10Z',
      }),
    );
    await waitFor(() => expect(within(grid).getByTestId('circuit-3-actual').textContent).toBe('断电'));
    expect((await screen.findByTestId('phase-panel')).querySelector('[data-phase="A-voltage"]')?.textContent).toBe(
      '230 V',
    );
    expect(screen.getByTestId('alarm-statuses').querySelector('[data-alarm="cableTheft"]')?.textContent).toBe(
      '电缆防盗',
    );
    await waitFor(() => expect(loads).toBeGreaterThan(before), { timeout: 5000 });
  }, 60_000);

  it('checks alarm thresholds with the contract ranges and rules before saving', async () => {
    const { calls } = serve(PATH, answers);
    const user = userEvent.setup();
    await openDeviceTab(user, <CabinetPage />, `${PATH}?id=41`, 'cabinet', '告警阈值');
    const form = await screen.findByTestId('cabinet-alarm-form');
    expect(within(form).getByText('过流阈值 (1000–9000 mA)')).toBeTruthy();
    const over = within(form).getByLabelText('过压阈值');
    await waitFor(() => expect((over as HTMLInputElement).value).toBe('260'));
    await user.clear(over);
    await user.type(over, '310');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(form.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/220.*300/));
    await user.clear(over);
    await user.type(over, '260');
    const under = within(form).getByLabelText('欠流阈值');
    await user.clear(under);
    await user.type(under, '1000');
    const overCurrent = within(form).getByLabelText('过流阈值');
    await user.clear(overCurrent);
    await user.type(overCurrent, '1000');
    await user.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('欠流阈值必须小于过流阈值')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 60_000);

  it('refuses a file that is not firmware before uploading', async () => {
    serve(PATH, answers);
    // A file dropped on the picker is not filtered by its accept list.
    const user = userEvent.setup({ applyAccept: false });
    await openDeviceTab(user, <CabinetPage />, `${PATH}?id=41`, 'cabinet', '固件升级');
    const input = (await screen.findByTestId('firmware-upload')).querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'.repeat(2048)], 'firmware.zip'));
    expect((await screen.findByTestId('firmware-problem')).textContent).toBe('固件文件必须是 .bin 文件');
  }, 60_000);
});
