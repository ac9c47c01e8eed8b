import type { AsyncSettings, DateRange, SelectableParameter } from '@gearwatch/contracts';
import { DatesField } from '../fields/DatesField.tsx';
import { ParameterField } from '../fields/ParameterField.tsx';
import { AsyncDeviceField } from './AsyncDeviceField.tsx';

export interface AsyncSettingsPanelProps {
  settings: AsyncSettings;
  /** What may be chosen for the device; null while the device lists load. */
  parameters: readonly SelectableParameter[] | null;
  range: DateRange;
  today: string;
  onDeviceChange: (device: number | null) => void;
  onParametersChange: (parameters: number[]) => void;
  onRangeChange: (range: DateRange) => void;
}

/** Spec 02 §2 item 7: one device, its parameters (disabled until the device is chosen), the dates. */
export function AsyncSettingsPanel(props: AsyncSettingsPanelProps) {
  const { settings, parameters, range, today } = props;
  return (
    <>
      <AsyncDeviceField value={settings.device} onChange={props.onDeviceChange} />
      <ParameterField
        multiple
        parameters={parameters ?? []}
        loading={parameters === null}
        noDevice={settings.device === null}
        value={settings.parameters}
        onChange={props.onParametersChange}
      />
      <DatesField value={range} onChange={props.onRangeChange} today={today} />
    </>
  );
}
