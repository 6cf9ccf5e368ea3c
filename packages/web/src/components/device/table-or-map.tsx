import { EnvironmentOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Segmented, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { LiveBadge } from './tags';

export type ListView = 'table' | 'map';

/**
 * A family's live list that can also be shown on a map: the card with its title, the family's tools,
 * the live badge and the table/map switch (starting on the table); only the chosen view is mounted.
 */
export function TableOrMapCard(props: {
  title: string;
  /** The switch's labels in the family's words. */
  labels: Record<ListView, string>;
  /** The switch's test id (`<family>-view`). */
  testId: string;
  tools?: ReactNode;
  table: ReactNode;
  map: ReactNode;
}) {
  const [view, setView] = useState<ListView>('table');
  return (
    <Card
      title={props.title}
      extra={
        <Space size={16}>
          {props.tools}
          <LiveBadge />
          <Segmented<ListView>
            value={view}
            onChange={setView}
            options={[
              { value: 'table', label: props.labels.table, icon: <TableOutlined /> },
              { value: 'map', label: props.labels.map, icon: <EnvironmentOutlined /> },
            ]}
            data-testid={props.testId}
          />
        </Space>
      }
    >
      {view === 'table' ? props.table : props.map}
    </Card>
  );
}
