import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice } from '@gearwatch/contracts';
import { iconAdornment } from '../field-icons.tsx';
import { fieldId } from '../field-props.ts';
import type { FieldProps } from '../field-props.ts';
import { findChoice, useFieldText } from '../field-text.tsx';
import { ExpandedChoices } from './ExpandedChoices.tsx';

/** Entity names are shown as they are: they are the user's own data, never translation keys. */
const nameOf = (choice: Choice) => choice.label;

/**
 * entity: one row (or several) of another resource, as a searchable list (a company may have hundreds of operators)
 * or, `expanded`, as radio buttons or checkboxes. With `maxItems` reached, no further row can be picked.
 */
export function EntityFormField(props: FieldProps) {
  const { t } = useTranslation();
  const { name, field, value, onChange, errors, choices, disabled } = props;
  const text = useFieldText(field, errors);
  const chosen = useMemo(
    () => (Array.isArray(value) ? value.map((item) => findChoice(choices, item)).filter((choice) => choice !== undefined) : []),
    [choices, value],
  );
  if (field.expanded) return <ExpandedChoices {...props} multiple={field.multiple} labelOf={nameOf} />;
  const full = field.multiple && field.maxItems !== undefined && chosen.length >= field.maxItems;
  return (
    <Autocomplete<Choice, boolean>
      id={fieldId(name)}
      multiple={field.multiple}
      options={choices}
      value={field.multiple ? chosen : (findChoice(choices, value) ?? null)}
      onChange={(_, next) => {
        if (Array.isArray(next)) onChange(next.map((choice) => choice.value));
        else onChange(next && !Array.isArray(next) ? (next as Choice).value : null);
      }}
      getOptionLabel={nameOf}
      getOptionDisabled={(choice) => full && !chosen.includes(choice)}
      isOptionEqualToValue={(option, other) => option.value === other.value}
      // Keyed by value: two rows may share a name.
      renderOption={({ key: _key, ...optionProps }, choice) => (
        <li key={String(choice.value)} {...optionProps}>
          {choice.label}
        </li>
      )}
      filterSelectedOptions={field.multiple}
      disableCloseOnSelect={field.multiple}
      disabled={disabled || field.disabled}
      noOptionsText={t('form.choice.no-options')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={text.label}
          required={field.required}
          error={text.error}
          helperText={text.helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <>
                  {iconAdornment(field.icon)}
                  {params.slotProps.input.startAdornment}
                </>
              ),
            },
          }}
        />
      )}
      fullWidth
    />
  );
}
