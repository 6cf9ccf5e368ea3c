import type { SessionUser } from '@sc/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../api/report';
import { changeLang } from '../i18n/i18n';
import { frameAnswers, TREE } from '../pages/man/projectlist/test-fixtures';
import { clearSession, setSession } from '../session/store';
import { type Call, mockFetch, renderWithApp } from '../test/render';
import { ProjectScoped } from './project-scoped';

const ROOT_ADMIN = {
  userId: 1,
  userName: 'admin',
  realName: '管理员',
  projectId: 1,
  projectName: '根项目',
  userToken: 'tok',
} as SessionUser;

const page = (list: unknown[]) => ({ json: { list, total: list.length, page: 1, pageSize: 5 } });

function serve(devicesOf: (pathname: string) => unknown[]) {
  return mockFetch((call: Call) => {
    const frame = frameAnswers('/pjt/pjtdevicelist', 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname.endsWith('/devices.do/pages')) return page(devicesOf(pathname));
    return undefined;
  });
}

const Screen = () => <ProjectScoped>{(id) => <p>screen of project {id}</p>}</ProjectScoped>;

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
  setSession(ROOT_ADMIN);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the project an operator lands in', () => {
  it('opens on the project holding devices when the own (root) project holds none, and remembers it', async () => {
    serve((pathname) =>
      pathname === '/api/biz/devices.do/pages' ? [{ id: 9, projectId: 2, projectName: '子项目乙' }] : [],
    );
    renderWithApp(<Screen />, { path: '/pjt/pjtdevicelist' });
    expect(await screen.findByText('screen of project 2')).toBeTruthy();
    expect(screen.queryByText('screen of project 1')).toBeNull();
    expect(JSON.parse(localStorage.getItem('sc.project.last') ?? '{}')).toMatchObject({ id: 2, userId: 1 });
  });

  it('stays on the own project when it holds devices', async () => {
    const { calls } = serve((pathname) => (pathname === '/api/pjts/1/devices.do/pages' ? [{ id: 1 }] : []));
    renderWithApp(<Screen />, { path: '/pjt/pjtdevicelist' });
    expect(await screen.findByText('screen of project 1')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/biz/'))).toBe(false);
  });

  it('opens on the last chosen project in a new tab, without looking for devices', async () => {
    localStorage.setItem('sc.project.last', JSON.stringify({ id: 2, name: '子项目甲', userId: 1 }));
    const { calls } = serve(() => []);
    renderWithApp(<Screen />, { path: '/pjt/pjtdevicelist' });
    expect(await screen.findByText('screen of project 2')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/devices.do/pages'))).toBe(false);
  });
});
