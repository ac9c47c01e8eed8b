import type { FormField, FormFieldType } from '@gearwatch/contracts';

/** Everything of a field but its type and label, all optional: the defaults are a plain optional single field. */
export type FieldOptions = Partial<Omit<FormField, 'type' | 'label'>>;

/** A form field as the schema of `GET /api/{resource}/new|{id}/edit` sends it. */
export function field(type: FormFieldType, label: string, options: FieldOptions = {}): FormField {
  return {
    type,
    label,
    required: false,
    multiple: false,
    disabled: false,
    icon: null,
    changeToUpperCase: false,
    expanded: false,
    ...options,
  };
}

export type FormFields = Record<string, FormField>;
