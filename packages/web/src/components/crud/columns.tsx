import type { TableColumnsType } from 'antd';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActiveStateTag, FlagTag, RegisteredTag } from '../device/tags';
import { formatTime } from '../time';

/** An enumerated value's tag: its colour and its translated label. */
export interface StatusKind {
  colors: Record<string, string>;
  label: (value: string) => string;
}

/**
 * What a column shows, so a list declares its columns instead of writing renderers:
 * time (system timezone, spec format), a device's active state, registered or not, a yes/no flag,
 * an enumerated status tag, or a link to the row's page.
 */
export type ColumnKind =
  | { kind: 'text' }
  | { kind: 'time' }
  | { kind: 'active' }
  | { kind: 'registered' }
  | { kind: 'flag' }
  | ({ kind: 'status' } & StatusKind)
  | { kind: 'link'; to: (row: never) => string };

/** A column; its title is the i18n key `<resource>.fields.<field>` unless `title` is given. */
export interface CrudColumn<T> {
  field: string;
  /** Read from this field instead of `field` (several columns of one field). */
  dataIndex?: string;
  title?: ReactNode;
  kind?: ColumnKind;
  render?: (value: unknown, row: T) => ReactNode;
  width?: number | string;
  ellipsis?: boolean;
  align?: 'left' | 'right' | 'center';
  fixed?: 'left' | 'right';
}

/** Plain text columns by field, each of its width, long values ending in an ellipsis (in the order given). */
export const textColumns = <T,>(widths: Record<string, number>): CrudColumn<T>[] =>
  Object.entries(widths).map(([field, width]) => ({ field, ellipsis: true, width }));

/** Column widths that fit the values of each kind. */
const KIND_WIDTH: Partial<Record<ColumnKind['kind'], number>> = { time: 170, active: 100, registered: 100, flag: 90 };

function renderKind<T>(kind: ColumnKind, value: unknown, row: T): ReactNode {
  switch (kind.kind) {
    case 'time':
      return formatTime(value);
    case 'active':
      return value === null || value === undefined ? '' : <ActiveStateTag state={Number(value)} />;
    case 'registered':
      return <RegisteredTag registered={Boolean(value)} />;
    case 'flag':
      return <FlagTag on={Boolean(value)} />;
    case 'status': {
      const text = String(value ?? '');
      return text ? <Tag color={kind.colors[text] ?? 'default'}>{kind.label(text)}</Tag> : '';
    }
    case 'link':
      return <Link to={(kind.to as (row: T) => string)(row)}>{value as ReactNode}</Link>;
    default:
      return value === null || value === undefined ? '' : (value as ReactNode);
  }
}

/** The antd columns of declared columns; `title` names the column of a field without its own title. */
export function tableColumns<T>(columns: CrudColumn<T>[], title: (field: string) => ReactNode): TableColumnsType<T> {
  return columns.map((column) => {
    const kind = column.kind;
    const render =
      column.render ??
      (kind && kind.kind !== 'text' ? (value: unknown, row: T) => renderKind(kind, value, row) : undefined);
    return {
      key: column.field,
      dataIndex: column.dataIndex ?? column.field,
      title: column.title ?? title(column.field),
      width: column.width ?? (kind ? KIND_WIDTH[kind.kind] : undefined),
      ellipsis: column.ellipsis ? { showTitle: true } : undefined,
      align: column.align,
      fixed: column.fixed,
      render: render ? (value: unknown, row: T) => render(value, row) : undefined,
    };
  });
}

/**
 * A /pjt list with the child projects switched on (issue 13): the device's project as a second column
 * (the rows of the family lists carry `projectName`); the declared columns unchanged otherwise.
 */
export function withProjectColumn<T>(
  declared: CrudColumn<T>[],
  includeChildren: boolean,
  title: ReactNode,
): CrudColumn<T>[] {
  if (!includeChildren) return declared;
  const project: CrudColumn<T> = { field: 'projectName', title, ellipsis: true, width: 110 };
  return [...declared.slice(0, 1), project, ...declared.slice(1)];
}
