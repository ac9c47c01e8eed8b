import { useTranslation } from 'react-i18next';
import { DIAGNOSTICS_LIMITS } from '@gearwatch/contracts';
import type { DateRange, EfficiencyInterval, EfficiencySettings, SelectableParameter } from '@gearwatch/contracts';
import { DateRangeField } from '../../../../components/dates/DateRangeField.tsx';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';
import type { NamedOption } from '../fields/IdMultiSelect.tsx';
import { IntervalField } from '../fields/IntervalField.tsx';
import { ParameterField } from '../fields/ParameterField.tsx';

export interface EfficiencySettingsPanelProps {
  settings: EfficiencySettings;
  /** The devices that may be chosen: those of the first chosen device's type; undefined while they load. */
  devices: readonly NamedOption[] | undefined;
  /** What may be chosen for the selection, efficiency first when offered; null while the lists load. */
  parameters: readonly SelectableParameter[] | null;
  selectedDeviceCount: number;
  range: DateRange;
  today: string;
  onSelectionChange: (patch: Partial<DeviceSelection>) => void;
  onParametersChange: (parameters: number[]) => void;
  onIntervalChange: (interval: EfficiencyInterval) => void;
  onRangeChange: (range: DateRange) => void;
}

/** Spec 02 §2 item 5: devices of one type or groups, parameters with efficiency, interval, dates. */
export function EfficiencySettingsPanel(props: EfficiencySettingsPanelProps) {
  const { settings, parameters, selectedDeviceCount, range, today } = props;
  const { t } = useTranslation();
  return (
    <>
      <DeviceSelectionField value={settings} onChange={props.onSelectionChange} devices={props.devices} />
      <ParameterField multiple parameters={parameters ?? []} loading={parameters === null} noDevice={selectedDeviceCount === 0} value={settings.parameters} onChange={props.onParametersChange} />
      <IntervalField kind="efficiency" range={range} value={settings.interval} onChange={props.onIntervalChange} />
      <DateRangeField label={t('monitor.field.dates')} value={range} onChange={props.onRangeChange} today={today} maxDays={DIAGNOSTICS_LIMITS.maxRangeDays} presets fullWidth />
    </>
  );
}
