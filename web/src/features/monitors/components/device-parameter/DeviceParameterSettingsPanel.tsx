import { useTranslation } from 'react-i18next';
import { DIAGNOSTICS_LIMITS } from '@gearwatch/contracts';
import type { DateRange, DeviceParameterInterval, DeviceParameterSettings, SelectableParameter } from '@gearwatch/contracts';
import { DateRangeField } from '../../../../components/dates/DateRangeField.tsx';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';
import { IntervalField } from '../fields/IntervalField.tsx';
import { ParameterField } from '../fields/ParameterField.tsx';

export interface DeviceParameterSettingsPanelProps {
  settings: DeviceParameterSettings;
  /** What may be chosen for the selection; null while the device lists load. */
  parameters: readonly SelectableParameter[] | null;
  selectedDeviceCount: number;
  range: DateRange;
  today: string;
  onSelectionChange: (patch: Partial<DeviceSelection>) => void;
  onParametersChange: (parameters: number[]) => void;
  onIntervalChange: (interval: DeviceParameterInterval) => void;
  onRangeChange: (range: DateRange) => void;
}

/** Spec 02 §2 item 1: devices or groups, parameters (disabled until a device is selected), interval, dates. */
export function DeviceParameterSettingsPanel(props: DeviceParameterSettingsPanelProps) {
  const { settings, parameters, selectedDeviceCount, range, today } = props;
  const { t } = useTranslation();
  return (
    <>
      <DeviceSelectionField value={settings} onChange={props.onSelectionChange} />
      <ParameterField multiple parameters={parameters ?? []} loading={parameters === null} noDevice={selectedDeviceCount === 0} value={settings.parameters} onChange={props.onParametersChange} />
      <IntervalField kind="device-parameter" range={range} value={settings.interval} onChange={props.onIntervalChange} />
      <DateRangeField label={t('monitor.field.dates')} value={range} onChange={props.onRangeChange} today={today} maxDays={DIAGNOSTICS_LIMITS.maxRangeDays} presets fullWidth />
    </>
  );
}
