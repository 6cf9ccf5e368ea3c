import { render, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { useInertMeasureRows } from './inert-measure-rows';

function Page() {
  useInertMeasureRows();
  return (
    <Table
      rowKey="id"
      scroll={{ x: 800 }}
      columns={[{ key: 'name', dataIndex: 'name', title: <button type="button">Name</button> }]}
      dataSource={[{ id: 1, name: 'L1' }]}
    />
  );
}

describe('tables', () => {
  it('keep no focusable element inside their hidden measuring row (axe aria-hidden-focus)', async () => {
    const { container } = render(<Page />);
    const row = await waitFor(() => {
      const found = container.querySelector('.ant-table-measure-row');
      if (!found) throw new Error('no measure row yet');
      return found;
    });
    await waitFor(() => expect(row.hasAttribute('inert')).toBe(true));
  });
});
