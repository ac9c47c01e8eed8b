import { PARAMETER_NUMBERS, efficiencyPercent, trendPercent } from '@gearwatch/contracts';
import type { EfficiencySummaryAverage, EfficiencySummaryRow, WorkSummaryRow, WorkSummaryTotal } from '@gearwatch/contracts';
import type { PeriodPlan } from '../periods.ts';
import { inRange } from '../periods.ts';

/** A row of a summary: a device or operator (one member), or a group of them. */
export interface Subject {
  id: number;
  name: string;
  members: number[];
}

interface Pair {
  work: number;
  active: number;
}

/** Work and active per member (device or operator), summed separately over the period and the previous one. */
export class Totals {
  private readonly current = new Map<number, Pair>();
  private readonly previous = new Map<number, Pair>();

  /** One day's value of a member; days outside both periods' whole dates are ignored. */
  addDay(member: number, number: number, day: string, value: number, dates: PeriodPlan): void {
    const which = inRange(day, dates.current) ? 'current' : inRange(day, dates.previous) ? 'previous' : null;
    if (which) this.add(member, number, which, value);
  }

  add(member: number, number: number, which: 'current' | 'previous', value: number): void {
    const target = which === 'current' ? this.current : this.previous;
    let pair = target.get(member);
    if (!pair) target.set(member, (pair = { work: 0, active: 0 }));
    if (number === PARAMETER_NUMBERS.work) pair.work += value;
    else if (number === PARAMETER_NUMBERS.active) pair.active += value;
  }

  sum(members: readonly number[], which: 'current' | 'previous'): Pair {
    const source = which === 'current' ? this.current : this.previous;
    const out = { work: 0, active: 0 };
    for (const id of members) {
      out.work += source.get(id)?.work ?? 0;
      out.active += source.get(id)?.active ?? 0;
    }
    return out;
  }
}

function withTrends(current: Pair, previous: Pair): WorkSummaryTotal {
  return { ...current, workTrend: trendPercent(current.work, previous.work), activeTrend: trendPercent(current.active, previous.active) };
}

export function workRow(subject: Subject, totals: Totals): WorkSummaryRow {
  return { id: subject.id, name: subject.name, ...withTrends(totals.sum(subject.members, 'current'), totals.sum(subject.members, 'previous')) };
}

/** The total of every member once (a device in two chosen groups counts once). */
export function totalRow(members: readonly number[], totals: Totals): WorkSummaryTotal {
  return withTrends(totals.sum(members, 'current'), totals.sum(members, 'previous'));
}

/** Percent activity: active time over the time the members could have been active (elapsed × members), whole. */
function activityPercent(active: number, elapsedSeconds: number, members: number): number {
  return elapsedSeconds > 0 && members > 0 ? Math.round((active / (elapsedSeconds * members)) * 100) : 0;
}

interface Figures extends Pair {
  activityPercent: number;
  efficiencyPercent: number;
}

function figures(pair: Pair, elapsedSeconds: number, members: number): Figures {
  return { ...pair, activityPercent: activityPercent(pair.active, elapsedSeconds, members), efficiencyPercent: efficiencyPercent(pair.work, pair.active) };
}

function compared(current: Figures, previous: Figures): EfficiencySummaryAverage {
  return {
    ...current,
    workTrend: trendPercent(current.work, previous.work),
    activeTrend: trendPercent(current.active, previous.active),
    activityPercentTrend: trendPercent(current.activityPercent, previous.activityPercent),
    efficiencyPercentTrend: trendPercent(current.efficiencyPercent, previous.efficiencyPercent),
  };
}

function mean(list: Figures[]): Figures {
  const n = list.length;
  const avg = (pick: (f: Figures) => number) => (n === 0 ? 0 : list.reduce((sum, f) => sum + pick(f), 0) / n);
  return {
    work: avg((f) => f.work),
    active: avg((f) => f.active),
    activityPercent: Math.round(avg((f) => f.activityPercent)),
    efficiencyPercent: Math.round(avg((f) => f.efficiencyPercent)),
  };
}

/** The efficiency summary's rows and their average (the mean of the rows, each figure and its trend). */
export function efficiencyRows(
  subjects: Subject[],
  totals: Totals,
  elapsed: { current: number; previous: number },
): { rows: EfficiencySummaryRow[]; average: EfficiencySummaryAverage } {
  const now = subjects.map((s) => figures(totals.sum(s.members, 'current'), elapsed.current, s.members.length));
  const before = subjects.map((s) => figures(totals.sum(s.members, 'previous'), elapsed.previous, s.members.length));
  const rows = subjects.map((s, i) => ({ id: s.id, name: s.name, ...compared(now[i]!, before[i]!) }));
  return { rows, average: compared(mean(now), mean(before)) };
}
