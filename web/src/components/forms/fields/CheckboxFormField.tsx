import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldText } from '../field-text.tsx';

/** checkbox: true or false. */
export function CheckboxFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  return (
    <FormControl error={text.error} disabled={disabled || field.disabled}>
      <FormControlLabel
        control={<Checkbox id={fieldId(name)} name={name} checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
        label={text.label}
        required={field.required}
      />
      {text.helperText ? <FormHelperText>{text.helperText}</FormHelperText> : null}
    </FormControl>
  );
}
