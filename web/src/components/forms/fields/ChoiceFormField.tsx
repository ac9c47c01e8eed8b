import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { findChoice, useChoiceLabel, useFieldText } from '../field-text.tsx';
import { ExpandedChoices } from './ExpandedChoices.tsx';

/**
 * choice: a value (or several) from a constant list, as a select or, `expanded`, as radio buttons or checkboxes.
 * Labels are translated when the choice says so.
 */
export function ChoiceFormField(props: FieldProps) {
  const { t } = useTranslation();
  const labelOf = useChoiceLabel();
  const { name, field, value, onChange, errors, choices, disabled } = props;
  const text = useFieldText(field, errors);
  if (field.expanded) return <ExpandedChoices {...props} multiple={field.multiple} labelOf={labelOf} />;
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const full = field.multiple && field.maxItems !== undefined && chosen.length >= field.maxItems;
  // The select works on text values; the choice's own value (a number or a text) is what the form keeps.
  const shown = field.multiple ? chosen : findChoice(choices, value) ? String(value) : '';
  return (
    <TextField
      id={fieldId(name)}
      name={name}
      select
      label={text.label}
      value={shown}
      onChange={(event) => {
        const raw: unknown = event.target.value;
        if (field.multiple) {
          const picked = Array.isArray(raw) ? raw.map(String) : String(raw).split(',');
          onChange(choices.filter((choice) => picked.includes(String(choice.value))).map((choice) => choice.value));
        } else {
          onChange(findChoice(choices, raw)?.value ?? null);
        }
      }}
      required={field.required}
      disabled={disabled || field.disabled}
      error={text.error}
      helperText={text.helperText}
      slotProps={{
        input: { startAdornment: iconAdornment(field.icon) },
        select: {
          multiple: field.multiple,
          renderValue: field.multiple
            ? (selected) =>
                (selected as string[])
                  .map((item) => findChoice(choices, item))
                  .filter((choice) => choice !== undefined)
                  .map(labelOf)
                  .join(', ')
            : undefined,
        },
      }}
      fullWidth
    >
      {!field.multiple && !field.required ? (
        <MenuItem value="">
          <em>{t('form.choice.none')}</em>
        </MenuItem>
      ) : null}
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={String(choice.value)} disabled={full && !chosen.includes(String(choice.value))}>
          {labelOf(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}
