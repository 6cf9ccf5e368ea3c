export { cleanQuery } from './clean-query';
export { useColumnSettings } from './column-settings';
export {
  type ColumnKind,
  type CrudColumn,
  type StatusKind,
  tableColumns,
  textColumns,
  withProjectColumn,
} from './columns';
export { FilterBar, type FilterSpec, rangeQuery, type TimeRange } from './filters';
export { FormDialog } from './form-dialog';
export { EmptyList, ListScreen, type ListScreenProps, LoadFailed } from './list-screen';
export { NamesTip } from './names-tip';
export { withRecordCells } from './record-cells';
export { DeleteButton, dialogTitle, ResourceTable } from './resource-table';
export { type ReviewActions, type ReviewedRow, useReviewActions } from './review-actions';
export { INLINE_ACTIONS, type RowAction, RowActions } from './row-actions';
export { ResponsiveTable, RowCards } from './row-cards';
export { SearchBar } from './search-bar';
export { applyServerErrors } from './server-errors';
export { batchDeleteAction, createAction, Toolbar, type ToolbarAction } from './toolbar';
export type { CrudField, ResourceTableProps, Row } from './types';
export { canModify, useAuthLevel } from './use-auth-level';
export { useDeleteRows } from './use-delete-rows';
export {
  clampPageSize,
  type PagedList,
  type PageRequest,
  type PagingRule,
  pageSizeOptions,
  usePagedList,
} from './use-paged-list';
export { type FieldNaming, ruleMessage, type Schema, zodFieldRule, zodRule } from './zod-rule';
