import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevicesSummaryResponse } from '@gearwatch/contracts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import { MonitorFrame } from '../MonitorFrame.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import type { MonitorProps } from '../types.ts';
import { devicesSummaryData } from './devices-summary-request.ts';

const KIND = 'devices-summary';

/** The counts in the order shown, with the colour of each tile's number. */
const COUNTS: { key: keyof DevicesSummaryResponse; colour: string }[] = [
  { key: 'total', colour: 'text.primary' },
  { key: 'online', colour: 'success.main' },
  { key: 'offline', colour: 'text.secondary' },
  { key: 'neverConnected', colour: 'text.disabled' },
  { key: 'working', colour: 'success.main' },
  { key: 'idle', colour: 'warning.main' },
  { key: 'withAlerts', colour: 'error.main' },
];

/**
 * Devices summary (status): how many of the company's devices (or of the chosen ones) are online, offline or never
 * connected, working now or idle, and have alerts. An alert event refreshes it (live-updates.ts), and so does a
 * device-status event of one of its devices (api/device-status-refresh.ts).
 */
export function DevicesSummaryMonitor({ settings, update, range }: MonitorProps<'devices-summary'>) {
  const { t } = useTranslation();
  const { request } = useMemo(() => devicesSummaryData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, devicesSummaryData.fetch);
  return (
    <MonitorFrame query={query} actions={<SummaryGuide kind={KIND} />} settings={<DeviceSelectionField value={settings} onChange={update} />}>
      {query.data ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1 }}>
          {COUNTS.map(({ key, colour }) => (
            <Box key={key} data-testid={`devices-summary-${key}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, textAlign: 'center' }}>
              <Typography variant="h5" component="p" sx={{ color: colour }}>
                {query.data[key]}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t(`summary.count.${key}`)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </MonitorFrame>
  );
}
