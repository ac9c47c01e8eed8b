import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Named } from '../../api/model-lists.ts';

export interface NamedPickerProps {
  /** Already translated. */
  label: string;
  options: readonly Named[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Message keys of the field's errors. */
  errors?: readonly string[];
  helperText?: string;
  loading?: boolean;
  disabled?: boolean;
  required?: boolean;
  testId?: string;
}

/**
 * Several rows of a model list (devices, groups, users), searchable, chosen as chips, with the field's errors: the
 * pickers of the wizards and forms. The monitors' settings use the compact IdMultiSelect.
 */
export function NamedPicker({
  label,
  options,
  value,
  onChange,
  errors = [],
  helperText,
  loading = false,
  disabled = false,
  required = false,
  testId,
}: NamedPickerProps) {
  const { t } = useTranslation();
  const chosen = options.filter((option) => value.includes(option.id));
  return (
    <Autocomplete
      multiple
      // Several picks in a row, as the report screen's pickers: the list stays open until Esc or a click beside it.
      disableCloseOnSelect
      options={options}
      value={chosen}
      disabled={disabled}
      loading={loading}
      loadingText={t('common.loading')}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      onChange={(_, rows) => onChange(rows.map((row) => row.id))}
      noOptionsText={t('list.empty.no-results')}
      data-testid={testId}
      renderValue={(rows, getItemProps) => rows.map((row, index) => <Chip {...getItemProps({ index })} key={row.id} size="small" label={row.name} />)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={errors.length > 0}
          helperText={errors.length > 0 ? errors.map((key) => t(key)).join(' ') : helperText}
        />
      )}
    />
  );
}
