import { FORM_TOKEN_FIELD } from '@gearwatch/contracts';
import type { FormDefinition, FormField, FormValue } from '@gearwatch/contracts';

export type FormValues = Record<string, FormValue>;
/**
 * Values a new row's form starts with: fixed, or read off the fetched definition when they name one of its choices
 * by something other than its value (a unit by its short name).
 */
export type FormPresets = FormValues | ((definition: Pick<FormDefinition, 'schema' | 'data' | 'choices'>) => FormValues);
export type FormBody = Record<string, string | string[]>;

/** The value a field starts with when `data` has none: unchecked, no values, or empty. */
export function emptyValue(field: FormField): FormValue {
  if (field.type === 'checkbox' || field.type === 'switch') return false;
  if (field.multiple && (field.type === 'entity' || field.type === 'choice')) return [];
  return null;
}

/** Every field of the schema with its value from `data`, or its empty value. */
export function initialValues(definition: Pick<FormDefinition, 'schema' | 'data'>): FormValues {
  const values: FormValues = {};
  for (const [name, field] of Object.entries(definition.schema)) values[name] = definition.data[name] ?? emptyValue(field);
  return values;
}

/**
 * The starting values of a new row's form with what the page already knows on top (the device type whose parameters
 * are on screen, say): only for fields the schema has and the user may change, and for a field with choices only a
 * value among them, so a preset never sends what the user could not have picked.
 */
export function presetValues(definition: Pick<FormDefinition, 'schema' | 'data' | 'choices'>, presets: FormPresets): FormValues {
  const values = initialValues(definition);
  for (const [name, preset] of Object.entries(typeof presets === 'function' ? presets(definition) : presets)) {
    const field = definition.schema[name];
    if (!field || field.disabled) continue;
    const choices = definition.choices[name];
    if (choices && !(Array.isArray(preset) ? preset : [preset]).every((value) => choices.some((choice) => choice.value === value))) continue;
    values[name] = preset;
  }
  return values;
}

/**
 * The values of a reopened form (a new token after `form.error.invalid-token`): the fresh definition's values with
 * the user's edits on top, for the fields the fresh schema still has.
 */
export function mergeValues(fresh: Pick<FormDefinition, 'schema' | 'data'>, edited: FormValues): FormValues {
  const values = initialValues(fresh);
  for (const name of Object.keys(values)) if (name in edited && !fresh.schema[name]?.disabled) values[name] = edited[name] ?? null;
  return values;
}

function encodeValue(field: FormField, value: FormValue | undefined): string | string[] {
  if (field.type === 'checkbox' || field.type === 'switch') return value === true ? 'true' : 'false';
  if (field.type === 'geopolygon') return Array.isArray(value) && value.length > 0 ? JSON.stringify(value) : '';
  if (field.multiple && (field.type === 'entity' || field.type === 'choice')) {
    // An empty list still sends the key (`name=`): the server then clears the field rather than keeping it.
    return Array.isArray(value) ? value.map(String) : value === null || value === undefined || value === '' ? [] : [String(value)];
  }
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? JSON.stringify(value) : String(value);
}

/**
 * The form-encoded submit of spec 01 §7: every field that is not disabled (the server ignores those), several values
 * as a repeated key, booleans as 'true'/'false', a geopolygon as JSON text, and the form's token.
 */
export function encodeSubmission(schema: FormDefinition['schema'], values: FormValues, token: string): FormBody {
  const body: FormBody = {};
  for (const [name, field] of Object.entries(schema)) {
    if (field.disabled) continue;
    body[name] = encodeValue(field, values[name]);
  }
  body[FORM_TOKEN_FIELD] = token;
  return body;
}
