import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkActivityParameter, WorkActivityShiftParameter } from '@gearwatch/contracts';

type Translate = (key: string) => string;

/** The translated name of a work/activity chart's parameter; the shift chart's sums are named like their values. */
export function workParameterLabel(parameter: WorkActivityParameter | WorkActivityShiftParameter, t: Translate): string {
  switch (parameter) {
    case 'work':
    case 'workSum':
      return t('monitor.work-activity.work');
    case 'active':
    case 'activeSum':
      return t('monitor.work-activity.active');
    case 'counter':
    case 'counterSum':
      return t('monitor.work-activity.counter');
  }
}

export interface WorkParameterFieldProps<P extends WorkActivityParameter | WorkActivityShiftParameter> {
  /** The choices, in order (contracts WORK_ACTIVITY_PARAMETERS or WORK_ACTIVITY_SHIFT_PARAMETERS). */
  options: readonly P[];
  value: P;
  onChange: (parameter: P) => void;
}

/** The work/activity charts' parameter: work, activity or counter, as a radio (spec 02 §2 items 3 and 4). */
export function WorkParameterField<P extends WorkActivityParameter | WorkActivityShiftParameter>({ options, value, onChange }: WorkParameterFieldProps<P>) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl data-testid="monitor-field-parameter">
      <FormLabel id={labelId}>{t('monitor.field.parameter')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value}
        onChange={(_, next) => {
          const chosen = options.find((option) => option === next);
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {options.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={workParameterLabel(option, t)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
