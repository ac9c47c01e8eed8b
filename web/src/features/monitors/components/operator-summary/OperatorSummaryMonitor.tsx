import { useMemo } from 'react';
import { OperatorSelectionField } from '../fields/OperatorSelectionField.tsx';
import type { MonitorProps } from '../types.ts';
import { operatorSummaryData } from '../work-summary/work-summary-request.ts';
import { WorkSummaryTable } from '../work-summary/WorkSummaryTable.tsx';

/** The operator summary: work and active time of each chosen operator, or operator group, from their card sessions (WorkSummaryTable). */
export function OperatorSummaryMonitor({ settings, update, range }: MonitorProps<'operator-summary'>) {
  const plan = useMemo(() => operatorSummaryData.plan(settings, { range }), [range, settings]);
  const selection = <OperatorSelectionField value={settings} onChange={update} />;
  return <WorkSummaryTable kind="operator-summary" settings={settings} update={update} plan={plan} fetch={operatorSummaryData.fetch} selection={selection} />;
}
