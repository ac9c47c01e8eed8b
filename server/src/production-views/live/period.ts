import { DAY_MS, HOUR_MS } from '../../time/calendar.ts';
import type { DayNumber } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';

/** A live screen's period: from the last reset at or before now to the next one (epoch milliseconds, end excluded). */
export interface Period {
  start: number;
  end: number;
}

/**
 * The instant a reset hour of a local date happens. A counter resets when the wall clock first shows the hour:
 * an hour the clocks skip (02:00 on a spring-forward day) resets at the first instant after the gap (the jump
 * itself), an hour shown twice (02:00 on a fall-back day) at its first occurrence. This differs on purpose from
 * `TimeZone.instantOf` (PostgreSQL's reading: the later of a repeated hour), which places a wall time, not an event.
 */
export function resetInstant(zone: TimeZone, day: DayNumber, hour: number): number {
  const reading = zone.readWallTime(day * DAY_MS + hour * HOUR_MS);
  if (reading.kind === 'exact') return reading.instant;
  if (reading.kind === 'repeated') return reading.earlier;
  return reading.change;
}

/**
 * The period containing `nowMs`: [the last reset at or before now, the next reset). Reset hours of the day before,
 * the day and the day after are enough (every day has at least one); two hours that fall on one instant (02:00 and
 * 03:00 on a spring-forward day in Europe) make one reset.
 */
export function periodAt(resetHours: readonly number[], zone: TimeZone, nowMs: number): Period {
  const today = zone.dayOf(nowMs);
  const resets: number[] = [];
  for (let day = today - 1; day <= today + 1; day++) for (const hour of resetHours) resets.push(resetInstant(zone, day, hour));
  let start = -Infinity;
  let end = Infinity;
  for (const instant of resets) {
    if (instant <= nowMs && instant > start) start = instant;
    if (instant > nowMs && instant < end) end = instant;
  }
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw new Error('a view has at least one reset hour');
  return { start, end };
}
