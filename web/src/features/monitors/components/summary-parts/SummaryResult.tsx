import type { WorkSummaryRange } from '@gearwatch/contracts';
import { NoData } from './NoData.tsx';
import { SummaryTable } from './SummaryTable.tsx';
import type { SummaryTableProps } from './SummaryTable.tsx';

export interface SummaryResultProps<R> extends Omit<SummaryTableProps<R>, 'period' | 'previous'> {
  /** The summary's answer: its period and the previous one it is compared with; none yet while it loads. */
  answer: { period: WorkSummaryRange; previous: WorkSummaryRange; previousUntil: string | null } | undefined;
}

/** What a summary widget shows of its answer: nothing before it, "no data" when it has no rows, else its table. */
export function SummaryResult<R>({ answer, ...table }: SummaryResultProps<R>) {
  if (!answer) return null;
  if (table.rows.length === 0) return <NoData />;
  return <SummaryTable {...table} period={answer.period} previous={answer.previous} previousUntil={answer.previousUntil} />;
}
