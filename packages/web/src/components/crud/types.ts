import type { AuthLevel } from '@sc/contract';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { CrudColumn } from './columns';
import type { Schema } from './zod-rule';

/** A record of a resource: every list row has an id. */
export interface Row {
  id: number;
  [field: string]: unknown;
}

/** A field of the create/edit dialog; `rule` is a contract rule, shown through `translate`. */
export interface CrudField {
  name: string;
  rule?: Schema;
  /** Shows the required mark; the rule decides what is valid. */
  required?: boolean;
  input?: ReactNode;
  initialValue?: unknown;
  /** Only in the create dialog (e.g. a password). */
  createOnly?: boolean;
  /** Shown only while the form's values pass this (a field of one mode); a hidden field's value is not sent. */
  shown?: (values: Record<string, unknown>) => boolean;
  /** Rules besides `rule`, e.g. a rule spanning fields checked against the whole form. */
  rules?: FormRule[];
}

export interface ResourceTableProps<T extends Row> {
  /** i18n namespace of the field labels. */
  resource: string;
  /** API base, e.g. /api/roles.do: GET base/pages, POST base, PUT/DELETE base/{id}, DELETE base. */
  base: string;
  columns: CrudColumn<T>[];
  /** Without fields the list is read-only (no create, no edit). */
  fields?: CrudField[];
  /** The caller's level; by default the current screen's. */
  level?: AuthLevel;
  batchDelete?: boolean;
  /** Row → initial form values for editing; by default the row itself. */
  toForm?: (row: T) => Record<string, unknown>;
  /** Extra action buttons per row. */
  rowActions?: (row: T) => ReactNode;
  /** Extra list parameters (filters), sent with every page request, e.g. { projectId: 3 }. */
  query?: Record<string, string | number | undefined>;
  /** Whether a row may be deleted: `true`, or the reason it may not (the button is disabled with it as tooltip). */
  deletable?: (row: T) => true | string;
  /**
   * A confirmation an edit needs before it is saved, saying what it will do (e.g. disabling a user signs
   * them out), or null to save at once.
   */
  confirmSave?: (values: Record<string, unknown>, row: T) => { title: string; content: string } | null;
  /** Columns (by field) hidden until the user shows them in the column setting (kept per user). */
  hiddenByDefault?: readonly string[];
}
