import { CheckCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { AUTH_LEVEL } from '@sc/contract';
import { useTranslation } from 'react-i18next';
import { useAskFirst } from '../ask-first';
import { type RowAction, RowActions } from './row-actions';
import { canModify, useAuthLevel } from './use-auth-level';

/** An item reviewed before use (spec 001 §4): edited, checked at the check level, then used; back to editing by unchecking. */
export interface ReviewedRow {
  id: number;
  name: string;
  state: string;
}

interface ReviewCalls {
  /** The item's page: its editor while the caller may edit it, read-only otherwise. */
  open: () => void;
  check: () => unknown;
  uncheck: () => unknown;
  remove: () => unknown;
  /** The family's confirmations, each with the item's name. */
  confirmCheck?: string;
  confirmDelete: string;
  /** Prefix of the buttons' test ids (`${prefix}-check`). */
  testId: string;
  busy?: boolean;
}

export interface ReviewActions {
  open: RowAction;
  check: RowAction;
  uncheck: RowAction;
  remove: RowAction;
}

/**
 * The review workflow's row actions by state and level: edit (modify level, while editable) or view,
 * check and uncheck (check level), delete (modify level, while editable). A family adds its own actions
 * between them (publish, start, history): `cell` shows them all in a table's action column.
 */
export function useReviewActions() {
  const { t } = useTranslation();
  const ask = useAskFirst();
  const level = useAuthLevel();
  const writable = canModify(level);
  const checker = level >= AUTH_LEVEL.check;
  const actions = (row: ReviewedRow, calls: ReviewCalls): ReviewActions => {
    const editable = row.state === 'edit';
    const id = (action: string) => `${calls.testId}-${action}`;
    return {
      open: {
        key: 'open',
        label: writable && editable ? t('common.edit') : t('crud.reviewView'),
        icon: writable && editable ? <EditOutlined /> : <EyeOutlined />,
        onClick: calls.open,
        testId: id(writable && editable ? 'edit' : 'view'),
      },
      check: {
        key: 'check',
        label: t('crud.reviewCheck'),
        icon: <CheckCircleOutlined />,
        shown: checker && editable,
        loading: calls.busy,
        testId: id('check'),
        onClick: () =>
          calls.confirmCheck
            ? ask({ title: t('crud.reviewCheck'), content: calls.confirmCheck, onOk: calls.check })
            : calls.check(),
      },
      uncheck: {
        key: 'uncheck',
        label: t('crud.reviewUncheck'),
        icon: <RollbackOutlined />,
        shown: checker && row.state === 'checked',
        loading: calls.busy,
        testId: id('uncheck'),
        onClick: calls.uncheck,
      },
      remove: {
        key: 'delete',
        label: t('common.delete'),
        icon: <DeleteOutlined />,
        danger: true,
        shown: writable && editable,
        testId: id('delete'),
        onClick: () =>
          ask({ title: t('common.delete'), content: calls.confirmDelete, danger: true, onOk: calls.remove }),
      },
    };
  };
  /** The row's action cell: open, check, uncheck, the family's own actions, delete (wrapping in a wide table). */
  const cell = (row: ReviewedRow, calls: ReviewCalls, own: RowAction[]) => {
    const review = actions(row, calls);
    return <RowActions inline={4} wrap actions={[review.open, review.check, review.uncheck, ...own, review.remove]} />;
  };
  return { writable, checker, actions, cell };
}
