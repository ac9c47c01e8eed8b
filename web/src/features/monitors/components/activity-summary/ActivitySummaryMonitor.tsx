import { useMemo } from 'react';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import type { MonitorProps } from '../types.ts';
import { deviceSummaryRequest, fetchActivitySummary } from '../work-summary/work-summary-request.ts';
import { WorkSummaryTable } from '../work-summary/WorkSummaryTable.tsx';

/** The activity summary: active and work time of each chosen device, or of each chosen device group (WorkSummaryTable). */
export function ActivitySummaryMonitor({ settings, update }: MonitorProps<'activity-summary'>) {
  const { byGroups, devices, deviceGroups, period, sort } = settings;
  const request = useMemo(() => deviceSummaryRequest({ byGroups, devices, deviceGroups }, period, sort), [byGroups, deviceGroups, devices, period, sort]);
  const selection = <DeviceSelectionField value={settings} onChange={update} />;
  return <WorkSummaryTable kind="activity-summary" settings={settings} update={update} request={request} fetch={fetchActivitySummary} selection={selection} />;
}
