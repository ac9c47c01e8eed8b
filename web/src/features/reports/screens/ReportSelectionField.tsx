import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { isOperatorReport } from '@gearwatch/contracts';
import type { ReportType } from '@gearwatch/contracts';
import { useDevices } from '../../../api/data-areas.ts';
import { IdMultiSelect } from '../../../components/selection/IdMultiSelect.tsx';
import { SelectionModeField } from '../../../components/selection/SelectionModeField.tsx';
import type { ReportSelection } from '../api/report-data.ts';
import { useDeviceGroupOptions, useDeviceOperatorOptions, useOperatorGroupOptions } from '../../../api/model-lists.ts';

export interface ReportSelectionFieldProps {
  type: ReportType;
  value: ReportSelection;
  onChange: (patch: Partial<ReportSelection>) => void;
}

function DeviceSelection({ value, onChange }: Omit<ReportSelectionFieldProps, 'type'>) {
  const { t } = useTranslation();
  const devices = useDevices();
  const groups = useDeviceGroupOptions();
  return value.byGroups ? (
    <IdMultiSelect
      label={t('reports.screen.field.device-groups')}
      options={groups.data ?? []}
      loading={groups.isPending}
      value={value.groups}
      onChange={(ids) => onChange({ groups: ids })}
      testId="report-field-device-groups"
    />
  ) : (
    <IdMultiSelect
      label={t('reports.screen.field.devices')}
      options={devices.data ?? []}
      loading={devices.isPending}
      value={value.devices}
      onChange={(ids) => onChange({ devices: ids })}
      testId="report-field-devices"
    />
  );
}

function OperatorSelection({ value, onChange }: Omit<ReportSelectionFieldProps, 'type'>) {
  const { t } = useTranslation();
  const operators = useDeviceOperatorOptions();
  const groups = useOperatorGroupOptions();
  return value.byGroups ? (
    <IdMultiSelect
      label={t('reports.screen.field.operator-groups')}
      options={groups.data ?? []}
      loading={groups.isPending}
      value={value.deviceOperatorsGroups}
      onChange={(ids) => onChange({ deviceOperatorsGroups: ids })}
      testId="report-field-operator-groups"
    />
  ) : (
    <IdMultiSelect
      label={t('reports.screen.field.operators')}
      options={operators.data ?? []}
      loading={operators.isPending}
      value={value.deviceOperators}
      onChange={(ids) => onChange({ deviceOperators: ids })}
      testId="report-field-operators"
    />
  );
}

/**
 * What the report is about (spec 02 §2 "byGroups"): devices or device groups, or for the operator reports operators
 * or operator groups; the radio switch, then a searchable multiple choice — the monitors' pickers.
 */
export function ReportSelectionField({ type, value, onChange }: ReportSelectionFieldProps) {
  const { t } = useTranslation();
  const operators = isOperatorReport(type);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <SelectionModeField
        label={t('reports.screen.field.selection')}
        itemsLabel={t(operators ? 'reports.screen.field.operators' : 'reports.screen.field.devices')}
        groupsLabel={t(operators ? 'reports.screen.field.operator-groups' : 'reports.screen.field.device-groups')}
        byGroups={value.byGroups}
        onChange={(byGroups) => onChange({ byGroups })}
        testId="report-field-by-groups"
      />
      {operators ? <OperatorSelection value={value} onChange={onChange} /> : <DeviceSelection value={value} onChange={onChange} />}
    </Box>
  );
}
