import type { Kysely } from 'kysely';
import type { ReportDocument, ReportInterval, ReportType } from '@gearwatch/contracts';
import { efficiencyPercent } from '@gearwatch/contracts';
import type { DB } from '../../../db/schema.ts';
import { writeReport } from '../../screens/data-service.ts';
import { MemorySink } from '../../generation/memory-sink.ts';
import type { ReportScope, ReportSubject } from '../../model.ts';
import type { RawSums } from './raw-reference.ts';

/** Runs a type's registered builder into an unbounded memory sink, as the screen does without its row limit. */
export async function runReport(
  db: Kysely<DB>,
  scope: ReportScope,
  type: ReportType,
  selection: { from: string; to: string; interval?: ReportInterval; devices?: number[]; groups?: number[]; operators?: number[]; operatorGroups?: number[] },
): Promise<ReportDocument> {
  const subject: ReportSubject = {
    type,
    from: selection.from,
    to: selection.to,
    interval: selection.interval ?? 'day',
    deviceIds: selection.devices ?? [],
    deviceGroupIds: selection.groups ?? [],
    operatorIds: selection.operators ?? [],
    operatorGroupIds: selection.operatorGroups ?? [],
  };
  const sink = new MemorySink(Number.POSITIVE_INFINITY);
  const outcome = await writeReport(db, scope, subject, sink);
  return sink.document(subject, scope.timezone, outcome);
}

export const zero = (): RawSums => ({ work: 0, active: 0, counter: 0 });

export function plus(a: RawSums, b: RawSums | undefined): RawSums {
  return b ? { work: a.work + b.work, active: a.active + b.active, counter: a.counter + b.counter } : a;
}

/** Work, active, efficiency, counter cells of raw sums, as the reports write them. */
export const cellsOf = (sums: RawSums) => [sums.work, sums.active, efficiencyPercent(sums.work, sums.active), sums.counter];

/** Local dates from..to (plain UTC calendar arithmetic). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) dates.push(new Date(t).toISOString().slice(0, 10));
  return dates;
}
