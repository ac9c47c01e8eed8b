import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldText } from '../field-text.tsx';

const HOURS = Array.from({ length: 25 }, (_, hour) => hour);
const NONE = '';

/** hour: a whole hour on a 24-hour picker (00:00 … 24:00, spec 01 §5), sent as a number; empty when not required. */
export function HourFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      select
      label={text.label}
      value={typeof value === 'number' ? String(value) : NONE}
      onChange={(event) => onChange(event.target.value === NONE ? null : Number(event.target.value))}
      required={field.required}
      disabled={disabled || field.disabled}
      error={text.error}
      helperText={text.helperText}
      slotProps={{ input: { startAdornment: iconAdornment(field.icon) } }}
      fullWidth
    >
      {!field.required && <MenuItem value={NONE}>–</MenuItem>}
      {HOURS.map((hour) => (
        <MenuItem key={hour} value={String(hour)}>
          {`${String(hour).padStart(2, '0')}:00`}
        </MenuItem>
      ))}
    </TextField>
  );
}
