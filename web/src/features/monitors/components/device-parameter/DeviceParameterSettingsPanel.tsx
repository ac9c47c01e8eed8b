import type { DateRange, DeviceParameterInterval, SelectableParameter } from '@gearwatch/contracts';
import { DatesField } from '../fields/DatesField.tsx';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';
import type { NamedOption } from '../../../../components/selection/IdMultiSelect.tsx';
import { IntervalField } from '../fields/IntervalField.tsx';
import { ParameterField } from '../fields/ParameterField.tsx';

export interface DeviceParameterSettingsPanelProps<I extends DeviceParameterInterval> {
  /** Whose intervals the interval field offers. */
  kind: 'device-parameter' | 'efficiency';
  settings: DeviceSelection & { parameters: number[]; interval: I };
  /** The devices that may be chosen when not every one (efficiency: the first chosen device's type). */
  devices?: readonly NamedOption[];
  /** What may be chosen for the selection; null while the device lists load. */
  parameters: readonly SelectableParameter[] | null;
  selectedDeviceCount: number;
  range: DateRange;
  today: string;
  onSelectionChange: (patch: Partial<DeviceSelection>) => void;
  onParametersChange: (parameters: number[]) => void;
  onIntervalChange: (interval: I) => void;
  onRangeChange: (range: DateRange) => void;
}

/**
 * Spec 02 §2 items 1 and 5, the device parameter and efficiency monitors: devices or groups, parameters (disabled
 * until a device is selected), interval, dates.
 */
export function DeviceParameterSettingsPanel<I extends DeviceParameterInterval>(props: DeviceParameterSettingsPanelProps<I>) {
  const { kind, settings, parameters, selectedDeviceCount, range, today } = props;
  return (
    <>
      <DeviceSelectionField value={settings} onChange={props.onSelectionChange} devices={props.devices} />
      <ParameterField
        multiple
        parameters={parameters ?? []}
        loading={parameters === null}
        noDevice={selectedDeviceCount === 0}
        value={settings.parameters}
        onChange={props.onParametersChange}
      />
      <IntervalField kind={kind} range={range} value={settings.interval} onChange={props.onIntervalChange} />
      <DatesField value={range} onChange={props.onRangeChange} today={today} />
    </>
  );
}
