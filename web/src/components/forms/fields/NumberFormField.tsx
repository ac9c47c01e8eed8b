import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldText } from '../field-text.tsx';

function toText(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
}

/** The number typed, null when the field is empty or holds no number yet. */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** number: `min`, `max` and `step` as the input's own limits; the value is a number or null. */
export function NumberFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  // The text is kept apart from the value so that a half-typed number ('1.', '-') is not rewritten under the caret;
  // a value set from outside (a reopened form) replaces it.
  const [shown, setShown] = useState(() => ({ value, text: toText(value) }));
  if (!Object.is(shown.value, value)) setShown({ value, text: toText(value) });
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      type="number"
      label={text.label}
      value={shown.text}
      onChange={(event) => {
        const next = parseNumber(event.target.value);
        setShown({ value: next, text: event.target.value });
        onChange(next);
      }}
      required={field.required}
      disabled={disabled || field.disabled}
      error={text.error}
      helperText={text.helperText}
      slotProps={{ input: { startAdornment: iconAdornment(field.icon) }, htmlInput: { min: field.min, max: field.max, step: field.step ?? 'any' } }}
      fullWidth
    />
  );
}
