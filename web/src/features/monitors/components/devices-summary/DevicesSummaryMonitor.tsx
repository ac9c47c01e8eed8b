import { styled } from '@mui/material/styles';
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
type Tone = 'primary' | 'secondary' | 'disabled' | 'success' | 'warning' | 'error';
const COUNTS: { key: keyof DevicesSummaryResponse; tone: Tone }[] = [
  { key: 'total', tone: 'primary' },
  { key: 'online', tone: 'success' },
  { key: 'offline', tone: 'secondary' },
  { key: 'neverConnected', tone: 'disabled' },
  { key: 'working', tone: 'success' },
  { key: 'idle', tone: 'warning' },
  { key: 'withAlerts', tone: 'error' },
];

/** The tiles in one styled grid (not three styled components per tile: docs/performance.md, page load). */
const Tiles = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: theme.spacing(1),
  '& > div': { border: `1px solid ${theme.palette.divider}`, borderRadius: theme.shape.borderRadius, padding: theme.spacing(1), textAlign: 'center' },
  '& .count': { ...theme.typography.h5, margin: 0 },
  '& .label': { ...theme.typography.caption, color: theme.palette.text.secondary },
  '& [data-tone="primary"]': { color: theme.palette.text.primary },
  '& [data-tone="secondary"]': { color: theme.palette.text.secondary },
  '& [data-tone="disabled"]': { color: theme.palette.text.disabled },
  '& [data-tone="success"]': { color: theme.palette.success.main },
  '& [data-tone="warning"]': { color: theme.palette.warning.main },
  '& [data-tone="error"]': { color: theme.palette.error.main },
}));

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
        <Tiles>
          {COUNTS.map(({ key, tone }) => (
            <div key={key} data-testid={`devices-summary-${key}`}>
              <p className="count" data-tone={tone}>
                {query.data[key]}
              </p>
              <span className="label">{t(`summary.count.${key}`)}</span>
            </div>
          ))}
        </Tiles>
      ) : null}
    </MonitorFrame>
  );
}
