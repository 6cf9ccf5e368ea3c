import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang } from '../../i18n/i18n';
import DeviceListPage from '../../pages/biz/devicelist/device-list-page';
import { frameAnswers, TREE } from '../../pages/man/projectlist/test-fixtures';
import { guardRawText } from '../../test/raw-guard';
import { type Call, mockFetch, renderWithApp } from '../../test/render';

/** The shared device list's type-properties view with an environment monitor: its own fields as columns. */
const PATH = '/biz/devicelist';
const DEVICE = {
  id: 5,
  name: '监测仪一号',
  no: 'ENV-001',
  type: 'envmonitor',
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
      return { json: [{ id: 1, name: '环境监测仪', no: 'envmonitor', icon: null }] };
    if (pathname === '/api/biz/devices.do/pages') return { json: { list: [DEVICE], total: 1, page: 1, pageSize: 25 } };
    return extra(call);
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

guardRawText();

describe('DeviceList with environment monitors', () => {
  it('lists the family fields in the type-properties view', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<DeviceListPage />, { path: PATH });
    await screen.findByText('监测仪一号');
    await user.click(screen.getByText('类型属性'));
    await user.click(screen.getByLabelText('选择设备类型'));
    await user.click(await screen.findByTitle('环境监测仪'));
    expect((await screen.findAllByText('采集间隔')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('60 s')).length).toBeGreaterThan(0);
    const last = calls.filter((c) => c.url.pathname === '/api/biz/devices.do/pages').at(-1)!;
    expect(last.url.searchParams.get('type')).toBe('envmonitor');
  });
});
