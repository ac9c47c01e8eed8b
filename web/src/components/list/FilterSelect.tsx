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

/** A list filter: one of the options, or all of them (''). Its value is a string, so one state type fits every
 * filter (ids, true/false); filterId turns an id filter's value into the list's filter key. */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const { t } = useTranslation();
  // A value the options no longer hold (a deleted company) shows as all rather than as an empty box.
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <TextField select size="small" label={label} value={known ? value : ''} onChange={(event) => onChange(event.target.value)} sx={{ minWidth: 180 }}>
      <MenuItem value="">
        <em>{t('list.filter.all')}</em>
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

/** The options of a filter over one model list (device groups, device types): its rows by id, named. */
export function modelOptions(rows: readonly { id: number; name: string }[] | undefined): FilterOption[] {
  return (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));
}
