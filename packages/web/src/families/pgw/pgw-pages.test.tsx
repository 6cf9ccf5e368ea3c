import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n/i18n';
import { eventSample, familyScreens } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import PjtDevicePgwListPage from './pgw-list-page';
import PjtDevicePgwPage from './pgw-page';

const GATEWAY = {
  id: 9,
  name: '北环路载波网关',
  no: 'PGW-01',
  equipmentId: 'EQ-PGW-1',
  activeState: 1,
  registered: true,
  lastActiveAt: '2026-05-01T08:00:00Z',
  wireNo: 'L3',
  zoneCode: 'TQ2051',
  lamps: 2,
  reachable: 1,
};
const DEVICE = {
  ...GATEWAY,
  type: 'pgw',
  modelName: 'plcgweth',
  areaName: null,
  groupName: null,
  lng: null,
  lat: null,
  description: '',
  props: { wireNo: 'L3', zoneCode: 'TQ2051' },
};
const lamp = (id: number, name: string, signal: number | null, lastContact: string | null) => ({
  id,
  name,
  no: `L-${id}`,
  type: 'lighting',
  equipmentId: `EQ-L${id}`,
  activeState: 1,
  registered: true,
  lastActiveAt: '2026-05-01T08:00:00Z',
  model: 'lcuplc',
  signal,
  lastContact,
});
const LAMPS = [lamp(21, '北环路灯一', 88, '2026-05-01T07:59:00Z'), lamp(22, '北环路灯二', 0, '2026-05-01T06:00:00Z')];
const BASE = '/api/pjts/2/iot/pgw';

const family = familyScreens({
  screen: '/pjt/pjtdevicepgwlist',
  base: BASE,
  list: [GATEWAY],
  device: DEVICE,
  events: {
    path: 'events',
    list: [
      eventSample(GATEWAY, 'CHILD_LOST', '2026-05-01T10:00:00Z', { level: 'warning', detail: { lamp: 'EQ-L22' } }),
    ],
  },
  more: (call, pathname) => {
    if (pathname === `${BASE}/9/lamps` && call.method === 'GET') return { json: LAMPS };
    if (pathname === `${BASE}/9/lamps/options`)
      return { json: [{ id: 23, name: '北环路灯三', no: 'L-23', equipmentId: 'EQ-L23' }] };
    if (pathname === `${BASE}/9/config` && call.method === 'GET')
      return { json: { relayLevels: 3, searchInterval: 30, carrierBand: 'narrow' } };
    return undefined;
  },
});

describe('power-line gateway list', () => {
  it('shows wire no, zone code, online state and the registered lamps', async () => {
    family.serve();
    renderWithApp(<PjtDevicePgwListPage />, { path: '/pjt/pjtdevicepgwlist' });
    const row = async () => (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('PGW-01'))!;
    await waitFor(async () => expect((await row()).textContent).toContain('TQ2051'));
    const text = (await row()).textContent!;
    expect(text).toContain('L3');
    expect(text).toContain('正常');
    expect(text).toContain('2 个（可达 1 个）');
  });
});

describe('power-line gateway page', () => {
  it('shows the lamps with their signal in words, unregisters one after a confirmation saying the consequence', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdevicepgw', (call) =>
      call.method === 'DELETE' ? { json: { changed: 1, delivered: true } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDevicePgwPage />, { path: '/pjt/pjtdevicepgw?id=9' });
    expect(await screen.findByTestId('pgw-name')).toHaveProperty('textContent', '北环路载波网关');
    const lamps = await screen.findByTestId('lamps-table');
    await waitFor(() => expect(within(lamps).getByText('北环路灯一')).toBeTruthy());
    const signals = within(lamps).getAllByTestId('signal');
    expect(signals.map((s) => s.getAttribute('data-level'))).toEqual(['excellent', 'lost']);
    expect(within(lamps).getByText('优')).toBeTruthy();
    // A lamp whose carrier signal is 0 but whose state is normal reads "no signal", not "lost contact"
    // beside "normal".
    const quiet = within(lamps).getByText('北环路灯二').closest('tr') as HTMLElement;
    expect(within(quiet).getByText('无信号')).toBeTruthy();
    expect(within(quiet).getByText('正常')).toBeTruthy();
    expect(quiet.textContent).not.toContain('失联');
    const events = await screen.findByTestId('events-table');
    await waitFor(() => expect(within(events).getByText('灯控器失联')).toBeTruthy());

    const row = within(lamps).getByText('北环路灯二').closest('tr')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: /注\s*销/ }));
    expect(await screen.findByText(/注销后，北环路灯二 不再经此网关通信，其数据和控制将中断/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = document.querySelector('.ant-modal-confirm') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: /注\s*销/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body?.get('childIds')).toBe('22'));
    expect(await screen.findByText('已注销 1 个灯控器')).toBeTruthy();
  });

  it("hands the gateway its lamps' policies and says what was sent, and when an offline one gets them", async () => {
    const { calls } = family.serve(5, '/pjt/pjtdevicepgw', (call) =>
      call.url.pathname.endsWith('/childpolicies')
        ? { json: { devices: 2, scheduled: 1, delivered: false } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDevicePgwPage />, { path: '/pjt/pjtdevicepgw?id=9' });
    const lamps = await screen.findByTestId('lamps-table');
    await waitFor(() => expect(within(lamps).getByText('北环路灯一')).toBeTruthy());
    await user.click(screen.getByTestId('send-child-policies'));
    expect(await screen.findByText('已把 2 个灯控器的策略下发到网关（其中 1 个有策略）')).toBeTruthy();
    expect(await screen.findByText('网关离线，上线后自动下发')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === `${BASE}/9/childpolicies`).map((c) => c.method)).toEqual(['POST']);
  });

  it('registers lamps chosen from the options, and checks the configuration ranges before saving', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdevicepgw', (call) =>
      call.method === 'POST' && call.url.pathname === `${BASE}/9/lamps`
        ? { json: { changed: 1, delivered: false } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDevicePgwPage />, { path: '/pjt/pjtdevicepgw?id=9' });
    await user.click(await screen.findByRole('button', { name: /注册灯控器/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/只列出本项目未挂在其他网关下的电力线灯控器/)).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('北环路灯三 (L-23)'));
    await user.click(within(dialog).getByRole('button', { name: /注册灯控器/ }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'POST' && c.url.pathname === `${BASE}/9/lamps`)?.body?.get('childIds'),
      ).toBe('23'),
    );

    const relay = await screen.findByRole('spinbutton', { name: '中继级数' });
    await user.clear(relay);
    await user.type(relay, '9');
    await user.click(screen.getByRole('button', { name: '保存配置' }));
    expect(await screen.findByText('允许的取值范围：1 - 7。')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("keeps comm args within their ranges, and states the gateway's firmware rule", async () => {
    const comm = {
      up: { heartbeat: 60, reportInterval: 60, timeout: 10, retries: 3 },
      down: { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, pollInterval: 30 },
      updatedAt: null,
      delivered: false,
    };
    const { calls } = family.serve(5, '/pjt/pjtdevicepgw', (call) => {
      if (call.url.pathname === `${BASE}/9/comm` && call.method === 'GET') return { json: comm };
      if (call.url.pathname === `${BASE}/9/comm` && call.method === 'PUT')
        return {
          json: { ...comm, up: { ...comm.up, heartbeat: 120 }, updatedAt: '2026-05-01T09:00:00Z', delivered: true },
        };
      if (call.url.pathname === `${BASE}/9/firmware` && call.method === 'GET') return { json: null };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<PjtDevicePgwPage />, { path: '/pjt/pjtdevicepgw?id=9' });
    const card = await screen.findByTestId('pgw-upkeep');
    await user.click(within(card).getByRole('tab', { name: '通信参数' }));
    const heartbeat = await within(card).findByRole('spinbutton', { name: '心跳间隔' });
    await user.clear(heartbeat);
    await user.type(heartbeat, '5');
    await user.click(within(card).getByRole('button', { name: /保\s*存/ }));
    expect(await within(card).findByText(/允许的取值范围：10 - 3600/)).toBeTruthy();
    await user.clear(heartbeat);
    await user.type(heartbeat, '120');
    await user.click(within(card).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已保存并下发到设备')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT' && c.url.pathname === `${BASE}/9/comm`)).toHaveLength(1);

    await user.click(within(card).getByRole('tab', { name: '固件升级' }));
    expect(await within(card).findByText(/\.bin 固件文件，1 KB 至 4 MB，文件头须带 PGWx\.x\.xx 版本号/)).toBeTruthy();
  });

  it('shows the runtime with the uptime in words of each language', async () => {
    const runtime = {
      deviceTime: '2026-05-01T08:00:30Z',
      clockOffsetSeconds: 30,
      uptimeSeconds: 3 * 86_400 + 4 * 3600 + 59,
      firmware: 'PGW1.2.07',
      lamps: 2,
      reachable: 1,
      relayLevels: 3,
      searchInterval: 30,
      carrierBand: 'narrow',
      readAt: '2026-05-01T08:00:00Z',
    };
    family.serve(5, '/pjt/pjtdevicepgw', (call) =>
      call.method === 'POST' && call.url.pathname === `${BASE}/9/runtime` ? { json: runtime } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDevicePgwPage />, { path: '/pjt/pjtdevicepgw?id=9' });
    await user.click(await screen.findByRole('button', { name: /读取运行数据/ }));
    const card = await screen.findByTestId('runtime');
    expect(card.textContent).toContain('3 天 4 小时');
    expect(card.textContent).not.toMatch(/\d h|min/);
    await changeLang('en_US');
    await waitFor(() => expect(screen.getByTestId('runtime').textContent).toContain('3 d 4 h'));
  });

  family.guardTests(<PjtDevicePgwPage />, '/pjt/pjtdevicepgw?id=9', {
    offline: { button: /读取运行数据/, message: '设备离线或通讯异常，请稍后重试' },
    readOnly: { ns: 'pgw', table: 'lamps-table', buttons: ['保存配置', /注册灯控器/, /重\s*启/] },
  });
});
