import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useDeviceOperatorGroups, useDeviceOperators } from '../../api/model.ts';
import { IdMultiSelect } from '../../../../components/selection/IdMultiSelect.tsx';
import { SelectionModeField } from '../../../../components/selection/SelectionModeField.tsx';

export interface OperatorSelection {
  deviceOperators: number[];
  deviceOperatorsGroups: number[];
  byGroups: boolean;
}

export interface OperatorSelectionFieldProps {
  value: OperatorSelection;
  onChange: (patch: Partial<OperatorSelection>) => void;
}

/** Operators or operator groups (spec 02 §2, the operator monitor): the radio switch, then a searchable choice. */
export function OperatorSelectionField({ value, onChange }: OperatorSelectionFieldProps) {
  const { t } = useTranslation();
  const operators = useDeviceOperators();
  const groups = useDeviceOperatorGroups();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <SelectionModeField
        label={t('monitor.field.selection')}
        itemsLabel={t('monitor.field.by-operators')}
        groupsLabel={t('monitor.field.by-operator-groups')}
        byGroups={value.byGroups}
        onChange={(byGroups) => onChange({ byGroups })}
        testId="monitor-field-by-groups"
      />
      {value.byGroups ? (
        <IdMultiSelect
          label={t('monitor.field.operator-groups')}
          options={groups.data ?? []}
          loading={groups.isPending}
          value={value.deviceOperatorsGroups}
          onChange={(deviceOperatorsGroups) => onChange({ deviceOperatorsGroups })}
          testId="monitor-field-operator-groups"
        />
      ) : (
        <IdMultiSelect
          label={t('monitor.field.operators')}
          options={operators.data ?? []}
          loading={operators.isPending}
          value={value.deviceOperators}
          onChange={(deviceOperators) => onChange({ deviceOperators })}
          testId="monitor-field-operators"
        />
      )}
    </Box>
  );
}
