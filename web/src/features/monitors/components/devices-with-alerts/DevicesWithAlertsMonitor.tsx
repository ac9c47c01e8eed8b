import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import { SummaryGuideAction } from '../SummaryGuideAction.tsx';
import type { MonitorProps } from '../types.ts';
import { devicesWithAlertsRequest, fetchDevicesWithAlerts } from './devices-with-alerts-request.ts';
import { DevicesWithAlertsSettingsPanel } from './DevicesWithAlertsSettingsPanel.tsx';
import { DevicesWithAlertsTable } from './DevicesWithAlertsTable.tsx';

const KIND = 'devices-with-alerts';

/**
 * Devices with alerts (spec 02 "Other dashboard widgets"): the company's devices with active alerts the user sees,
 * with the columns the user ticked, ordered by work or active time. An alert event refreshes it (live-updates.ts).
 */
export function DevicesWithAlertsMonitor({ settings, update }: MonitorProps<'devices-with-alerts'>) {
  const { t } = useTranslation();
  const { period, sort } = settings;
  const request = useMemo(() => devicesWithAlertsRequest({ period, sort }), [period, sort]);
  const query = useMonitorQuery(KIND, request, fetchDevicesWithAlerts);
  return (
    <MonitorFrame query={query} actions={<SummaryGuideAction kind={KIND} />} settings={<DevicesWithAlertsSettingsPanel settings={settings} onChange={update} />}>
      {query.data && query.data.entries.length === 0 ? (
        <Typography color="text.secondary" data-testid="summary-empty" sx={{ p: 1 }}>
          {t('summary.empty.devices-with-alerts')}
        </Typography>
      ) : null}
      {query.data && query.data.entries.length > 0 ? <DevicesWithAlertsTable entries={query.data.entries} options={settings.options} /> : null}
    </MonitorFrame>
  );
}
