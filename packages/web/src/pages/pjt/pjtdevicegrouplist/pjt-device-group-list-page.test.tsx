import type { SessionUser } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { clearSession, setSession } from '../../../session/store';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { AREAS, GROUPS } from '../../biz/devicegrouplist/test-fixtures';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import PjtDeviceAreaListPage from '../pjtdevicearealist/pjt-device-area-list-page';
import PjtDeviceGroupListPage from './pjt-device-group-list-page';

const PATH = '/pjt/pjtdevicegrouplist';
const USER = {
  userId: 4,
  userName: 'inspector',
  realName: '巡检员',
  projectId: 2,
  projectName: '子项目乙',
  userToken: 'tok',
} as SessionUser;

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined, path = PATH) {
  return mockFetch((call) => {
    const frame = frameAnswers(path, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (/^\/api\/pjts\/\d+\/deviceareas\.do$/.test(pathname)) return { json: AREAS };
    if (/^\/api\/pjts\/\d+\/deviceareas\.do\/pages$/.test(pathname)) {
      return { json: { list: AREAS, total: 1, page: 1, pageSize: 25 } };
    }
    if (/^\/api\/pjts\/\d+\/devicegroups\.do\/pages$/.test(pathname)) {
      return { json: { list: GROUPS, total: 2, page: 1, pageSize: 25 } };
    }
    return extra(call);
  });
}
const rowOf = (no: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(no));

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession(USER);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('project-scoped areas and groups', () => {
  it("lists the signed-in user's project on /api/pjts/{id} without a project column, and forces active there", async () => {
    const { calls } = serve((call) => (call.method === 'PUT' ? { json: GROUPS[0] } : undefined));
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceGroupListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('G-01')).toBeTruthy());
    expect(calls.some((c) => c.url.pathname === '/api/pjts/2/devicegroups.do/pages')).toBe(true);
    expect(calls.some((c) => c.url.pathname.startsWith('/api/biz/'))).toBe(false);
    expect(screen.queryByRole('columnheader', { name: '所属项目' })).toBeNull();
    expect(within(screen.getByTestId('project-switcher')).getByText('当前项目')).toBeTruthy();

    await user.click(within(rowOf('G-01')!).getByRole('button', { name: /强制激活/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.url.pathname).toBe('/api/pjts/2/devicegroups.do/5/active');
  });

  it('switches the current project from the selector and keeps it for the tab', async () => {
    const { calls } = serve(
      (call) => (call.method === 'POST' ? { json: { id: 9 } } : undefined),
      '/pjt/pjtdevicearealist',
    );
    const user = userEvent.setup();
    renderWithApp(<PjtDeviceAreaListPage />, { path: '/pjt/pjtdevicearealist' });
    await waitFor(() => expect(rowOf('A-01')).toBeTruthy());
    expect(calls.some((c) => c.url.pathname === '/api/pjts/2/deviceareas.do/pages')).toBe(true);

    await user.click(within(screen.getByTestId('project-switcher')).getByRole('combobox'));
    await user.click(await screen.findByTitle('根项目甲'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/pjts/1/deviceareas.do/pages')).toBe(true));
    expect(JSON.parse(sessionStorage.getItem('sc.project')!)).toMatchObject({ id: 1, name: '根项目甲', userId: 4 });

    // Creating posts to the chosen project's path, without a project field.
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('所属项目')).toBeNull();
    await user.type(within(dialog).getByLabelText('区域名称'), '北区');
    await user.type(within(dialog).getByLabelText('区域编号'), 'A-09');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/pjts/1/deviceareas.do');
    expect(Object.fromEntries(post.body!)).toMatchObject({ name: '北区', no: 'A-09' });
  });
});
