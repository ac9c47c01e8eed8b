import { planShifts } from '../../rollups/plans.ts';
import type { ShiftDefinition } from '../../rollups/plans.ts';
import { dateText } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';

/** A stretch of time, epoch milliseconds, end excluded. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The company's shift windows that touch [fromMs, toMs], merged (shifts may overlap: an instant counts once) and cut
 * to that range. Windows are made as everywhere else (diagnostics/buckets.ts `planShifts`: a shift belongs to the
 * date it starts on, a night shift ends on the next date, wall times resolved as PostgreSQL does), from the date
 * before `fromMs` so a night shift that began yesterday is included. The company's shift model has no breaks: a
 * shift's whole window is planned time.
 */
export function shiftSpans(shifts: readonly ShiftDefinition[], zone: TimeZone, fromMs: number, toMs: number): Span[] {
  if (shifts.length === 0 || toMs <= fromMs) return [];
  const from = zone.dayOf(fromMs) - 1;
  const to = zone.dayOf(toMs);
  const plan = planShifts({ from: dateText(from), to: dateText(to), days: to - from + 1 }, [...shifts], zone);
  const cut = plan.windows
    .map((w) => ({ start: Math.max(w.start.getTime(), fromMs), end: Math.min(w.end.getTime(), toMs) }))
    .filter((w) => w.end > w.start)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of cut) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Whether an instant lies inside one of the company's shifts. */
export function insideShift(shifts: readonly ShiftDefinition[], zone: TimeZone, nowMs: number): boolean {
  return shiftSpans(shifts, zone, nowMs, nowMs + 1).length > 0;
}

export function spansLength(spans: readonly Span[]): number {
  return spans.reduce((total, span) => total + span.end - span.start, 0);
}

/** PostgreSQL's text of a tstzmultirange (`{[a,b),[c,d)}`): the aggregate query asks whether a bucket lies in it. */
export function multirangeText(spans: readonly Span[]): string {
  return `{${spans.map((s) => `[${new Date(s.start).toISOString()},${new Date(s.end).toISOString()})`).join(',')}}`;
}
