import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface FilterSelectProps {
  /** A translation key. */
  label: string;
  value: number | null;
  options: readonly { id: number; name: string }[] | undefined;
  onChange: (value: number | null) => void;
}

const ALL = '';

/** A list filter over one model list (a group, a type), with an "all" choice that clears it. */
export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  const { t } = useTranslation();
  const known = value !== null && (options ?? []).some((option) => option.id === value);
  return (
    <TextField
      select
      size="small"
      label={t(label)}
      value={known ? String(value) : ALL}
      onChange={(event) => onChange(event.target.value === ALL ? null : Number(event.target.value))}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value={ALL}>{t('manage.filter.all')}</MenuItem>
      {(options ?? []).map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
