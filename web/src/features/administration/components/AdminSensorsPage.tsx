import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODULE_PROTOCOLS, sensorSchema } from '@gearwatch/contracts';
import type { ModuleProtocol, Sensor, SensorListFilter } from '@gearwatch/contracts';
import { useDevices } from '../../../api/data-areas.ts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import type { FormValues } from '../../../components/forms/form-values.ts';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useNow } from '../../../components/status/useNow.ts';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { AddButton } from './AddButton.tsx';
import { BooleanCell } from './BooleanCell.tsx';
import { CompanyFilter } from './CompanyFilter.tsx';
import { FilterSelect, filterId } from '../../../components/list/FilterSelect.tsx';
import { ActiveFilter, activeFilter } from './ActiveFilter.tsx';
import { InstantCell } from './InstantCell.tsx';
import { SensorLocationCell, SensorPlaceCell, SensorStateCell, WarrantyCell } from './SensorCells.tsx';
import { UnknownModulesPanel } from './UnknownModulesPanel.tsx';
import { OpcuaCertificatesPanel } from './OpcuaCertificatesPanel.tsx';
import { OpcuaMappingTools } from './OpcuaMappingTools.tsx';
import { machineOf } from '../api/opcua-mapping-lines.ts';

const parse = (entry: unknown): Sensor => sensorSchema.parse(entry);

const protocolFilter = (value: string): ModuleProtocol | undefined => MODULE_PROTOCOLS.find((protocol) => protocol === value);

function columns(now: number, protocolLabel: (protocol: ModuleProtocol) => string): EntityColumn<Sensor>[] {
  return [
    { key: 'name', header: 'admin.column.name', cell: (row) => row.name, sortField: 'name' },
    { key: 'serial', header: 'admin.sensors.column.serial-number', cell: (row) => row.serialNumber, sortField: 'serialNumber' },
    { key: 'protocol', header: 'admin.sensors.column.protocol', cell: (row) => protocolLabel(row.protocol) },
    // One column for both: the device is always one of the company's, and the list has many columns to fit.
    { key: 'company', header: 'admin.sensors.column.company-device', cell: (row) => <SensorPlaceCell sensor={row} />, sortField: 'company' },
    { key: 'active', header: 'admin.sensors.column.active', cell: (row) => <BooleanCell value={row.active} />, align: 'center' },
    { key: 'state', header: 'admin.sensors.column.state', cell: (row) => <SensorStateCell sensor={row} now={now} />, sortField: 'lastActivity' },
    { key: 'location', header: 'admin.sensors.column.last-location', cell: (row) => <SensorLocationCell sensor={row} now={now} /> },
    { key: 'work', header: 'admin.sensors.column.last-work-time', cell: (row) => <InstantCell value={row.lastWorkTime} now={now} noneKey="admin.none" /> },
    { key: 'warranty', header: 'admin.sensors.column.warranty-to', cell: (row) => <WarrantyCell sensor={row} now={now} /> },
  ];
}

/**
 * /administration/sensors: the measurement modules of every company with their device, whether they are online and
 * where and when they last reported, narrowed by company, device, active and protocol. A module fitted to a device is taken
 * off it (unassign) before it can be deleted. Devices that tried to connect unregistered are listed above, each
 * registered in one step.
 */
export function AdminSensorsPage() {
  const { t } = useTranslation();
  // One clock for every "5 min ago" of the list.
  const now = useNow();
  // A super-admin's devices data area holds every company's devices.
  const devices = useDevices();
  const [company, setCompany] = useState('');
  const [device, setDevice] = useState('');
  const [active, setActive] = useState('');
  const [protocol, setProtocol] = useState('');
  const dialogs = useEntityDialogs();
  // The add form opened from an unknown device starts with its protocol and serial number.
  const [presets, setPresets] = useState<FormValues | undefined>(undefined);
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const filter = useMemo<SensorListFilter>(
    () => ({ company: filterId(company), device: filterId(device), active: activeFilter(active), protocol: protocolFilter(protocol) }),
    [company, device, active, protocol],
  );
  // With a company chosen, only its devices; otherwise every device, named with its company.
  const deviceOptions = useMemo(
    () =>
      (devices.data ?? [])
        .filter((row) => company === '' || String(row.company.id) === company)
        .map((row) => ({ value: String(row.id), label: company === '' ? `${row.company.name} · ${row.name}` : row.name })),
    [devices.data, company],
  );
  const cols = useMemo(() => columns(now, (value) => t(`sensor.protocol.${value}`)), [now, t]);
  const protocolOptions = useMemo(() => MODULE_PROTOCOLS.map((value) => ({ value, label: t(`sensor.protocol.${value}`) })), [t]);

  const chooseCompany = (value: string) => {
    setCompany(value);
    // A device of another company would leave the list empty for no visible reason.
    setDevice('');
  };

  return (
    <>
      <AddButton
        label={t('admin.sensors.add')}
        onClick={() => {
          setPresets(undefined);
          dialogs.add();
        }}
      />
      <UnknownModulesPanel
        now={now}
        onRegister={(device) => {
          setPresets({ protocol: device.protocol, serialNumber: device.serialNumber });
          dialogs.add();
        }}
      />
      <OpcuaCertificatesPanel now={now} />
      <EntityList<Sensor>
        plural="sensors"
        columns={cols}
        parse={parse}
        filter={filter}
        defaultSort="name"
        actions={(row) => <RowActions onEdit={() => dialogs.edit(row.id)} onDelete={() => dialogs.remove(row.id, row.name)} />}
        empty={{ title: t('admin.sensors.empty') }}
        toolbar={
          <>
            <CompanyFilter value={company} onChange={chooseCompany} />
            <FilterSelect label={t('admin.filter.device')} value={device} options={deviceOptions} onChange={setDevice} />
            <ActiveFilter value={active} onChange={setActive} />
            <FilterSelect label={t('admin.filter.protocol')} value={protocol} options={protocolOptions} onChange={setProtocol} />
          </>
        }
      />
      <FormDialog
        open={form.open}
        resource="sensors"
        id={form.id}
        title={t(form.id === null ? 'admin.sensors.add' : 'admin.sensors.edit')}
        presets={form.id === null ? presets : undefined}
        onClose={dialogs.close}
        // An OPC UA module's mapping gets its Browse buttons and presets (docs/opcua.md "Browsing").
        fieldAddons={(values, setValue, disabled) =>
          values.protocol === 'opcua'
            ? {
                opcuaMapping: (
                  <OpcuaMappingTools
                    machine={machineOf(values, form.id)}
                    mapping={typeof values.opcuaMapping === 'string' ? values.opcuaMapping : ''}
                    onMapping={(text) => setValue('opcuaMapping', text)}
                    disabled={disabled}
                  />
                ),
              }
            : {}
        }
      />
      {removal ? <DeleteDialog open={removal.open} plural="sensors" id={removal.id} name={removal.name} onClose={dialogs.close} /> : null}
    </>
  );
}
