import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useLang } from '../../../i18n/i18n';

/**
 * A form's messages follow a language switch: the fields showing an error are checked again, so their
 * messages come in the new language (a message is written when the field is checked).
 */
export function useRevalidateOnLanguage(form: FormInstance): void {
  const lang = useLang();
  const shown = useRef(lang);
  useEffect(() => {
    if (shown.current === lang) return;
    shown.current = lang;
    const failing = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (failing.length > 0) void form.validateFields(failing).catch(() => undefined);
  }, [form, lang]);
}
