import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Tag } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { RowCards } from './row-cards';

interface Lamp {
  id: number;
  name: string;
  place: { area: string };
  on: boolean;
}
const ROWS: Lamp[] = [
  { id: 1, name: '滨江路灯1', place: { area: '滨江区' }, on: true },
  { id: 2, name: '滨江路灯2', place: { area: '老城区' }, on: false },
];
const COLUMNS = [
  { title: '名称', dataIndex: 'name', key: 'name' },
  { title: '区域', dataIndex: ['place', 'area'], key: 'area' },
  { title: '状态', dataIndex: 'on', key: 'on', render: (on: boolean) => <Tag>{on ? '亮灯' : '熄灯'}</Tag> },
  { title: '操作', key: 'actions', render: (_: unknown, row: Lamp) => <Button>关闭 {row.name}</Button> },
];

describe('a list as cards on a phone', () => {
  it('heads each card with the first column and lists the others with their titles, actions at the foot', () => {
    render(<RowCards rows={ROWS} columns={COLUMNS} loading={false} empty="暂无数据" pagination={false} />);
    const cards = screen.getByTestId('row-cards').querySelectorAll('[data-row-key]');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('滨江路灯1')).toBeTruthy();
    expect(first.getByText('区域').closest('tr')?.textContent).toContain('滨江区');
    expect(first.getByText('状态').closest('tr')?.textContent).toContain('亮灯');
    expect(first.getByRole('button', { name: /关闭 滨江路灯1/ })).toBeTruthy();
    // The actions column is the card's foot, not a label and value.
    expect(first.queryByText('操作')).toBeNull();
  });

  it('selects rows for batch actions and says when there are none', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RowCards
        rows={ROWS}
        columns={COLUMNS}
        loading={false}
        empty="暂无数据"
        pagination={false}
        selection={{ selected: [1], onChange }}
      />,
    );
    const boxes = screen.getAllByRole('checkbox');
    expect((boxes[0] as HTMLInputElement).checked).toBe(true);
    await userEvent.click(boxes[1]!);
    expect(onChange).toHaveBeenCalledWith([1, 2]);
    rerender(<RowCards rows={[]} columns={COLUMNS} loading={false} empty="暂无数据" pagination={false} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('pages rows that are all here, keeps a page the server sent as it is, and warns of nothing deprecated', async () => {
    const said = vi.spyOn(console, 'error');
    const many = Array.from({ length: 12 }, (_, i) => ({ ...ROWS[0]!, id: i + 1, name: `路灯${i + 1}` }));
    const { rerender } = render(<RowCards rows={many} columns={COLUMNS} loading={false} empty="" pagination={{}} />);
    const cards = () =>
      [...screen.getByTestId('row-cards').querySelectorAll('[data-row-key]')].map((c) =>
        c.getAttribute('data-row-key'),
      );
    expect(cards()).toHaveLength(10);
    await userEvent.click(screen.getByTitle('2'));
    expect(cards()).toEqual(['11', '12']);
    // The server's second page of 12: its two rows, not a slice of them.
    const onChange = vi.fn();
    rerender(
      <RowCards
        rows={many.slice(10)}
        columns={COLUMNS}
        loading={false}
        empty=""
        pagination={{ current: 2, pageSize: 10, total: 12, onChange }}
      />,
    );
    expect(cards()).toEqual(['11', '12']);
    await userEvent.click(screen.getByTitle('1'));
    expect(onChange).toHaveBeenCalledWith(1, 10);
    expect(said.mock.calls.flat().join(' ')).not.toMatch(/deprecated/i);
    said.mockRestore();
  });
});
