import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import { NoData } from '../summary-parts/NoData.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import type { MonitorProps } from '../types.ts';
import { devicesWithAlertsData } from './devices-with-alerts-request.ts';
import { DevicesWithAlertsSettingsPanel } from './DevicesWithAlertsSettingsPanel.tsx';
import { DevicesWithAlertsTable } from './DevicesWithAlertsTable.tsx';

const KIND = 'devices-with-alerts';

/**
 * Devices with alerts (spec 02 "Other dashboard widgets"): the company's devices with active alerts the user sees,
 * with the columns the user ticked, ordered by work or active time. An alert event refreshes it (live-updates.ts),
 * and so does a device-status event of a device on it (api/device-status-refresh.ts).
 */
export function DevicesWithAlertsMonitor({ settings, update, range }: MonitorProps<'devices-with-alerts'>) {
  const { t } = useTranslation();
  const { request } = useMemo(() => devicesWithAlertsData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, devicesWithAlertsData.fetch);
  return (
    <MonitorFrame query={query} actions={<SummaryGuide kind={KIND} />} settings={<DevicesWithAlertsSettingsPanel settings={settings} onChange={update} />}>
      {query.data && query.data.entries.length === 0 ? <NoData message={t('summary.empty.devices-with-alerts')} /> : null}
      {query.data && query.data.entries.length > 0 ? <DevicesWithAlertsTable entries={query.data.entries} options={settings.options} /> : null}
    </MonitorFrame>
  );
}
