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

function serve() {
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
});
