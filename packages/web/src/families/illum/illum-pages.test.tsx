import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventSample, familyScreens, pageOf } from '../../test/family-page';
import { renderWithApp } from '../../test/render';
import PjtDeviceIllumGroupPage from './illum-group-page';
import PjtDeviceIllumListPage from './illum-list-page';
import PjtDeviceIllumPage from './illum-page';

const SENSOR = {
  id: 7,
  name: '东门照度',
  no: 'IL-01',
  equipmentId: 'EQ-IL-1',
  activeState: 1,
  registered: true,
  lastActiveAt: '2026-05-01T08:00:00Z',
  parentId: 3,
  parentName: '一号网关',
  threshold: 8,
  peripheralIndex: 2,
  enabled: true,
  illuminance: 3.25,
  at: '2026-05-01T08:00:00Z',
};
const DEVICE = {
  ...SENSOR,
  type: 'illumination',
  modelName: 'illumrs485',
  areaName: null,
  groupName: null,
  lng: 118.8,
  lat: 32.1,
  description: '',
  props: { threshold: 8, peripheralIndex: 2, enabled: true },
};
const LAMP = {
  id: 21,
  name: '单灯一',
  no: 'L-01',
  type: 'lighting',
  equipmentId: 'L1',
  activeState: 1,
  registered: true,
  lastActiveAt: null,
  groupId: 5,
  groupName: '东门照度组',
};
const GROUP = {
  id: 5,
  name: '东门照度组',
  no: 'IG-01',
  projectId: 2,
  projectName: '子项目乙',
  description: '',
  gateway: { id: 3, name: '一号网关', no: 'GW-01' },
  sensor: { id: 7, name: '东门照度', no: 'IL-01' },
  lamps: [{ id: 21, name: '单灯一', no: 'L-01' }],
  createdAt: '2026-05-01T08:00:00Z',
};
const OPTIONS = {
  gateways: [
    { id: 3, name: '一号网关', no: 'GW-01', parentId: null },
    { id: 4, name: '二号网关', no: 'GW-02', parentId: null },
  ],
  sensors: [{ id: 7, name: '东门照度', no: 'IL-01', parentId: 3 }],
  lamps: [
    { id: 21, name: '单灯一', no: 'L-01', parentId: 3 },
    { id: 22, name: '单灯二', no: 'L-02', parentId: 3 },
    { id: 23, name: '单灯三', no: 'L-03', parentId: 4 },
  ],
};
const BASE = '/api/pjts/2/iot/illum';

const family = familyScreens({
  screen: '/pjt/pjtdeviceillumlist',
  base: BASE,
  list: [SENSOR],
  device: DEVICE,
  events: {
    path: 'events',
    list: [
      eventSample(SENSOR, 'BELOW_THRESHOLD', '2026-05-01T10:00:00Z', { level: 'info', detail: { illuminance: 7.9 } }),
    ],
  },
  more: (call, pathname) => {
    if (pathname === `${BASE}/7/config` && call.method === 'GET')
      return { json: { threshold: 8, peripheralIndex: 2, enabled: true } };
    if (pathname === `${BASE}/7/lamps`) return { json: [LAMP] };
    if (pathname === `${BASE}/7/reports.do/series`)
      return {
        json: { resolution: 'raw', bucketSeconds: 300, points: [{ at: '2026-05-01T08:00:00Z', illuminance: 3.25 }] },
      };
    if (pathname === `${BASE}/groups/pages`) return { json: pageOf([GROUP]) };
    if (pathname === `${BASE}/groups/options`) return { json: OPTIONS };
    return undefined;
  },
});

describe('illumination sensor list', () => {
  it('shows the current value and threshold in KLux, and disables a sensor after confirmation', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdeviceillumlist', (call) =>
      call.method === 'PUT'
        ? { json: { threshold: 8, peripheralIndex: 2, enabled: false, delivered: true } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceIllumListPage />, { path: '/pjt/pjtdeviceillumlist' });
    const row = async () => (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('IL-01'))!;
    await waitFor(async () => expect((await row()).textContent).toContain('3.25 KLux'));
    const text = (await row()).textContent!;
    expect(text).toContain('8 KLux');
    expect(text).toContain('一号网关');
    expect(text).toContain('已启用');
    await user.click(within(await row()).getByRole('button', { name: '停用' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body?.get('enabled')).toBe('false'));
    expect(calls.find((c) => c.method === 'PUT')!.url.pathname).toBe(`${BASE}/7/inuse`);
    await waitFor(async () => expect((await row()).textContent).toContain('已停用'));
  });
});

describe('illumination sensor page', () => {
  it('shows the parent gateway, lamps and events in words, and checks the threshold before saving', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdeviceillum', (call) =>
      call.method === 'PUT' && call.url.pathname === `${BASE}/7/config`
        ? { json: { threshold: 12.5, peripheralIndex: 2, enabled: true, delivered: false } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceIllumPage />, { path: '/pjt/pjtdeviceillum?id=7' });
    expect(await screen.findByTestId('illum-name')).toHaveProperty('textContent', '东门照度');
    expect(await screen.findByRole('link', { name: '一号网关' })).toBeTruthy();
    const lamps = await screen.findByTestId('lamps-table');
    await waitFor(() => expect(within(lamps).getByText('单灯一')).toBeTruthy());
    expect(within(lamps).getByText('东门照度组')).toBeTruthy();
    const events = await screen.findByTestId('events-table');
    await waitFor(() => expect(within(events).getByText('照度低于阈值')).toBeTruthy());

    const threshold = await screen.findByRole('spinbutton', { name: '照度阈值' });
    await user.clear(threshold);
    await user.type(threshold, '300');
    await user.click(screen.getByRole('button', { name: '保存配置' }));
    expect(await screen.findByText('允许的取值范围：0 - 200。')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(threshold);
    await user.type(threshold, '12.5');
    await user.click(screen.getByRole('button', { name: '保存配置' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body?.get('threshold')).toBe('12.5'));
  });

  family.guardTests(<PjtDeviceIllumPage />, '/pjt/pjtdeviceillum?id=7', {
    offline: { button: /读取当前照度/, message: '设备离线或通信异常，请稍后重试' },
    readOnly: { ns: 'illum', table: 'lamps-table', buttons: ['保存配置', /读取当前照度/] },
  });
});

describe('illumination groups', () => {
  it('lists groups with their gateway and sensor, and checks the contract rules before creating one', async () => {
    const { calls } = family.serve(5, '/pjt/pjtdeviceillumgroup', (call) =>
      call.method === 'POST' ? { json: { ...GROUP, id: 6 } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceIllumGroupPage />, { path: '/pjt/pjtdeviceillumgroup' });
    const row = async () => (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('IG-01'))!;
    await waitFor(async () => expect((await row()).textContent).toContain('东门照度'));
    expect((await row()).textContent).toContain('一号网关');

    await user.click(await screen.findByRole('button', { name: /新\s*建|新增|创建/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // antd may briefly render an explanation twice while its motion swaps them, hence findAll.
    expect((await within(dialog).findAllByText('请选择网关')).length).toBeGreaterThan(0);
    expect((await within(dialog).findAllByText('请选择照度传感器')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("offers only the lamp controllers behind the group's gateway", async () => {
    family.serve(5, '/pjt/pjtdeviceillumgroup');
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceIllumGroupPage />, { path: '/pjt/pjtdeviceillumgroup' });
    await user.click(await screen.findByRole('button', { name: /新\s*建|新增|创建/ }));
    const dialog = await screen.findByRole('dialog');
    const itemOf = (label: string) => within(dialog).getByText(label).closest('.ant-form-item') as HTMLElement;
    // No gateway yet: the lamp picker says to choose it first.
    expect(within(itemOf('下属灯控器')).getByText('请先选择网关，再选它下面的灯控器')).toBeTruthy();
    await user.click(within(itemOf('网关')).getByRole('combobox'));
    await user.click(await screen.findByText('二号网关 (GW-02)'));
    await user.click(within(itemOf('下属灯控器')).getByRole('combobox'));
    const options = () =>
      [...document.querySelectorAll('.ant-select-item-option')]
        .map((o) => o.textContent ?? '')
        .filter((text) => text.startsWith('单灯'));
    await waitFor(() => expect(options()).toEqual(['单灯三 (L-03)']));
  });
});
