import type { FormInstance } from 'antd';
import { isApiError } from '../../api/errors';

/** Puts a 400 answer's per-field messages (already localised by the server) on the form's fields. */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400 || error.fieldErrors.length === 0) return false;
  // Only fields the form shows: a message for another field would vanish silently.
  const shown = new Set(Object.keys(form.getFieldsValue() ?? {}));
  const onFields = error.fieldErrors.filter((e) => shown.has(e.field));
  if (onFields.length === 0) return false;
  form.setFields(onFields.map((e) => ({ name: e.field, errors: [e.message] })));
  return true;
}
