import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import AuthModulePage from './auth-module-page';

const PATH = '/bas/authmodule';
const AVAILABLE = [
  { code: 'system', name: '系统管理' },
  { code: 'map', name: '电子地图' },
  { code: 'env', name: '环境监测' },
];

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const match = /^\/api\/bas\/authmodules\.do\/projects\/(\d+)$/.exec(call.url.pathname);
    if (call.url.pathname === '/api/projects.do/trees') return { json: TREE };
    if (match) return { json: { projectId: Number(match[1]), modules: ['system', 'map'], available: AVAILABLE } };
    return extra(call);
  });
}

async function pickProject(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(await screen.findByTestId('auth-module-page')).getByRole('combobox'));
  // The node in the dropdown (the selected project's title is also on the select itself).
  const titled = await screen.findAllByTitle(name);
  await user.click(titled.find((el) => el.closest('.ant-select-dropdown')) ?? titled[0]!);
}

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('AuthModulePage', () => {
  it("opens on the root's first child project, not on an empty page", async () => {
    const { calls } = serve();
    renderWithApp(<AuthModulePage />, { path: PATH });
    expect(await screen.findByLabelText(/电子地图/)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/bas/authmodules.do/projects/2')).toBe(true);
    expect(screen.queryByText('请先选择一个项目')).toBeNull();
    // Modules by their names only, never their codes.
    expect(document.body.textContent).not.toMatch(/\((system|map|env)\)/);
  });

  it('saves the checked modules as comma-separated codes', async () => {
    const { calls } = serve((call) => (call.method === 'POST' ? { json: { ok: true } } : undefined));
    const user = userEvent.setup();
    renderWithApp(<AuthModulePage />, { path: PATH });
    await pickProject(user, '子项目乙');
    expect(((await screen.findByLabelText(/电子地图/)) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText(/环境监测/));
    await user.click(screen.getByLabelText(/电子地图/));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(Object.fromEntries(post.body!)).toEqual({ projectId: '2', modules: 'system,env' });
  });

  it('does not let the root project be changed', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AuthModulePage />, { path: PATH });
    await pickProject(user, '根项目甲');
    expect(await screen.findByText('根项目拥有全部模块，不能修改')).toBeTruthy();
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
