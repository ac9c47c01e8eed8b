import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Choice, FormValue } from '@gearwatch/contracts';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { findChoice, useFieldText } from '../field-text.tsx';

export interface ExpandedChoicesProps extends FieldProps {
  /** Several values as checkboxes, or one as radio buttons. */
  multiple: boolean;
  labelOf: (choice: Choice) => string;
}

function selectedValues(value: FormValue): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * Every choice on view: radio buttons for one value, checkboxes for several (`expanded` choice and entity fields,
 * and radio fields). With `maxItems` reached, the unticked boxes are disabled.
 */
export function ExpandedChoices({ name, field, value, onChange, errors, choices, disabled, multiple, labelOf }: ExpandedChoicesProps) {
  const text = useFieldText(field, errors);
  const off = disabled || field.disabled;
  const labelId = `${fieldId(name)}-label`;
  const chosen = selectedValues(value);
  const full = field.maxItems !== undefined && chosen.length >= field.maxItems;
  return (
    <FormControl component="fieldset" id={fieldId(name)} error={text.error} disabled={off} required={field.required}>
      <FormLabel component="legend" id={labelId}>
        {text.label}
      </FormLabel>
      {multiple ? (
        <FormGroup aria-labelledby={labelId}>
          {choices.map((choice) => {
            const checked = chosen.includes(String(choice.value));
            return (
              <FormControlLabel
                key={String(choice.value)}
                label={labelOf(choice)}
                disabled={off || (full && !checked)}
                control={
                  <Checkbox
                    name={name}
                    checked={checked}
                    onChange={(event) =>
                      // Kept in the order of the choices, whatever order they were ticked in.
                      onChange(choices.filter((c) => (c === choice ? event.target.checked : chosen.includes(String(c.value)))).map((c) => c.value))
                    }
                  />
                }
              />
            );
          })}
        </FormGroup>
      ) : (
        <RadioGroup
          aria-labelledby={labelId}
          name={name}
          value={findChoice(choices, value) ? String(value) : ''}
          onChange={(event) => onChange(findChoice(choices, event.target.value)?.value ?? null)}
        >
          {choices.map((choice) => (
            <FormControlLabel key={String(choice.value)} value={String(choice.value)} label={labelOf(choice)} control={<Radio />} />
          ))}
        </RadioGroup>
      )}
      {text.helperText ? <FormHelperText>{text.helperText}</FormHelperText> : null}
    </FormControl>
  );
}
