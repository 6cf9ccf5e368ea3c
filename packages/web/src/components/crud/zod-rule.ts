import { decodeMessage, type Lang } from '@sc/contract';
import type { RuleObject, RuleRender } from 'antd/es/form';
import { translate } from '../../i18n/i18n';

/** What the kit needs of a contract (zod) schema, so the console does not depend on zod itself. */
export interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { message: string; path: PropertyKey[] }[] };
  };
}

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The field a message is about: its label, and whether it is chosen (a select) rather than typed. */
export interface FieldNaming {
  label: string;
  choose?: boolean;
}

/**
 * A rule's message in `lang`; a missing value names the field ("请输入项目名称", "Choose the role")
 * so that every form speaks in one voice, whatever generic key the contract rule carries.
 */
export function ruleMessage(encoded: string, lang: Lang, field?: FieldNaming): string {
  const { key } = decodeMessage(encoded);
  if (field && (key === 'validation.required' || /^validation\.\w+Required$/.test(key))) {
    const label = lang === 'en_US' ? field.label.toLowerCase() : field.label;
    return translate(lang, field.choose ? 'validation.chooseField' : 'validation.enterField', { field: label });
  }
  return translate(lang, encoded);
}

/** An antd Form rule running a contract rule; its encoded message is shown in `lang`. */
export function zodRule(schema: Schema, lang: Lang, field?: FieldNaming): RuleObject {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(blankToUndefined(value));
      const issue = result.success ? undefined : result.error?.issues[0];
      if (issue) throw new Error(ruleMessage(issue.message, lang, field));
    },
  };
}

/**
 * A rule for one field of an object schema, validated against the whole form so that cross-field
 * refinements (password confirmation) report on the field they name.
 */
export function zodFieldRule(schema: Schema, field: string, lang: Lang, naming?: FieldNaming): RuleRender {
  return (form) => ({
    validator: async () => {
      const values = Object.fromEntries(
        Object.entries(form.getFieldsValue(true) as Record<string, unknown>).map(([k, v]) => [k, blankToUndefined(v)]),
      );
      const result = schema.safeParse(values);
      const issue = result.success ? undefined : result.error?.issues.find((i) => String(i.path[0]) === field);
      if (issue) throw new Error(ruleMessage(issue.message, lang, naming));
    },
  });
}
