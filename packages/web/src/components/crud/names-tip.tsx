import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * A short text for a list of named records (a group's members, a task's speakers) with every name in its
 * tooltip, so that a table cell stays one line however many there are.
 */
export function NamesTip({
  names,
  children,
  testId,
}: {
  names: readonly string[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Tooltip title={names.join(', ')}>
      <span style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {children}
      </span>
    </Tooltip>
  );
}
