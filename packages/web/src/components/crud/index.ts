export { FormDialog } from './form-dialog';
export { ResourceTable } from './resource-table';
export { SearchBar } from './search-bar';
export { applyServerErrors } from './server-errors';
export type { CrudColumn, CrudField, ResourceTableProps, Row } from './types';
export { canModify, useAuthLevel } from './use-auth-level';
export { type Schema, zodFieldRule, zodRule } from './zod-rule';
