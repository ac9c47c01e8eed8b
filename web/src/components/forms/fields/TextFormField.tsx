import TextField from '@mui/material/TextField';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { textValue, upperCased, useFieldText } from '../field-text.tsx';

/**
 * text and email: one line, `maxLength`, upper-cased as typed when the field asks for it; a `secret` (a password) is
 * masked and never offered by the browser's autofill of the signed-in user's own password.
 */
export function TextFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      type={field.type === 'email' ? 'email' : field.secret ? 'password' : 'text'}
      autoComplete={field.secret ? 'new-password' : undefined}
      label={text.label}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(event) => onChange(textValue(field.changeToUpperCase ? upperCased(event) : event.target.value))}
      required={field.required}
      disabled={disabled || field.disabled}
      error={text.error}
      helperText={text.helperText}
      slotProps={{ input: { startAdornment: iconAdornment(field.icon) }, htmlInput: { maxLength: field.maxLength } }}
      fullWidth
    />
  );
}
