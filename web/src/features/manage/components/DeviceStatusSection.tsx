import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DeviceStatusEntry } from '@gearwatch/contracts';
import { DeviceActivity } from '../../../components/status/DeviceActivity.tsx';
import { StatusIcons } from '../../../components/status/StatusIcons.tsx';
import { useDeviceStatus } from '../api/devices.ts';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { QueryBody } from './QueryBody.tsx';
import { Section } from '../../../components/Section.tsx';
import { SimpleTable } from './SimpleTable.tsx';
import type { SimpleColumn } from './SimpleTable.tsx';

type Module = DeviceStatusEntry['sensors'][number];

/** Online (contact within 10 minutes), offline, or never connected. */
function ModuleState({ module }: { module: Module }) {
  const { t } = useTranslation();
  if (module.online) return <Chip size="small" color="success" label={t('manage.modules.online')} />;
  return <Chip size="small" variant="outlined" label={t(module.lastContact ? 'manage.modules.offline' : 'manage.modules.never')} />;
}

/**
 * The device's status icons (spec 01 §2: voltages, today's times, last sync and location, modules, operator) and
 * its fitted modules with their online state, both from `GET /api/devices/{id}/status`.
 */
export function DeviceStatusSection({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const status = useDeviceStatus(deviceId);
  const columns: SimpleColumn<Module>[] = [
    { key: 'name', header: 'manage.modules.column.name', cell: (row) => row.name || '—' },
    { key: 'serial', header: 'manage.modules.column.serial', cell: (row) => row.serialNumber },
    { key: 'state', header: 'manage.modules.column.state', cell: (row) => <ModuleState module={row} /> },
    { key: 'contact', header: 'manage.modules.column.last-contact', nowrap: true, cell: (row) => formatDateTime(row.lastContact, dateFormat) || '—' },
  ];
  return (
    <>
      <Section title={t('manage.status.title')} testId="device-status" actions={status.data ? <DeviceActivity active={status.data.active} /> : null}>
        <QueryBody query={status}>
          {(entry) => (
            <Box sx={{ px: 2, py: 1.5 }}>
              <StatusIcons entry={entry} />
            </Box>
          )}
        </QueryBody>
      </Section>
      <Section title={t('manage.modules.title')} testId="device-modules">
        <QueryBody query={status}>
          {(entry) => <SimpleTable columns={columns} rows={entry.sensors} rowKey={(row) => row.id} empty={t('manage.modules.empty')} testId="modules-table" />}
        </QueryBody>
      </Section>
    </>
  );
}
