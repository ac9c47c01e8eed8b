import TextField from '@mui/material/TextField';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { textValue, upperCased, useFieldText } from '../field-text.tsx';

const MIN_ROWS = 3;

/** textarea: several lines, `maxLength`. */
export function TextareaFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      label={text.label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(textValue(field.changeToUpperCase ? upperCased(event) : event.target.value))}
      required={field.required}
      disabled={disabled || field.disabled}
      error={text.error}
      helperText={text.helperText}
      slotProps={{ input: { startAdornment: iconAdornment(field.icon) }, htmlInput: { maxLength: field.maxLength } }}
      multiline
      minRows={MIN_ROWS}
      fullWidth
    />
  );
}
