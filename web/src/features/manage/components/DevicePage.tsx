import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../../api/data-areas.ts';
import { useDevice } from '../api/devices.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { useRowId } from '../hooks/useRowId.ts';
import { AssignedOperators } from './AssignedOperators.tsx';
import { BatteryCycles } from './BatteryCycles.tsx';
import { DetailHeader, Fact } from './DetailHeader.tsx';
import { DetailState } from './DetailState.tsx';
import { DevicePowerState, DeviceTechnicalStatus } from './DeviceStates.tsx';
import { DeviceReadings } from './DeviceReadings.tsx';
import { DeviceStatusSection } from './DeviceStatusSection.tsx';
import { NotFound } from './NotFound.tsx';
import { OperatorSessions } from './OperatorSessions.tsx';

/**
 * /manage/device/:id, the device page (spec 01 §2, spec 02 "Devices"): name, type, company, groups and state with
 * the redirect selector, Edit and Delete; the status icons; the current readings; the fitted modules and their
 * online state; the operators assigned; the battery cycles of a date range; the operator history; and what the app
 * composes in through `alerts` (its rules, alerts and stats, from the alerts feature).
 */
export function DevicePage({ alerts, tasks }: DevicePageProps = {}) {
  const id = useRowId();
  return id === null ? <NotFound listPath={managePaths.devices} /> : <DeviceDetail key={id} id={id} alerts={alerts} tasks={tasks} />;
}

export interface DevicePageProps {
  /** The device's alert rules, alerts and stats: another feature's section, which app/routes.tsx passes in. */
  alerts?: (deviceId: number) => ReactNode;
  /** The device's tasks with add: the tasks feature's section, passed in the same way. */
  tasks?: (deviceId: number) => ReactNode;
}

/** Keyed by the id: switching devices starts from fresh state (the cycles' range, the history's page). */
function DeviceDetail({ id, alerts, tasks }: { id: number } & DevicePageProps) {
  const { t } = useTranslation();
  const device = useDevice(id);
  const devices = useDevices();
  const options = useMemo(() => (devices.data ?? []).map(({ id: value, name }) => ({ id: value, name })), [devices.data]);
  if (!device.data) return <DetailState query={device} listPath={managePaths.devices} />;
  const row = device.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DetailHeader
        plural={RESOURCES.devices}
        id={id}
        name={row.name}
        options={options}
        switchLabel="manage.device.switch"
        editTitle="manage.devices.edit"
        listPath={managePaths.devices}
      >
        <Fact label={t('manage.column.device-type')}>{row.deviceType.name}</Fact>
        <Fact label={t('manage.device.company')}>{row.company.name}</Fact>
        <Fact label={t('manage.column.groups')}>{row.groups.length > 0 ? row.groups.map((group) => group.name).join(', ') : '—'}</Fact>
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <DeviceTechnicalStatus status={row.status} />
          <DevicePowerState powerState={row.powerState} />
        </Box>
        {row.description ? (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {row.description}
          </Typography>
        ) : null}
      </DetailHeader>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <DeviceStatusSection deviceId={id} />
          <AssignedOperators deviceId={id} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <DeviceReadings deviceId={id} />
        </Box>
      </Box>
      {alerts ? alerts(id) : null}
      {tasks ? tasks(id) : null}
      <BatteryCycles deviceId={id} />
      <OperatorSessions deviceId={id} />
    </Box>
  );
}
