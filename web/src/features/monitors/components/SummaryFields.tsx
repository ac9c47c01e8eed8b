import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SUMMARY_PERIODS } from '@gearwatch/contracts';
import type { SummaryPeriod } from '@gearwatch/contracts';

export interface ChoiceFieldProps<T extends string | number> {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
}

/** A select of fixed options for the summaries' settings panels. */
export function ChoiceField<T extends string | number>({ label, name, value, options, optionLabel, onChange }: ChoiceFieldProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      slotProps={{ htmlInput: { 'data-testid': `summary-field-${name}` } }}
      onChange={(event) => {
        const chosen = options.find((option) => String(option) === event.target.value);
        if (chosen !== undefined) onChange(chosen);
      }}
    >
      {options.map((option) => (
        <MenuItem key={String(option)} value={String(option)}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Today, this week or this month, in the company's timezone. */
export function PeriodField({ value, onChange }: { value: SummaryPeriod; onChange: (period: SummaryPeriod) => void }) {
  const { t } = useTranslation();
  return <ChoiceField label={t('summary.field.period')} name="period" value={value} options={SUMMARY_PERIODS} optionLabel={(p) => t(`summary.period.${p}`)} onChange={onChange} />;
}
