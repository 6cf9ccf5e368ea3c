import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setErrorSinks } from '../../../api/report';
import { changeLang } from '../../../i18n/i18n';
import { type Call, mockFetch, renderWithApp } from '../../../test/render';
import { frameAnswers, TREE } from '../../man/projectlist/test-fixtures';
import DeviceGroupListPage from './device-group-list-page';
import { AREAS, GROUPS } from './test-fixtures';

const PATH = '/biz/devicegrouplist';

function serve(extra: (call: Call) => { status?: number; json?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const frame = frameAnswers(PATH, 5, call);
    if (frame) return frame;
    const own = extra(call);
    if (own) return own;
    const { pathname } = call.url;
    if (pathname === '/api/projects.do/trees') return { json: TREE };
    if (pathname === '/api/biz/deviceareas.do') return { json: AREAS };
    if (pathname === '/api/biz/devicegroups.do/pages')
      return { json: { list: GROUPS, total: 2, page: 1, pageSize: 25 } };
    return undefined;
  });
}
const rowOf = (no: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(no));

beforeEach(async () => {
  await changeLang('zh_CN');
  setErrorSinks({ toast: vi.fn(), toLogin: vi.fn() });
});
afterEach(() => vi.unstubAllGlobals());

describe('DeviceGroupListPage', () => {
  it('shows the active state as a coloured tag', async () => {
    serve();
    renderWithApp(<DeviceGroupListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('G-02')).toBeTruthy());
    const unknown = within(rowOf('G-01')!).getByText('未知');
    const abnormal = within(rowOf('G-02')!).getByText('异常');
    expect(abnormal.closest('.ant-tag')!.className).toContain('red');
    expect(unknown.closest('.ant-tag')!.className).not.toMatch(/red|green/);
    expect(within(rowOf('G-01')!).getByText('东区')).toBeTruthy();
    expect(within(rowOf('G-02')!).getByText('119.500000, 32.100000')).toBeTruthy();
  });

  it("opens a group's pole page from its name", async () => {
    serve();
    renderWithApp(<DeviceGroupListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('G-01')).toBeTruthy());
    const link = within(rowOf('G-01')!).getByRole('link', { name: '东区一组' });
    expect(link.getAttribute('href')).toBe(`/pjt/pjtpolemaintenance?groupId=${GROUPS[0]!.id}`);
  });

  it('forces a group active after a confirmation warning that it may not reflect the field', async () => {
    const { calls } = serve((call) => (call.method === 'PUT' ? { json: { ...GROUPS[0], activeState: 1 } } : undefined));
    const user = userEvent.setup();
    renderWithApp(<DeviceGroupListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('G-01')).toBeTruthy());
    await user.click(within(rowOf('G-01')!).getByRole('button', { name: /强制激活/ }));
    expect((await screen.findAllByText('确定将分组“东区一组”强制设为正常状态吗？')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/强制设置的状态可能与现场设备的真实状态不符/).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/biz/devicegroups.do/5/active');
    expect(put.body!.get('activeState')).toBe('1');
  });

  it('disables forcing a group already active, saying why', async () => {
    serve((call) =>
      call.url.pathname === '/api/biz/devicegroups.do/pages'
        ? { json: { list: [{ ...GROUPS[0], activeState: 1 }], total: 1, page: 1, pageSize: 25 } }
        : undefined,
    );
    renderWithApp(<DeviceGroupListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('G-01')).toBeTruthy());
    const button = within(rowOf('G-01')!).getByRole('button', { name: /强制激活/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.setup().hover(button.parentElement!);
    expect((await screen.findAllByText('分组状态正常，无需强制激活')).length).toBeGreaterThan(0);
  });

  it('saves a typed location through PUT …/location, refusing an incomplete one', async () => {
    const { calls } = serve((call) => (call.method === 'PUT' ? { json: GROUPS[0] } : undefined));
    const user = userEvent.setup();
    renderWithApp(<DeviceGroupListPage />, { path: PATH });
    await waitFor(() => expect(rowOf('G-01')).toBeTruthy());
    const locate = within(rowOf('G-01')!).getByRole('button', { name: /设置坐标/ });
    // Named by what it shows, then what it does (WCAG 2.5.3, label in name).
    expect(locate.getAttribute('aria-label')).toBe(`${locate.textContent?.trim()}, 设置坐标`);
    await user.click(locate);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('经度'), '118.7969');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(within(dialog).getByLabelText('纬度'), '32.0603');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/biz/devicegroups.do/5/location');
    expect(Object.fromEntries(put.body!)).toEqual({ lng: '118.7969', lat: '32.0603' });
  });
});
