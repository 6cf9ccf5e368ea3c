import type { Page } from '@sc/contract';
import type { QueryKey } from '@tanstack/react-query';
import { Flex, type TableColumnType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canModify, useAuthLevel, usePagedList } from '../crud';
import { PolicyActions } from './policy-list';

/**
 * The policy list's parts a family with policies shares: the paged list by keyword, the dialogs a row
 * opens, the units as tags, and the actions column.
 */

/** The dialog a policy screen shows: editing (a new policy: null), using or removing one, its preview, or the family's own. */
export type PolicyDialogState<P, More = never> =
  | { kind: 'edit'; policy: P | null }
  | { kind: 'use' | 'remove'; policy: P }
  | { kind: 'preview'; policy: P }
  | More
  | null;

/** The project's policies, a page at a time, found by keyword, and the dialog a row or the toolbar opened. */
export function usePolicyScreen<P, More = never>(
  key: QueryKey,
  load: (page: number, pageSize: number, keyword?: string) => Promise<Page<P>>,
) {
  const list = usePagedList<P, { keyword?: string }>({
    key,
    load: ({ page, pageSize, filters }) => load(page, pageSize, filters.keyword),
    initialFilters: {},
  });
  const [dialog, setDialog] = useState<PolicyDialogState<P, More>>(null);
  return { list, dialog, setDialog, close: () => setDialog(null) };
}

/** A policy's units, in the order they run, each a tag in words. */
export function PolicyUnitTags<U>(props: {
  units: readonly U[];
  color: (unit: U) => string;
  text: (unit: U) => ReactNode;
}) {
  return (
    <Flex gap={4} wrap>
      {props.units.map((u, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: units are ordered steps
        <Tag key={i} color={props.color(u)}>
          {props.text(u)}
        </Tag>
      ))}
    </Flex>
  );
}

/** The row actions column of a policy list: preview, and for those who may change it edit, use, remove, the family's own and delete. */
export function usePolicyActionsColumn<P extends { id: number }>(options: {
  width: number;
  /** The keys of the preview, use and remove buttons' texts. */
  texts: { preview: string; use: string; remove: string };
  open: (dialog: { kind: 'edit' | 'use' | 'remove' | 'preview'; policy: P }) => void;
  onDelete: (policy: P) => void;
  extra?: (policy: P) => ReactNode;
}): TableColumnType<P> {
  const { t } = useTranslation();
  const editable = canModify(useAuthLevel());
  const { open, texts } = options;
  return {
    title: t('common.actions'),
    key: 'actions',
    width: options.width,
    fixed: 'right',
    render: (_, p: P) => (
      <PolicyActions
        id={p.id}
        editable={editable}
        texts={{ preview: t(texts.preview), use: t(texts.use), remove: t(texts.remove) }}
        onPreview={() => open({ kind: 'preview', policy: p })}
        onEdit={() => open({ kind: 'edit', policy: p })}
        onUse={() => open({ kind: 'use', policy: p })}
        onRemove={() => open({ kind: 'remove', policy: p })}
        onDelete={() => options.onDelete(p)}
        extra={options.extra?.(p)}
      />
    ),
  };
}
