import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface NamedOption {
  id: number;
  name: string;
}

export interface IdMultiSelectProps {
  label: string;
  options: readonly NamedOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
  disabled?: boolean;
  /** `data-testid` of the field. */
  testId?: string;
}

/**
 * A searchable multiple choice of named things by id, chosen ones as chips. Ids that are not among the options (a
 * deleted device, or the list still loading) are not shown but kept until the user changes the choice.
 */
export function IdMultiSelect({ label, options, value, onChange, loading = false, disabled = false, testId }: IdMultiSelectProps) {
  const { t } = useTranslation();
  const chosen = useMemo(() => {
    const byId = new Map(options.map((option) => [option.id, option]));
    return value.map((id) => byId.get(id)).filter((option): option is NamedOption => option !== undefined);
  }, [options, value]);
  return (
    <Autocomplete
      multiple
      data-testid={testId}
      options={options}
      value={chosen}
      onChange={(_, next) => onChange(next.map((option) => option.id))}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      // Keyed by id: two devices may share a name.
      renderOption={({ key: _key, ...props }, option) => (
        <li key={option.id} {...props}>
          {option.name}
        </li>
      )}
      filterSelectedOptions
      disableCloseOnSelect
      loading={loading}
      disabled={disabled}
      loadingText={t('common.loading')}
      noOptionsText={t('monitor.field.no-options')}
      renderInput={(params) => <TextField {...params} label={label} size="small" />}
    />
  );
}
