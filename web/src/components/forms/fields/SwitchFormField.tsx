import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { useFieldText } from '../field-text.tsx';

/** switch: true or false, drawn as a switch (a setting that takes effect, rather than an answer). */
export function SwitchFormField({ name, field, value, onChange, errors, disabled }: FieldProps) {
  const text = useFieldText(field, errors);
  return (
    <FormControl error={text.error} disabled={disabled || field.disabled}>
      <FormControlLabel
        control={<Switch id={fieldId(name)} name={name} checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
        label={text.label}
        required={field.required}
      />
      {text.helperText ? <FormHelperText>{text.helperText}</FormHelperText> : null}
    </FormControl>
  );
}
