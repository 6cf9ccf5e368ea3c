import { AUTH_LEVEL, baseName, description } from '@sc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../api/report';
import { changeLang, i18n } from '../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../test/render';
import { ResourceTable } from './resource-table';
import type { CrudField, Row } from './types';

const BASE = '/api/demos.do';
const fields: CrudField[] = [
  { name: 'name', rule: baseName(), required: true },
  { name: 'description', rule: description() },
];
const rows = [
  { id: 1, name: 'alpha', description: 'first' },
  { id: 2, name: 'beta', description: 'second' },
];

/** A list endpoint plus whatever `extra` answers; records calls. */
function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === `${BASE}/pages`) {
      return { json: { list: rows, total: rows.length, page: 1, pageSize: 25 } };
    }
    return extra(call);
  });
}

function renderTable(level: number = AUTH_LEVEL.modify) {
  return renderWithApp(
    <ResourceTable<Row>
      resource="demo"
      base={BASE}
      level={level as 0 | 1 | 5 | 10}
      columns={[{ field: 'name' }, { field: 'description' }]}
      fields={fields}
    />,
  );
}

beforeAll(() => {
  i18n.addResourceBundle(
    'zh_CN',
    'translation',
    { demo: { 'fields.name': '名称', 'fields.description': '描述' } },
    true,
  );
});
beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourceTable', () => {
  it('lists a page with labels from <resource>.fields.<field>', async () => {
    const { calls } = serve();
    renderTable();
    expect(await screen.findByText('alpha')).toBeTruthy();
    expect(screen.getAllByRole('columnheader', { name: '名称' }).length).toBeGreaterThan(0);
    const list = calls.find((c) => c.url.pathname === `${BASE}/pages`)!;
    expect(list.url.searchParams.get('page')).toBe('1');
    expect(list.url.searchParams.get('pageSize')).toBe('25');
  });

  it("shows the contract rule's message in the current language", async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // A missing value names the field (one voice: "请输入…", never a bare "必填项").
    expect(await within(dialog).findByText('请输入名称')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('名称'), 'ab');
    expect(await within(dialog).findByText('3-25 个字符')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts a 400 answer's field errors on the fields", async () => {
    const { calls } = serve((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            json: {
              statusCode: 400,
              code: 'VALIDATION',
              message: '数据不符合规则',
              errors: [{ field: 'name', message: '名称已存在' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), 'gamma');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('名称已存在')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(BASE);
    expect(post.body?.get('name')).toBe('gamma');
  });

  it('deletes a row only after confirmation', async () => {
    const { calls } = serve((call) => (call.method === 'DELETE' ? { json: { deleted: 1 } } : undefined));
    const user = userEvent.setup();
    renderTable();
    const row = (await screen.findByText('alpha')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    expect((await screen.findAllByText('确定删除这条记录吗？')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe(`${BASE}/1`);
  });

  it('batch-deletes the selected rows', async () => {
    const { calls } = serve((call) => (call.method === 'DELETE' ? { json: { deleted: 2 } } : undefined));
    const user = userEvent.setup();
    renderTable();
    await screen.findByText('alpha');
    const [selectAll] = screen.getAllByRole('checkbox');
    await user.click(selectAll);
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    expect((await screen.findAllByText('确定删除选中的 2 条记录吗？')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const call = calls.find((c) => c.method === 'DELETE')!;
    expect(call.url.pathname).toBe(BASE);
    expect(call.body?.get('ids')).toBe('1,2');
  });

  it('hides writes below the modify level', async () => {
    serve();
    renderTable(AUTH_LEVEL.view);
    await screen.findByText('alpha');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('offers a retry when the list fails to load', async () => {
    let fail = true;
    mockFetch((call) => {
      if (call.url.pathname !== `${BASE}/pages`) return undefined;
      return fail
        ? { status: 500, json: { statusCode: 500, code: 'INTERNAL', message: 'x' } }
        : { json: { list: rows, total: 2, page: 1, pageSize: 25 } };
    });
    const user = userEvent.setup();
    renderTable();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('alpha')).toBeTruthy();
  });
});
