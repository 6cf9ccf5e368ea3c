import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ItemList } from './item-list';

const ROWS = [
  { id: 1, name: '滨江路灯1' },
  { id: 2, name: '滨江路灯2' },
];

afterEach(() => vi.restoreAllMocks());

describe('a short list of rows (antd Listy)', () => {
  it('draws each row in order with its own test id and click, and antd warns of nothing deprecated', async () => {
    const said = vi.spyOn(console, 'error');
    const warned = vi.spyOn(console, 'warn');
    const onClick = vi.fn();
    render(
      <ItemList
        bordered
        size="small"
        items={ROWS}
        rowKey={(row) => row.id}
        data-testid="lamps"
        rowProps={(row) => ({ 'data-testid': `lamp-${row.id}`, onClick: () => onClick(row.id) })}
        render={(row, index) => `${index + 1}. ${row.name}`}
      />,
    );
    const list = screen.getByTestId('lamps');
    expect(list.textContent).toBe('1. 滨江路灯12. 滨江路灯2');
    await userEvent.click(within(list).getByTestId('lamp-2'));
    expect(onClick).toHaveBeenCalledWith(2);
    expect([...said.mock.calls, ...warned.mock.calls].flat().join(' ')).not.toMatch(/deprecated/i);
  });

  it('draws nothing for no rows', () => {
    render(<ItemList items={[]} rowKey={(row: { id: number }) => row.id} data-testid="none" render={() => 'x'} />);
    expect(screen.getByTestId('none').textContent).toBe('');
  });
});
