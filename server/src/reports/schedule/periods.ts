import type { ReportFrequency } from '@gearwatch/contracts';
import type { DayNumber } from '../../time/calendar.ts';
import { parseDate } from '../../time/calendar.ts';
import { calendarSpan, spanText } from '../../time/periods.ts';

/**
 * Report periods: local dates of the company's time zone (docs/reports.md "Periods"). A day is a local date (23 or 25
 * hours on DST days: the builders count its instants), a week Monday to Sunday, a month its calendar month.
 */
export interface Period {
  from: string;
  to: string;
}

export type CyclicFrequency = Exclude<ReportFrequency, 'once'>;

/** The period of `frequency` that holds the local date `day`. */
export function periodOf(frequency: CyclicFrequency, day: DayNumber): Period {
  return spanText(calendarSpan(frequency, day));
}

/** The last period that ended before the local date `today` began. */
export function lastCompletePeriod(frequency: CyclicFrequency, today: DayNumber): Period {
  return periodOf(frequency, parseDate(periodOf(frequency, today).from) - 1);
}

export function nextPeriod(frequency: CyclicFrequency, period: Period): Period {
  return periodOf(frequency, parseDate(period.to) + 1);
}

/**
 * The periods a cyclic configuration still owes on the local date `today`: from the one after `last` (or, when none
 * was made, the last complete one on the date it became active) to the last complete one, the latest `max` of them
 * (a configuration away for longer catches up that many).
 */
export function duePeriods(frequency: CyclicFrequency, options: { today: DayNumber; activeSince: DayNumber; last: Period | null; max: number }): Period[] {
  const lastDone = lastCompletePeriod(frequency, options.today);
  const due: Period[] = [];
  for (
    let period = options.last ? nextPeriod(frequency, options.last) : lastCompletePeriod(frequency, options.activeSince);
    period.from <= lastDone.from;
    period = nextPeriod(frequency, period)
  ) {
    due.push(period);
    if (due.length > options.max) due.shift();
  }
  return due;
}
