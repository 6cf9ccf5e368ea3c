import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceSample, eventSample, expectReading } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import { deviceScreens, listedRows } from '../kit/test-fixtures';
import { wifi } from '.';
import type { WifiAp } from './api';
import WifiPage from './wifi-page';

const WIFI = '/api/pjts/2/iot/wifi';
const ap = listedRows<WifiAp>('AP', {
  parentName: '东区 AC',
  ssid: 'City-Free',
  linkType: 'cascade',
  reportedAt: '2026-05-01T08:00:00Z',
  upload: 2.5,
  download: 12.25,
  cpu: 24,
  memory: 41,
  clients: 9,
  uptime: 3 * 86_400 + 4 * 3600,
});
const APS = [
  ap(51, '广场 AP', {}),
  ap(52, '公园 AP', {
    registered: false,
    activeState: 0,
    linkType: 'bypass',
    reportedAt: null,
    upload: null,
    download: null,
    clients: null,
    uptime: null,
  }),
];
const ONE = deviceSample(51, '广场 AP', 'AP', {
  type: 'wifi',
  modelName: 'wificomfastap',
  props: { ssid: 'City-Free', linkType: 'cascade' },
  parentId: 50,
  parentName: '东区 AC',
});
const REALDATA = {
  values: { clients: 2 },
  interfaces: [
    {
      name: 'eth0',
      kind: 'ethernet',
      band: null,
      up: true,
      speed: 1000,
      channel: null,
      ssid: null,
      rxBytes: 2048,
      txBytes: 4096,
    },
    {
      name: 'wlan1',
      kind: 'radio',
      band: '5g',
      up: false,
      speed: 867,
      channel: 149,
      ssid: 'City-Free',
      rxBytes: 0,
      txBytes: 0,
    },
  ],
  clients: [
    { mac: '02:AA:BB:CC:00:01', band: '2g', signal: -61, rate: 72, onlineSeconds: 5400 },
    { mac: '02:AA:BB:CC:00:02', band: '2g', signal: -48, rate: 144, onlineSeconds: 120 },
  ],
  blacklist: ['02:AA:BB:CC:00:09'],
};
const LOG = eventSample(ONE, 'CLIENT_JOIN', '2026-05-01T07:30:00Z', {
  id: 7,
  eventType: 'info',
  level: 'info',
  detail: { mac: '02:AA:BB:CC:00:01', band: '2g' },
});

const family = deviceScreens(wifi, {
  list: APS,
  device: ONE,
  latest: {
    id: 51,
    at: '2026-05-01T08:00:00Z',
    values: { upload: 2.5, download: 12.25, cpu: 24, memory: 41, clients: 9, uptime: 90_000 },
  },
  events: { path: 'logs', list: [LOG, { ...LOG, id: 6, code: 'RADIO_OFF', detail: { band: '5g' } }] },
  more: (_call, pathname) => {
    if (pathname === `${WIFI}/51/realdata`)
      return { json: { command: 'realdata', ok: true, result: REALDATA, durationMs: 80, attempts: 1 } };
    if (pathname === `${WIFI}/51/control`)
      return { json: { command: 'control', ok: true, result: { ok: true }, durationMs: 60, attempts: 1 } };
    return undefined;
  },
});

family.listTests('WiFi list', { register: '公园 AP', hidden: '广场 AP' }, () => {
  it('shows traffic, load, clients, online time and link type in words, and follows reports', async () => {
    const { row } = await family.openList('广场 AP');
    expect(within(row).getByTestId('wifi-traffic').textContent).toBe('↑ 2.5 / ↓ 12.3');
    expect(within(row).getByTestId('wifi-clients').textContent).toBe('9');
    expect(row.querySelector('[data-link-type="cascade"]')?.textContent).toBe('级联');
    expect(row.textContent).toContain('3 天 4 小时');
    expect((await family.rowWith('公园 AP')).querySelector('[data-link-type]')?.textContent).toBe('旁路');
    expect(screen.getByRole('columnheader', { name: '终端数' })).toBeTruthy();
    expect(row.textContent).toContain('24%');
    // Extras wait in the column setting so the table fits 1366 px.
    expect(screen.queryByRole('columnheader', { name: '所属 AC' })).toBeNull();
    family.pushReport(
      51,
      'wifi',
      { upload: 1, download: 4, cpu: 12, memory: 40, clients: 21, uptime: 60 },
      '2026-05-01T20:15:00Z',
    );
    await waitFor(async () =>
      expect(within(await family.rowWith('广场 AP')).getByTestId('wifi-clients').textContent).toBe('21'),
    );
  });
});

describe('WiFi page', () => {
  family.pageTest(
    'shows the runtime, connected devices, interfaces and the log in words, and blacklists a client',
    async ({ calls, user }) => {
      await expectReading('wifi-runtime', 'clients', '终端数9');
      expect(screen.getByTestId('wifi-uptime').textContent).toBe('在线时长: 1 天 1 小时');
      const clients = await screen.findByTestId('wifi-clients-card');
      const row = await within(clients).findByText('02:AA:BB:CC:00:01', undefined, { timeout: 20_000 });
      expect(row.closest('tr')!.textContent).toContain('-61');
      expect(row.closest('tr')!.textContent).toContain('2.4 GHz');
      expect(row.closest('tr')!.textContent).toContain('1 小时 30 分钟');
      const interfaces = screen.getByTestId('wifi-interfaces');
      expect(interfaces.querySelector('[data-radio="5g"]')?.textContent).toBe('已关闭');
      expect(interfaces.textContent).toContain('5 GHz');
      expect(interfaces.textContent).toContain('无线');
      expect(screen.getByTestId('wifi-blacklist').textContent).toContain('02:AA:BB:CC:00:09');
      const logs = screen.getByTestId('wifi-logs');
      await waitFor(() => expect(logs.textContent).toContain('终端接入'));
      expect(logs.textContent).toContain('射频关闭');
      expect(logs.textContent).not.toContain('CLIENT_JOIN');
      await user.click(within(row.closest('tr')!).getByRole('button', { name: /加入黑名单/ }));
      await waitFor(() =>
        expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/51/control'))).toBe(true),
      );
      const post = calls.find((c) => c.url.pathname.endsWith('/51/control'))!;
      expect(post.body?.get('action')).toBe('blacklistAdd');
      expect(post.body?.get('mac')).toBe('02:AA:BB:CC:00:01');
      expect(await screen.findByText('加入黑名单已下发到设备', undefined, { timeout: 10_000 })).toBeTruthy();
    },
  );

  it.each([
    ['zh_CN', '终端 MAC', '请输入有效的 MAC 地址（如 00:1A:2B:3C:4D:5E）', '加入黑名单'],
    ['en_US', 'Client MAC', 'A valid MAC address is required (e.g. 00:1A:2B:3C:4D:5E)', 'Add to blacklist'],
  ] as const)(
    'checks the MAC with the contract’s rule before sending (%s)',
    async (lang, label, rule, add) => {
      const { calls, user, card: control } = await family.openCard('wifi-control', lang);
      const mac = within(control).getByLabelText(label);
      await user.type(mac, '00:1A:2B:3C:4D');
      await user.click(within(control).getByTestId('wifi-blacklist-add'));
      expect(await within(control).findByText(rule)).toBeTruthy();
      expect(calls.some((c) => c.url.pathname.endsWith('/control'))).toBe(false);
      await user.clear(mac);
      await user.type(mac, 'aa-bb-cc-dd-ee-0f');
      await user.click(within(control).getByTestId('wifi-blacklist-add'));
      await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/control'))).toBe(true));
      const post = calls.find((c) => c.url.pathname.endsWith('/control'))!;
      expect(post.body?.get('mac')).toBe('AA:BB:CC:DD:EE:0F');
      expect(post.body?.get('action')).toBe('blacklistAdd');
      expect(within(control).getByTestId('wifi-blacklist-add').textContent).toContain(add);
    },
    120_000,
  );

  it('says so when the AP is not in the project', async () => {
    family.serve();
    renderWithApp(<WifiPage />, { path: '/pjt/pjtdevicewifi?id=99' });
    expect(await screen.findByText('WiFi 设备不存在或不在当前项目中')).toBeTruthy();
  });
});
