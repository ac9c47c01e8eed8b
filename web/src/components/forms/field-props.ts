import type { Choice, FormField, FormValue } from '@gearwatch/contracts';

/** What FormRenderer gives every field component: the field's schema entry, its value and its errors. */
export interface FieldProps<V = FormValue> {
  /** The field's name in `schema`, used for ids and test ids. */
  name: string;
  field: FormField;
  value: V;
  onChange: (value: V) => void;
  /** Message keys of the server's errors for this field (translated by the field). */
  errors: readonly string[];
  /** The accepted values of an entity, choice or radio field. */
  choices: readonly Choice[];
  /** The whole form is disabled (while it is submitted), on top of the field's own `disabled`. */
  disabled: boolean;
}

/** The HTML id of a field's input, so labels, helper texts and tests find it. */
export function fieldId(name: string): string {
  return `form-field-${name}`;
}
