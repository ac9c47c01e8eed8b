import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { availableIntervals } from '@gearwatch/contracts';
import type { DateRange, DiagnosticsInterval, IntervalMonitorKind } from '@gearwatch/contracts';

/** The translation key naming an interval. */
export function intervalLabelKey(interval: DiagnosticsInterval): string {
  return `monitor.interval.${interval}`;
}

export interface IntervalFieldProps<I extends DiagnosticsInterval> {
  kind: IntervalMonitorKind;
  range: DateRange;
  value: I;
  onChange: (interval: I) => void;
}

/**
 * The interval choice: the kind's intervals the range allows (contracts `availableIntervals`). The caller keeps the
 * value among them when the range changes (contracts `fitInterval`).
 */
export function IntervalField<I extends DiagnosticsInterval>({ kind, range, value, onChange }: IntervalFieldProps<I>) {
  const { t } = useTranslation();
  const options = availableIntervals(kind, range) as I[];
  return (
    <TextField
      select
      size="small"
      label={t('monitor.field.interval')}
      value={options.includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value as I)}
      data-testid="monitor-field-interval"
    >
      {options.map((interval) => (
        <MenuItem key={interval} value={interval}>
          {t(intervalLabelKey(interval))}
        </MenuItem>
      ))}
    </TextField>
  );
}
