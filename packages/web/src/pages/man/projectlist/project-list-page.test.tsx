import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import ProjectListPage from './project-list-page';
import { frameAnswers, PROJECTS, TREE } from './test-fixtures';

const PATH = '/man/projectlist';
let toast: ReturnType<typeof vi.fn<(text: string) => void>>;

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/projects.do/pages') return { json: { list: PROJECTS, total: 2, page: 1, pageSize: 25 } };
    if (pathname === '/api/projects.do/1/childrenprojects') return { json: [PROJECTS[1]] };
    return extra(call);
  });
}

beforeEach(async () => {
  await changeLang('zh_CN');
  toast = vi.fn<(text: string) => void>();
  setErrorSinks({ toast, toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('ProjectListPage', () => {
  it('lists the paged projects, and a tree node filters to its children', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderWithApp(<ProjectListPage />, { path: PATH });
    const table = (await screen.findByRole('table')) as HTMLElement;
    await waitFor(() => expect(within(table).getAllByText('子项目乙').length).toBeGreaterThan(0));
    const tree = document.querySelector('.ant-tree') as HTMLElement;
    await user.click(within(tree).getByText('根项目甲'));
    expect(await screen.findByText('“根项目甲”的下级项目')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/projects.do/1/childrenprojects')).toBe(true));
  });

  it('requires a valid coordinate and posts the form', async () => {
    const { calls } = serve((call) => (call.method === 'POST' ? { json: { id: 3 } } : undefined));
    const user = userEvent.setup();
    renderWithApp(<ProjectListPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('项目名称'), '新项目丙');
    await user.type(within(dialog).getByLabelText('项目编号'), 'P-003');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(within(dialog).getAllByText('请输入有效的坐标。')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('经度'), '119.5');
    await user.type(within(dialog).getByLabelText('纬度'), '32.17');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/projects.do');
    expect(Object.fromEntries(post.body!)).toMatchObject({
      name: '新项目丙',
      no: 'P-003',
      parentId: '1',
      lng: '119.5',
      lat: '32.17',
    });
  });

  it("shows a 409 refusal's message and keeps the root project undeletable", async () => {
    const message = '项目下还有 1 个子项目、0 个角色、0 个用户、0 个设备，不能删除';
    const { calls } = serve((call) =>
      call.method === 'DELETE' ? { status: 409, json: { statusCode: 409, code: 'CONFLICT', message } } : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<ProjectListPage />, { path: PATH });
    // Plain selectors: role queries over the whole antd table take seconds each in jsdom on a busy CI.
    const rowOf = (no: string) =>
      Array.from(document.querySelectorAll<HTMLElement>('tr')).find((r) => r.textContent?.includes(no));
    const buttonIn = (el: ParentNode, label: RegExp) =>
      Array.from(el.querySelectorAll('button')).find((b) => label.test(b.textContent ?? ''));
    await waitFor(() => expect(rowOf('P2')).toBeTruthy());
    expect(buttonIn(rowOf('P1')!, /删\s*除/)?.disabled).toBe(true);
    await user.click(buttonIn(rowOf('P2')!, /删\s*除/)!);
    const confirm = await waitFor(() => {
      const button = buttonIn(document.body, /确\s*定/);
      expect(button).toBeTruthy();
      return button!;
    });
    await user.click(confirm);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(message));
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/api/projects.do/2');
  });
});
