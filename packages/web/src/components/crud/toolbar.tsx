import { DeleteOutlined, PlusOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A button of a list's toolbar; a batch action acts on the selected rows and waits for a selection. */
export interface ToolbarAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  primary?: boolean;
  /** Disabled while no row is selected. */
  batch?: boolean;
  disabled?: boolean;
  onClick: (selected: number[]) => void;
}

interface ToolbarProps {
  actions?: (ToolbarAction | false | undefined)[];
  selected?: number[];
  onRefresh: () => void;
  /** Shows the Reset button (lists with filters). */
  onReset?: () => void;
  /** Last on the bar (the column setting). */
  extra?: ReactNode;
}

/** Reset, refresh, then the list's own and batch actions, right of the filters. */
export function Toolbar({ actions = [], selected = [], onRefresh, onReset, extra }: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      {onReset && (
        <Button icon={<UndoOutlined />} onClick={onReset}>
          {t('common.reset')}
        </Button>
      )}
      <Button icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('common.refresh')}
      </Button>
      {actions
        .filter((a): a is ToolbarAction => Boolean(a))
        .map((action) => {
          const button = (
            <Button
              key={action.key}
              danger={action.danger}
              type={action.primary ? 'primary' : 'default'}
              icon={action.icon}
              disabled={action.disabled || (action.batch && selected.length === 0)}
              onClick={() => action.onClick(selected)}
            >
              {action.label}
            </Button>
          );
          // A disabled batch action says why (issue 13).
          return action.batch && selected.length === 0 ? (
            <Tooltip key={action.key} title={t('crud.selectFirst')}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      {extra}
    </Space>
  );
}

/** The list's "create" action (primary, with a plus). */
export const createAction = (label: string, onClick: () => void): ToolbarAction => ({
  key: 'create',
  label,
  icon: <PlusOutlined />,
  primary: true,
  onClick,
});

/** The "delete selected" batch action (asks first: see useDeleteRows). */
export const batchDeleteAction = (label: string, askDelete: (ids: number[]) => void): ToolbarAction => ({
  key: 'batchDelete',
  label,
  icon: <DeleteOutlined />,
  danger: true,
  batch: true,
  onClick: askDelete,
});
