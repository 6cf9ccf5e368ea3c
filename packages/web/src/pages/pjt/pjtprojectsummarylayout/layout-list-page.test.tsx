import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serve, setUp, tearDown } from '../../../families/lighting/test-fixtures';
import { guardRawText } from '../../../test/raw-guard';
import { renderWithApp } from '../../../test/render';
import { LAYOUT } from '../pjtprojectsummary/summary-fixtures';
import { freeCell } from './layout-designer';
import LayoutListPage from './layout-list-page';

vi.mock('../../../components/device/echart', () => ({ EChart: () => <div data-testid="chart" /> }));

const PATH = '/pjt/pjtprojectsummarylayout';
const BASE = '/api/pjts/2/summarylayouts.do';
const OTHER = { ...LAYOUT, id: 8, name: '巡检布局', no: 'PATROL', isDefault: false, priority: 2, grid: 3 as const };

beforeEach(setUp);
afterEach(tearDown);
guardRawText();

const serveLayouts = (level = 5) =>
  serve(
    PATH,
    (call) => {
      if (call.url.pathname === `${BASE}/pages`)
        return { json: { list: [LAYOUT, OTHER], total: 2, page: 1, pageSize: 25 } };
      if (call.method === 'POST' && call.url.pathname === BASE) return { json: { ...OTHER, id: 9 } };
      if (call.method === 'PUT' && call.url.pathname.startsWith(`${BASE}/`)) return { json: OTHER };
      return undefined;
    },
    level,
  );

describe('summary layouts', () => {
  it('lists layouts with grid, default, creator and priority, and makes one default', async () => {
    const { calls } = serveLayouts();
    const user = userEvent.setup();
    renderWithApp(<LayoutListPage />, { path: PATH });
    const row = (await screen.findByText('巡检布局')).closest('tr')!;
    expect(within(row).getByText('3x3')).toBeTruthy();
    expect(within(row).getByText('否')).toBeTruthy();
    expect(within(row).getByText('3 个单元')).toBeTruthy();
    expect(within(screen.getByText('值班大屏').closest('tr')!).getByText('是')).toBeTruthy();
    await user.click(screen.getByTestId('make-default-PATROL'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === `${BASE}/8`)).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.url.pathname === `${BASE}/8`)!;
    expect(put.body?.get('isDefault')).toBe('true');
    expect(JSON.parse(put.body!.get('units')!)).toEqual(OTHER.units);
  }, 60_000);

  it('creates a layout from units placed on the grid, checked before saving', async () => {
    const { calls } = serveLayouts();
    const user = userEvent.setup();
    renderWithApp(<LayoutListPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: /新建布局/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('名称'), '夜班布局');
    await user.type(within(dialog).getByLabelText('编号'), 'NIGHT');
    // Nothing placed: saving says so.
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请至少放置一个单元')).toBeTruthy();
    await user.click(within(dialog).getByTestId('add-DEVICE_ONLINE'));
    await user.click(within(dialog).getByTestId('add-LIGHT_RATE'));
    expect(within(dialog).getByTestId('placed-DEVICE_ONLINE').dataset.cell).toBe('0,0,1,1');
    expect(within(dialog).getByTestId('placed-LIGHT_RATE').dataset.cell).toBe('1,0,1,1');
    expect(within(dialog).queryByTestId('palette-DEVICE_ONLINE')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === BASE)).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === BASE)!;
    expect(post.body?.get('name')).toBe('夜班布局');
    expect(post.body?.get('grid')).toBe('3');
    expect(JSON.parse(post.body!.get('units')!)).toEqual([
      { code: 2, x: 0, y: 0, w: 1, h: 1 },
      { code: 7, x: 1, y: 0, w: 1, h: 1 },
    ]);
  }, 60_000);

  it('hides writes from a viewer', async () => {
    serveLayouts(1);
    renderWithApp(<LayoutListPage />, { path: PATH });
    expect(await screen.findByText('巡检布局')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新建布局/ })).toBeNull();
    expect(screen.queryByTestId('make-default-PATROL')).toBeNull();
  }, 60_000);

  it('finds the first free cell of a grid', () => {
    expect(freeCell(2, [{ code: 1, x: 0, y: 0, w: 2, h: 1 }])).toEqual({ x: 0, y: 1 });
    expect(freeCell(2, [{ code: 1, x: 0, y: 0, w: 2, h: 2 }])).toBeNull();
  });
});
