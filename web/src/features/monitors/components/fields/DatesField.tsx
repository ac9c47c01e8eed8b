import { useTranslation } from 'react-i18next';
import { DIAGNOSTICS_LIMITS } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { DateRangeField } from '../../../../components/dates/DateRangeField.tsx';

export interface DatesFieldProps {
  value: DateRange;
  today: string;
  onChange: (range: DateRange) => void;
}

/** A monitor's dates (spec 02 §2): a range of at most the diagnostics limit, with the presets. */
export function DatesField({ value, today, onChange }: DatesFieldProps) {
  const { t } = useTranslation();
  return (
    <DateRangeField
      label={t('monitor.field.dates')}
      value={value}
      onChange={onChange}
      today={today}
      maxDays={DIAGNOSTICS_LIMITS.maxRangeDays}
      presets
      fullWidth
    />
  );
}
