import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { TYPE_A, TYPE_B } from '../../../test/family-samples';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import DeviceListPage from './device-list-page';
import { buildDeviceQuery } from './device-query';

const PATH = '/biz/devicelist';
const DEVICE = {
  id: 5,
  name: '监测仪一号',
  no: 'ENV-001',
  type: TYPE_A,
  typeName: '环境监测仪',
  modelName: 'ENVRS485',
  projectId: 2,
  projectName: '子项目乙',
  activeState: -1,
  registered: false,
  lng: 119.5,
  lat: 32.1,
  equipmentId: 'EQ1',
  ip: '',
  props: { pickInterval: 60, public: true },
};

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/bas/devicetypes.do')
      return { json: [{ id: 1, name: '环境监测仪', no: TYPE_A, icon: null }] };
    if (pathname === '/api/biz/devices.do/pages') return { json: { list: [DEVICE], total: 1, page: 1, pageSize: 25 } };
    return extra(call);
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('buildDeviceQuery', () => {
  it('sends only the filters that are set', () => {
    expect(
      buildDeviceQuery({ type: TYPE_B, activeState: 0, areaId: undefined }, { page: 2, pageSize: 25, keyword: '' }),
    ).toEqual({ page: 2, pageSize: 25, type: TYPE_B, activeState: 0 });
  });
});

describe('DeviceList', () => {
  it('filters and searches through the page query; state tags are coloured', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<DeviceListPage />, { path: PATH });
    const row = await screen.findByText('监测仪一号');
    const tag = within(row.closest('tr') as HTMLElement).getByText('异常');
    expect(tag.className).toContain('red');

    await user.click(screen.getByLabelText('状态'));
    await user.click(await screen.findByTitle('正常'));
    await user.type(screen.getByLabelText('搜索'), 'ENV 192.168.1.2{Enter}');
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname === '/api/biz/devices.do/pages').at(-1)!;
      expect(last.url.searchParams.get('activeState')).toBe('1');
      expect(last.url.searchParams.get('keyword')).toBe('ENV 192.168.1.2');
    });
  });

  it('forces the active state after a confirmation warning about the field', async () => {
    const { calls } = serve((call) => (call.method === 'PUT' ? { json: { ok: true } } : undefined));
    const user = userEvent.setup();
    renderWithApp(<DeviceListPage />, { path: PATH });
    const row = (await screen.findByText('监测仪一号')).closest('tr') as HTMLElement;
    // Four actions: edit in sight, the others under "More" (issue 13).
    await user.click(within(row).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByRole('menuitem', { name: /强制激活/ }));
    expect(await screen.findByText(/可能与现场设备的真实状态不符/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/biz/devices.do/5/active');
    expect(put.body?.get('activeState')).toBe('1');
  });
});
