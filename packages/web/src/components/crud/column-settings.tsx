import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, type TableColumnsType, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUser } from '../../session/store';

/** Columns every list keeps: the row's actions (a list without them cannot be worked). */
const ALWAYS = new Set(['actions']);

const storageKey = (list: string) => `sc.columns.${getUser()?.userId ?? 0}.${list}`;

function readHidden(list: string, byDefault: readonly string[] = []): string[] {
  try {
    const raw = localStorage.getItem(storageKey(list));
    const value = raw ? (JSON.parse(raw) as unknown) : byDefault;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const columnKey = (column: TableColumnsType<never>[number], index: number): string =>
  String(column.key ?? ('dataIndex' in column ? column.dataIndex : undefined) ?? index);

/**
 * A list's column show/hide setting, kept per user and per list in the browser (issue 13): the shown
 * columns (the action column pinned right, the others unchanged) and the button that edits them.
 */
export function useColumnSettings<T>(
  list: string,
  columns: TableColumnsType<T>,
  /** Columns hidden until the user shows them (a list too wide for 1366 px otherwise). */
  hiddenByDefault: readonly string[] = [],
): { shown: TableColumnsType<T>; button: ReactNode } {
  const { t } = useTranslation();
  const [state, setState] = useState(() => ({ list, hidden: readHidden(list, hiddenByDefault) }));
  // Another list (e.g. another view of the same screen): its own setting.
  const hidden = state.list === list ? state.hidden : readHidden(list, hiddenByDefault);
  const setHidden = (next: string[]) => setState({ list, hidden: next });
  const keyed = columns.map((column, index) => ({ column, key: columnKey(column as never, index) }));
  const choosable = keyed.filter(({ key }) => !ALWAYS.has(key));
  const save = (next: string[]) => {
    setHidden(next);
    try {
      localStorage.setItem(storageKey(list), JSON.stringify(next));
    } catch {
      // storage full or refused: the choice lasts until the page is left
    }
  };
  const shown = keyed
    .filter(({ key }) => !hidden.includes(key))
    .map(({ column, key }) => (key === 'actions' && !column.fixed ? { ...column, fixed: 'right' as const } : column));

  const button = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('crud.columnsTitle')}
      content={
        <Flex vertical gap={4} data-testid="column-settings">
          {choosable.map(({ column, key }) => (
            <Checkbox
              key={key}
              checked={!hidden.includes(key)}
              // One column always stays: a table of nothing helps nobody.
              disabled={!hidden.includes(key) && choosable.length - hidden.length <= 1}
              onChange={(event) => save(event.target.checked ? hidden.filter((h) => h !== key) : [...hidden, key])}
            >
              {(column.title as ReactNode) ?? key}
            </Checkbox>
          ))}
          <Typography.Link disabled={hidden.length === 0} onClick={() => save([])}>
            {t('crud.columnsShowAll')}
          </Typography.Link>
        </Flex>
      }
    >
      <Tooltip title={t('crud.columnsTitle')}>
        <Button icon={<SettingOutlined />} aria-label={t('crud.columnsTitle')} data-testid="column-settings-button" />
      </Tooltip>
    </Popover>
  );
  return { shown, button };
}
