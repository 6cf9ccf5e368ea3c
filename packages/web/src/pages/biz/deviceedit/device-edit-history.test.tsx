import { FAMILY_MANIFESTS, type SessionUser } from '@sc/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { clearSession, setSession } from '../../../session/store';
import { getCurrentProject } from '../../../session/use-current-project';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import DeviceEditPage from './device-edit-page';

const PATH = '/biz/deviceedit';
const DEVICE = {
  id: 42,
  name: '东门路灯3',
  no: 'L-3',
  type: FAMILY_MANIFESTS[0]!.type,
  typeName: '',
  modelId: null,
  modelName: null,
  modelNo: null,
  factoryId: null,
  projectId: 2,
  projectName: '子项目乙',
  areaId: null,
  groupId: null,
  parentId: null,
  description: '',
  lng: null,
  lat: null,
  props: {},
};

function serve(historyLevel: number) {
  return mockFetch((call: Call) => {
    const { pathname } = call.url;
    if (pathname === '/api/menus.do')
      return {
        json: [
          { key: 'x', path: PATH, icon: '', name: 'x', level: 5 },
          { key: 'h', path: '/pjt/pjtdevicemaintenancehistory', icon: '', name: 'h', level: historyLevel },
        ],
      };
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/biz/devices.do/42') return { json: DEVICE };
    if (pathname.startsWith('/api/b')) return { json: [] };
    return undefined;
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession({ userId: 1, userName: 'admin', projectId: 1, projectName: '根项目甲', userToken: 't' } as SessionUser);
});
afterEach(() => {
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the registry's device editor", () => {
  it("links to the device's maintenance history, opened in the device's project", async () => {
    serve(1);
    renderWithApp(<DeviceEditPage />, { path: `${PATH}?id=42` });
    const link = await screen.findByTestId('maintenance-history-link');
    expect(link.getAttribute('href')).toBe('/pjt/pjtdevicemaintenancehistory?deviceId=42');
    await userEvent.setup().click(link);
    await waitFor(() => expect(getCurrentProject()).toEqual({ id: 2, name: '子项目乙' }));
  });

  it('shows no history link to whom may not read it', async () => {
    serve(0);
    renderWithApp(<DeviceEditPage />, { path: `${PATH}?id=42` });
    await screen.findByTestId('device-wizard');
    await waitFor(() => expect(screen.getByTestId('device-wizard').textContent).toContain('东门路灯3'));
    expect(screen.queryByTestId('maintenance-history-link')).toBeNull();
  });
});
