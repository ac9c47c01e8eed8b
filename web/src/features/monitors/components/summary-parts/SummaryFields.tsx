import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SUMMARY_PERIODS, SUMMARY_SORTS } from '@gearwatch/contracts';
import type { SummaryPeriod, SummarySort } from '@gearwatch/contracts';

export interface ChoiceFieldProps<T extends string | number> {
  label: string;
  /** `data-testid` is `monitor-field-<name>`, like the other monitors' fields. */
  name: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
}

/** A select of fixed options for the summary widgets' settings. */
export function ChoiceField<T extends string | number>({ label, name, value, options, optionLabel, onChange }: ChoiceFieldProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      data-testid={`monitor-field-${name}`}
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

/** The period of a summary: today, yesterday, this week or this month, in the company's calendar. */
export function PeriodField({ value, onChange }: { value: SummaryPeriod; onChange: (period: SummaryPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceField
      label={t('summary.field.period')}
      name="period"
      value={value}
      options={SUMMARY_PERIODS}
      optionLabel={(p) => t(`summary.period.${p}`)}
      onChange={onChange}
    />
  );
}

/** The order of the rows: work or active time, descending or ascending (spec 02). */
export function SortField({ value, onChange }: { value: SummarySort; onChange: (sort: SummarySort) => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceField
      label={t('summary.field.sort')}
      name="sort"
      value={value}
      options={SUMMARY_SORTS}
      optionLabel={(s) => t(`summary.sort.${s}`)}
      onChange={onChange}
    />
  );
}
