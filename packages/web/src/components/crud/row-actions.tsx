import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One action of a row: a link button inline, or an item of the row's "More" menu. */
export interface RowAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  /** Disabled, with the reason (shown as tooltip inline and in the menu). */
  disabledReason?: string;
  onClick: () => void;
  /** Omitted when false (e.g. below the modify level). */
  shown?: boolean;
  /** Spinning while the action's call runs. */
  loading?: boolean;
  testId?: string;
}

/** Up to this many actions stay inline; a row with more shows the first ones and "More" (issue 13). */
export const INLINE_ACTIONS = 3;

/**
 * The action column's cell (issue 13): compact, at most three items wide. A row with more than three
 * actions shows the first two and a "More" menu with the rest; a disabled action says why.
 */
export function RowActions({
  actions,
  inline = INLINE_ACTIONS,
  wrap = false,
}: {
  actions: (RowAction | false | undefined)[];
  inline?: number;
  /** Lets the inline actions wrap onto a second line (a table with many columns), default one line. */
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const all = actions.filter((a): a is RowAction => Boolean(a) && (a as RowAction).shown !== false);
  const direct = all.length > inline ? all.slice(0, inline - 1) : all;
  const more = all.slice(direct.length);
  return (
    <Space size={0} wrap={wrap} style={wrap ? undefined : { whiteSpace: 'nowrap' }}>
      {direct.map((action) => {
        const button = (
          <Button
            key={action.key}
            size="small"
            type="link"
            danger={action.danger}
            icon={action.icon}
            loading={action.loading}
            disabled={Boolean(action.disabledReason)}
            onClick={action.onClick}
            data-testid={action.testId}
          >
            {action.label}
          </Button>
        );
        return action.disabledReason ? (
          <Tooltip key={action.key} title={action.disabledReason}>
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((action) => ({
              key: action.key,
              icon: action.icon,
              danger: action.danger,
              disabled: Boolean(action.disabledReason),
              label: action.disabledReason ? (
                <Tooltip title={action.disabledReason} placement="left">
                  <span>{action.label}</span>
                </Tooltip>
              ) : (
                action.label
              ),
            })),
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              more.find((a) => a.key === key)?.onClick();
            },
          }}
        >
          <Button size="small" type="link" data-testid="row-more">
            {t('crud.moreActions')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
