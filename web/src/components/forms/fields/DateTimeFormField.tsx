import TextField from '@mui/material/TextField';
import { useDateFormat } from '../../dates/useDateFormat.ts';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldText } from '../field-text.tsx';
import { fromLocalInput, toLocalInput } from './datetime-local.ts';

/** datetime: the browser's date and time picker, shown on the company's clock, held as an ISO instant. */
export function DateTimeFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  const { timeZone } = useDateFormat();
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      type="datetime-local"
      label={text.label}
      value={toLocalInput(value, timeZone)}
      onChange={(event) => onChange(fromLocalInput(event.target.value, timeZone))}
      required={field.required}
      disabled={disabled || field.disabled}
      error={text.error}
      helperText={text.helperText}
      slotProps={{ input: { startAdornment: iconAdornment(field.icon) }, inputLabel: { shrink: true } }}
      fullWidth
    />
  );
}
