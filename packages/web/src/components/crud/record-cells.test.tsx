import { render, screen } from '@testing-library/react';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { describe, expect, it } from 'vitest';
import { withRecordCells } from './record-cells';

interface Reading {
  id: number;
  value: number;
}

/** A live table as the family lists draw it: columns kept while the unit stays, rows patched by pushes. */
function LiveTable({ rows, unit, drawn }: { rows: Reading[]; unit: string; drawn: number[] }) {
  const columns = useMemo<TableColumnsType<Reading>>(
    () => [
      {
        key: 'value',
        dataIndex: 'value',
        render: (v: number, row) => {
          drawn.push(row.id);
          return `${v} ${unit}`;
        },
      },
    ],
    [unit, drawn],
  );
  return <Table<Reading> rowKey="id" columns={withRecordCells(columns)} dataSource={rows} pagination={false} />;
}

const fleet = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, value: i }));

describe('withRecordCells', () => {
  it('redraws only the row a push changed, and every row again when the columns change', () => {
    const drawn: number[] = [];
    const rows = fleet(20);
    const view = render(<LiveTable rows={rows} unit="kWh" drawn={drawn} />);
    expect(screen.getByText('5 kWh')).toBeTruthy();

    // A push on device 6: a new page with one new row, the others the same objects.
    drawn.length = 0;
    const pushed = rows.map((r) => (r.id === 6 ? { ...r, value: 99 } : r));
    view.rerender(<LiveTable rows={pushed} unit="kWh" drawn={drawn} />);
    expect(screen.getByText('99 kWh')).toBeTruthy();
    // Every other row at most once (its first check after mounting), device 6 once.
    expect(drawn.filter((id) => id === 6)).toHaveLength(1);

    // The next push on device 7 draws device 7 alone.
    drawn.length = 0;
    const next = pushed.map((r) => (r.id === 7 ? { ...r, value: 77 } : r));
    view.rerender(<LiveTable rows={next} unit="kWh" drawn={drawn} />);
    expect(drawn).toEqual([7]);
    expect(screen.getByText('77 kWh')).toBeTruthy();

    // Other columns (another unit, as another language would give): every row drawn again.
    drawn.length = 0;
    view.rerender(<LiveTable rows={next} unit="MWh" drawn={drawn} />);
    expect(new Set(drawn).size).toBe(20);
    expect(screen.getByText('77 MWh')).toBeTruthy();
    expect(screen.queryByText('77 kWh')).toBeNull();

    // And after that, only the changed rows again.
    drawn.length = 0;
    view.rerender(<LiveTable rows={next.map((r) => (r.id === 1 ? { ...r, value: 1 } : r))} unit="MWh" drawn={drawn} />);
    expect(drawn).toEqual([1]);
  });

  it('redraws every cell on each render when a screen rebuilds its columns (as before)', () => {
    const drawn: number[] = [];
    const rows = fleet(3);
    const columns = (): TableColumnsType<Reading> => [
      {
        key: 'v',
        dataIndex: 'value',
        render: (v: number, row) => {
          drawn.push(row.id);
          return String(v);
        },
      },
    ];
    const view = render(<Table rowKey="id" columns={withRecordCells(columns())} dataSource={rows} />);
    drawn.length = 0;
    view.rerender(<Table rowKey="id" columns={withRecordCells(columns())} dataSource={[...rows]} />);
    expect(drawn.sort()).toEqual([1, 2, 3]);
  });
});
