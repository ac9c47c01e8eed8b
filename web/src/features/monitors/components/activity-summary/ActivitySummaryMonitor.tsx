import { useMemo } from 'react';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import type { MonitorProps } from '../types.ts';
import { activitySummaryData } from '../work-summary/work-summary-request.ts';
import { WorkSummaryTable } from '../work-summary/WorkSummaryTable.tsx';

/** The activity summary: active and work time of each chosen device, or of each chosen device group (WorkSummaryTable). */
export function ActivitySummaryMonitor({ settings, update, range }: MonitorProps<'activity-summary'>) {
  const plan = useMemo(() => activitySummaryData.plan(settings, { range }), [range, settings]);
  const selection = <DeviceSelectionField value={settings} onChange={update} />;
  return <WorkSummaryTable kind="activity-summary" settings={settings} update={update} plan={plan} fetch={activitySummaryData.fetch} selection={selection} />;
}
