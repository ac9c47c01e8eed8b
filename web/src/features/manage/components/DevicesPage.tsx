import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceSchema } from '@gearwatch/contracts';
import type { Device, DeviceListFilter } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { useDeviceGroupOptions, useDeviceTypeOptions } from '../../../api/model-lists.ts';
import { FilterSelect, filterId, modelOptions } from '../../../components/list/FilterSelect.tsx';
import { ManageList } from './ManageList.tsx';
import { DevicePowerState, DeviceTechnicalStatus } from './DeviceStates.tsx';
import type { FaqKeys } from '../../../components/FaqAccordion.tsx';

const parseDevice = (entry: unknown) => deviceSchema.parse(entry);

/** Several names in one cell, or a dash for none. */
function Names({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <>—</>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {names.map((name, index) => (
        <Chip key={`${name}-${index}`} label={name} size="small" variant="outlined" />
      ))}
    </Box>
  );
}

/** The empty list's questions: what a device is and how to add one. */
const DEVICE_FAQ: readonly FaqKeys[] = [
  ['manage.devices.faq.what.question', 'manage.devices.faq.what.answer'],
  ['manage.devices.faq.add.question', 'manage.devices.faq.add.answer'],
];

/**
 * /manage/devices (spec 01 §2): the company's devices with type, groups, technical status, power state and fitted
 * modules; search, sort, a device-group and a device-type filter; add, edit and delete (a device with modules is
 * refused with them listed, and the dialog offers to unassign them).
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const [deviceGroup, setDeviceGroup] = useState('');
  const [deviceType, setDeviceType] = useState('');
  const groups = useDeviceGroupOptions();
  const types = useDeviceTypeOptions();
  const filter = useMemo<DeviceListFilter>(() => ({ deviceGroup: filterId(deviceGroup), deviceType: filterId(deviceType) }), [deviceGroup, deviceType]);

  const columns: EntityColumn<Device>[] = [
    { key: 'type', header: 'manage.column.device-type', sortField: 'deviceType', cell: (row) => row.deviceType.name },
    { key: 'groups', header: 'manage.column.groups', cell: (row) => <Names names={row.groups.map((group) => group.name)} /> },
    { key: 'status', header: 'manage.column.status', sortField: 'status', cell: (row) => <DeviceTechnicalStatus status={row.status} /> },
    { key: 'power', header: 'manage.column.power-state', cell: (row) => <DevicePowerState powerState={row.powerState} /> },
    { key: 'modules', header: 'manage.column.modules', cell: (row) => <Names names={row.sensors.map((sensor) => sensor.name || sensor.serialNumber)} /> },
  ];

  return (
    <ManageList<Device>
      plural={RESOURCES.devices}
      duplicable
      nameHeader="manage.column.name"
      columns={columns}
      parse={parseDevice}
      detailPath={managePaths.device}
      filter={filter}
      texts={{
        add: 'manage.devices.add',
        edit: 'manage.devices.edit',
        emptyTitle: 'manage.devices.empty.title',
        emptyMessage: 'manage.devices.empty.message',
        faq: DEVICE_FAQ,
      }}
      toolbar={
        <>
          <FilterSelect label={t('manage.filter.device-group')} value={deviceGroup} options={modelOptions(groups.data)} onChange={setDeviceGroup} />
          <FilterSelect label={t('manage.filter.device-type')} value={deviceType} options={modelOptions(types.data)} onChange={setDeviceType} />
        </>
      }
    />
  );
}
