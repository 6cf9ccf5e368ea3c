import { FAMILY_MANIFESTS, type SessionUser } from '@sc/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { clearSession, setSession } from '../../../session/store';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import DeviceEditPage from './device-edit-page';
import { draftKey } from './device-form';

/** The coordinate step opens where the device goes: its group, else its area, else its project. */
const PATH = '/biz/deviceedit';
const TYPE = FAMILY_MANIFESTS[0]!.type;
const place = (id: number, name: string, lng: number | null, lat: number | null) => ({
  id,
  name,
  no: `P${id}`,
  projectId: 2,
  projectName: '子项目乙',
  description: '',
  lng,
  lat,
  areaId: 5,
  areaName: '东区',
  deviceCount: 0,
  groupCount: 1,
  createdAt: '',
});

let views: URLSearchParams[] = [];

function serve() {
  views = [];
  return mockFetch((call: Call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/bas/devicetypes.do') return { json: [] };
    if (pathname === '/api/bas/devicemodels.do') return { json: [] };
    if (pathname === '/api/biz/deviceareas.do') return { json: [place(5, '东区', 119.6, 32.2)] };
    if (pathname === '/api/biz/devicegroups.do')
      return { json: [place(7, '东门路灯', 119.61, 32.21), place(8, '无坐标组', null, null)] };
    if (pathname === '/api/biz/devices.do') return { json: [] };
    if (pathname === '/api/map/view.do') {
      views.push(call.url.searchParams);
      return {
        json: {
          types: [TYPE],
          points: [
            [11, 32.2101, 119.6101, 0, 1],
            [12, 32.2102, 119.6102, 0, 1],
            [13, 32.2103, 119.6103, 0, 0],
          ],
          clusters: [[32.209, 119.609, 5, 0, 1, 4]],
        },
      };
    }
    return undefined;
  });
}

function seedDraft(values: Record<string, unknown>) {
  sessionStorage.setItem(
    draftKey('biz', undefined),
    JSON.stringify({ values: { name: 'D', no: 'D-1', type: TYPE, projectId: 2, props: {}, ...values }, step: 2 }),
  );
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession({ userId: 1, userName: 'admin', projectId: 1, projectName: '根项目甲', userToken: 't' } as SessionUser);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the wizard coordinate step', () => {
  it('opens around the chosen group', async () => {
    serve();
    seedDraft({ areaId: 5, groupId: 7 });
    renderWithApp(<DeviceEditPage />, { path: PATH });
    expect((await screen.findByTestId('coordinate-around')).textContent).toBe('地图已定位到「东门路灯」附近');
  });

  it('opens around the area when the group has no coordinate', async () => {
    serve();
    seedDraft({ areaId: 5, groupId: 8 });
    renderWithApp(<DeviceEditPage />, { path: PATH });
    expect((await screen.findByTestId('coordinate-around')).textContent).toBe('地图已定位到「东区」附近');
  });

  it('opens around the project without area and group', async () => {
    serve();
    seedDraft({});
    renderWithApp(<DeviceEditPage />, { path: PATH });
    expect((await screen.findByTestId('coordinate-around')).textContent).toBe('地图已定位到「子项目乙」附近');
  });

  it("shows without tiles the coordinate under the pointer, the place ringed and the project's placed devices", async () => {
    serve();
    seedDraft({ areaId: 5, groupId: 7 });
    renderWithApp(<DeviceEditPage />, { path: PATH });
    expect((await screen.findByTestId('coordinate-nearby')).textContent).toBe('圆点：本项目已放置的设备，视野内 8 台');
    expect(views[0]?.get('projectId')).toBe('2');
    expect(screen.getByTestId('coordinate-readout').textContent).toBe('经度 119.610000 · 纬度 32.210000');
    expect(screen.getByText('东门路灯', { selector: '.leaflet-tooltip' })).toBeTruthy();
  });
});
