import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface FilterOption {
  value: string;
  /** Already translated (or a row's name). */
  label: string;
}

export interface FilterSelectProps {
  /** Already translated. */
  label: string;
  /** '' for all. */
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

/** A list filter: one of the options, or all of them (''). */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const { t } = useTranslation();
  // A value the options no longer hold (a deleted company) shows as all rather than as an empty box.
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <TextField select size="small" label={label} value={known ? value : ''} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 180 }}>
      <MenuItem value="">
        <em>{t('admin.filter.all')}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The id a filter's value stands for, or undefined for all (left out of the list's filter). */
export function filterId(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

/** The active / inactive filter of a list ('' for both). */
export function ActiveFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const options = [
    { value: 'true', label: t('status.active') },
    { value: 'false', label: t('status.inactive') },
  ];
  return <FilterSelect label={t('admin.filter.active')} value={value} options={options} onChange={onChange} />;
}

/** The `active` key of a list's filter for an ActiveFilter's value; undefined for both. */
export function activeFilter(value: string): boolean | undefined {
  return value === '' ? undefined : value === 'true';
}
