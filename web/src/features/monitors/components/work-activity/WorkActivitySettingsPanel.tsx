import type { DateRange, WorkActivityParameter, WorkActivityShiftParameter } from '@gearwatch/contracts';
import { DatesField } from '../fields/DatesField.tsx';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';
import { WorkParameterField } from './WorkParameterField.tsx';

export interface WorkActivitySettingsPanelProps<P extends WorkActivityParameter | WorkActivityShiftParameter> {
  selection: DeviceSelection;
  parameters: readonly P[];
  parameter: P;
  range: DateRange;
  today: string;
  onSelectionChange: (patch: Partial<DeviceSelection>) => void;
  onParameterChange: (parameter: P) => void;
  onRangeChange: (range: DateRange) => void;
}

/**
 * The settings of both work/activity charts (spec 02 §2 items 3 and 4): devices or groups, the parameter radio and
 * the dates; no interval and no chart-type field.
 */
export function WorkActivitySettingsPanel<P extends WorkActivityParameter | WorkActivityShiftParameter>(props: WorkActivitySettingsPanelProps<P>) {
  return (
    <>
      <DeviceSelectionField value={props.selection} onChange={props.onSelectionChange} />
      <WorkParameterField options={props.parameters} value={props.parameter} onChange={props.onParameterChange} />
      <DatesField value={props.range} onChange={props.onRangeChange} today={props.today} />
    </>
  );
}
