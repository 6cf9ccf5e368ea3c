import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DeviceListPage from '../../pages/biz/devicelist/device-list-page';
import { familyServer, familyTestSetup } from '../../test/family-page';
import { renderWithApp } from '../../test/render';

/** The shared device list's type-properties view with an environment monitor: its own fields as columns. */
const DEVICE = {
  type: 'envmonitor',
  typeName: '环境监测仪',
  id: 5,
  name: '监测仪一号',
  no: 'ENV-001',
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
const PATH = '/biz/devicelist';

const serve = familyServer({
  screen: PATH,
  base: '/api/biz/devices.do',
  list: [DEVICE],
  more: (_, pathname) =>
    pathname === '/api/bas/devicetypes.do'
      ? { json: [{ id: 1, name: '环境监测仪', no: 'envmonitor', icon: null }] }
      : undefined,
});

familyTestSetup();

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
