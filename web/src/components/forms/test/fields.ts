import type { FormField, FormFieldType } from '@gearwatch/contracts';

/** A schema field as the server's `field()` builds it: optional, single, enabled, no icon, unless told. */
export function field(type: FormFieldType, label: string, options: Partial<Omit<FormField, 'type' | 'label'>> = {}): FormField {
  return { type, label, required: false, multiple: false, disabled: false, icon: null, changeToUpperCase: false, expanded: false, ...options };
}
