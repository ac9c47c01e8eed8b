import { useMemo } from 'react';
import { OperatorSelectionField } from '../fields/OperatorSelectionField.tsx';
import type { MonitorProps } from '../types.ts';
import { fetchOperatorSummary, operatorSummaryRequest } from '../work-summary/work-summary-request.ts';
import { WorkSummaryTable } from '../work-summary/WorkSummaryTable.tsx';

/** The operator summary: work and active time of each chosen operator, or operator group, from their card sessions (WorkSummaryTable). */
export function OperatorSummaryMonitor({ settings, update }: MonitorProps<'operator-summary'>) {
  const { byGroups, deviceOperators, deviceOperatorsGroups, period, sort } = settings;
  const request = useMemo(
    () => operatorSummaryRequest({ byGroups, deviceOperators, deviceOperatorsGroups, period, sort }),
    [byGroups, deviceOperators, deviceOperatorsGroups, period, sort],
  );
  const selection = <OperatorSelectionField value={settings} onChange={update} />;
  return <WorkSummaryTable kind="operator-summary" settings={settings} update={update} request={request} fetch={fetchOperatorSummary} selection={selection} />;
}
