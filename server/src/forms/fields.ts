import type { FormField, FormFieldType, FormTextKey } from '@gearwatch/contracts';

/** Everything of a field but its type and label, all optional: the defaults are a plain optional single field. */
export type FieldOptions = Partial<Omit<FormField, 'type' | 'label' | 'help'>> & { help?: FormTextKey };

/**
 * A form field as the schema of `GET /api/{resource}/new|{id}/edit` sends it. Label and help are keys of the
 * contracts' FORM_TEXT_KEYS, the list the client's tests check for translations.
 */
export function field(type: FormFieldType, label: FormTextKey, options: FieldOptions = {}): FormField {
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
