import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceSchema } from '@gearwatch/contracts';
import type { Device, DeviceListFilter } from '@gearwatch/contracts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useDeviceTypeOptions } from '../api/options.ts';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { AddButton } from './AddButton.tsx';
import { FilterSelect, filterId } from '../../../components/list/FilterSelect.tsx';
import { DeviceStatusCell } from './DeviceStatusCell.tsx';
import { CompanyFilter } from './CompanyFilter.tsx';

const parse = (entry: unknown): Device => deviceSchema.parse(entry);

const COLUMNS: readonly EntityColumn<Device>[] = [
  { key: 'name', header: 'admin.column.name', cell: (row) => row.name, sortField: 'name' },
  { key: 'company', header: 'admin.column.company', cell: (row) => row.company.name },
  { key: 'type', header: 'admin.devices.column.device-type', cell: (row) => row.deviceType.name, sortField: 'deviceType' },
  { key: 'status', header: 'admin.devices.column.status', cell: (row) => <DeviceStatusCell status={row.status} />, sortField: 'status' },
  { key: 'sensors', header: 'admin.devices.column.sensors', cell: (row) => row.sensors.map((sensor) => sensor.serialNumber).join(', ') || '—' },
];

/**
 * /administration/devices: the devices of every company through the same `devices` form as /manage (a super-admin's
 * form adds the company), narrowed by company and device type. A device with fitted modules is cleared (unassign) before it is
 * deleted.
 */
export function AdminDevicesPage() {
  const { t } = useTranslation();
  const types = useDeviceTypeOptions();
  const [deviceType, setDeviceType] = useState('');
  const [company, setCompany] = useState('');
  const dialogs = useEntityDialogs();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const filter = useMemo<DeviceListFilter>(() => ({ deviceType: filterId(deviceType), company: filterId(company) }), [deviceType, company]);
  const typeOptions = useMemo(() => (types.data ?? []).map((row) => ({ value: String(row.id), label: row.name })), [types.data]);
  return (
    <>
      <AddButton label={t('admin.devices.add')} onClick={dialogs.add} />
      <EntityList<Device>
        plural="devices"
        columns={COLUMNS}
        parse={parse}
        filter={filter}
        defaultSort="name"
        actions={(row) => <RowActions onEdit={() => dialogs.edit(row.id)} onDelete={() => dialogs.remove(row.id, row.name)} />}
        empty={{ title: t('admin.devices.empty') }}
        toolbar={
          <>
            <CompanyFilter value={company} onChange={setCompany} />
            <FilterSelect label={t('admin.filter.device-type')} value={deviceType} options={typeOptions} onChange={setDeviceType} />
          </>
        }
      />
      <FormDialog
        open={form.open}
        resource="devices"
        id={form.id}
        title={t(form.id === null ? 'admin.devices.add' : 'admin.devices.edit')}
        onClose={dialogs.close}
      />
      {removal ? <DeleteDialog open={removal.open} plural="devices" id={removal.id} name={removal.name} onClose={dialogs.close} /> : null}
    </>
  );
}
