import TextField from '@mui/material/TextField';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldText } from '../field-text.tsx';

/** date: a calendar day `YYYY-MM-DD` (no time, no zone: the company's day), null when empty. */
export function DateFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      type="date"
      label={text.label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      required={field.required}
      disabled={disabled || field.disabled}
      error={text.error}
      helperText={text.helperText}
      slotProps={{ inputLabel: { shrink: true }, input: { startAdornment: iconAdornment(field.icon) } }}
      fullWidth
    />
  );
}
