import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { WORK_SUMMARY_PERIODS, WORK_SUMMARY_SORTS } from '@gearwatch/contracts';
import type { WorkSummaryPeriod, WorkSummarySort } from '@gearwatch/contracts';

/** The period of a summary: today, yesterday, this week or this month, in the company's calendar. */
export function PeriodField({ value, onChange }: { value: WorkSummaryPeriod; onChange: (period: WorkSummaryPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <TextField select size="small" label={t('work-summaries.field.period')} value={value} onChange={(event) => onChange(event.target.value as WorkSummaryPeriod)} data-testid="monitor-field-period">
      {WORK_SUMMARY_PERIODS.map((period) => (
        <MenuItem key={period} value={period}>
          {t(`work-summaries.period.${period}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The order of the rows: work or active time, ascending or descending (spec 02). */
export function SortField({ value, onChange }: { value: WorkSummarySort; onChange: (sort: WorkSummarySort) => void }) {
  const { t } = useTranslation();
  return (
    <TextField select size="small" label={t('work-summaries.field.sort')} value={value} onChange={(event) => onChange(event.target.value as WorkSummarySort)} data-testid="monitor-field-sort">
      {WORK_SUMMARY_SORTS.map((sort) => (
        <MenuItem key={sort} value={sort}>
          {t(`work-summaries.sort.${sort}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
