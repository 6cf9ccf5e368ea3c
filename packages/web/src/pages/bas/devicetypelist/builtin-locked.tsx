import { Form, Input, Tooltip } from 'antd';
import { cloneElement, type ReactElement } from 'react';

interface BuiltinLockedProps {
  /** Why the input is locked (tooltip). */
  hint: string;
  /** The input to lock; a plain Input by default. */
  children?: ReactElement<Record<string, unknown>>;
  /** Injected by Form.Item. */
  value?: unknown;
  onChange?: (...args: unknown[]) => void;
  id?: string;
}

/**
 * A form input disabled while the edited record is built in (its `builtin` flag sits in the form's
 * initial values, not in a field). Used for the no (and a model's type) of built-in base data.
 */
export function BuiltinLocked({ hint, children, ...injected }: BuiltinLockedProps) {
  const form = Form.useFormInstance();
  const builtin = Form.useWatch('builtin', { form, preserve: true }) === true;
  const input = cloneElement(children ?? <Input />, { ...injected, disabled: builtin });
  return builtin ? (
    <Tooltip title={hint}>
      <div>{input}</div>
    </Tooltip>
  ) : (
    input
  );
}
