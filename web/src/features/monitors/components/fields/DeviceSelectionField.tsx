import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../../../api/data-areas.ts';
import { useDeviceGroups } from '../../api/model.ts';
import { IdMultiSelect } from '../../../../components/selection/IdMultiSelect.tsx';
import type { NamedOption } from '../../../../components/selection/IdMultiSelect.tsx';
import { SelectionModeField } from '../../../../components/selection/SelectionModeField.tsx';

export interface DeviceSelection {
  devices: number[];
  deviceGroups: number[];
  byGroups: boolean;
}

export interface DeviceSelectionFieldProps {
  value: DeviceSelection;
  onChange: (patch: Partial<DeviceSelection>) => void;
  /** The devices to offer, when not every device (the efficiency monitor offers one device type). */
  devices?: readonly NamedOption[];
}

/** Devices or device groups (spec 02 §2): the byGroups radio, then a searchable multiple choice of either. */
export function DeviceSelectionField({ value, onChange, devices }: DeviceSelectionFieldProps) {
  const { t } = useTranslation();
  const allDevices = useDevices();
  const groups = useDeviceGroups();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <SelectionModeField
        label={t('monitor.field.selection')}
        itemsLabel={t('monitor.field.by-devices')}
        groupsLabel={t('monitor.field.by-device-groups')}
        byGroups={value.byGroups}
        onChange={(byGroups) => onChange({ byGroups })}
        testId="monitor-field-by-groups"
      />
      {value.byGroups ? (
        <IdMultiSelect
          label={t('monitor.field.device-groups')}
          options={groups.data ?? []}
          loading={groups.isPending}
          value={value.deviceGroups}
          onChange={(deviceGroups) => onChange({ deviceGroups })}
          testId="monitor-field-device-groups"
        />
      ) : (
        <IdMultiSelect
          label={t('monitor.field.devices')}
          options={devices ?? allDevices.data ?? []}
          loading={allDevices.isPending}
          value={value.devices}
          onChange={(ids) => onChange({ devices: ids })}
          testId="monitor-field-devices"
        />
      )}
    </Box>
  );
}
