/** What a family's policy editor is given, and the values every policy form has. */

/** What a family's policy editor is given: the policy (a new one: null), the most units (else the setting), and what saving and closing do. */
export interface PolicyDialogProps<P, B> {
  policy: P | null;
  maxUnits?: number;
  onSubmit: (body: B) => Promise<unknown>;
  onClose: () => void;
}

/** The name and number every policy form has. */
export interface PolicyNames {
  name: string;
  no: string;
}

/** The name and number as the contract takes them (trimmed). */
export const trimmedNames = (v: PolicyNames): PolicyNames => ({ name: v.name?.trim(), no: v.no?.trim() });
