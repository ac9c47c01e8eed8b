import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_OPERATOR_PARAMETERS, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { DateRange, DeviceOperatorInterval, DeviceOperatorParameter, DeviceOperatorSettings } from '@gearwatch/contracts';
import { DatesField } from '../fields/DatesField.tsx';
import { IntervalField } from '../fields/IntervalField.tsx';
import { OperatorSelectionField } from '../fields/OperatorSelectionField.tsx';
import type { OperatorSelection } from '../fields/OperatorSelectionField.tsx';

/** The translation key naming the operator monitor's parameter. */
export const OPERATOR_PARAMETER_KEYS: Record<DeviceOperatorParameter, string> = {
  [PARAMETER_NUMBERS.work]: 'device-operator-monitor.parameter.work',
  [PARAMETER_NUMBERS.active]: 'device-operator-monitor.parameter.active',
};

function isOperatorParameter(value: number): value is DeviceOperatorParameter {
  return (DEVICE_OPERATOR_PARAMETERS as readonly number[]).includes(value);
}

export interface DeviceOperatorSettingsPanelProps {
  settings: DeviceOperatorSettings;
  range: DateRange;
  today: string;
  onSelectionChange: (patch: Partial<OperatorSelection>) => void;
  onParameterChange: (parameter: DeviceOperatorParameter) => void;
  onIntervalChange: (interval: DeviceOperatorInterval) => void;
  onRangeChange: (range: DateRange) => void;
}

/** Spec 02 §2 item 2: operators or operator groups, work or activity, interval, dates. */
export function DeviceOperatorSettingsPanel(props: DeviceOperatorSettingsPanelProps) {
  const { settings, range, today } = props;
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <>
      <OperatorSelectionField value={settings} onChange={props.onSelectionChange} />
      <FormControl data-testid="monitor-field-operator-parameter">
        <FormLabel id={labelId}>{t('monitor.field.parameter')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={String(settings.parameter)}
          onChange={(_, value) => {
            const parameter = Number(value);
            if (isOperatorParameter(parameter)) props.onParameterChange(parameter);
          }}
        >
          {DEVICE_OPERATOR_PARAMETERS.map((parameter) => (
            <FormControlLabel key={parameter} value={String(parameter)} control={<Radio size="small" />} label={t(OPERATOR_PARAMETER_KEYS[parameter])} />
          ))}
        </RadioGroup>
      </FormControl>
      <IntervalField kind="device-operator" range={range} value={settings.interval} onChange={props.onIntervalChange} />
      <DatesField value={range} onChange={props.onRangeChange} today={today} />
    </>
  );
}
