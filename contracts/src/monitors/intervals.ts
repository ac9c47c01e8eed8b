import { INTERVAL_MAX_DAYS, TIME_INTERVALS } from '../diagnostics-query.ts';
import type { DiagnosticsInterval, TimeInterval } from '../diagnostics-query.ts';
import { daysInclusive, isFirstOfMonth, normaliseRange } from './dates.ts';
import type { DateRange } from './dates.ts';

/** The interval lists of the monitors that show an interval selector (spec 02 §2, §3 "Intervals"). */
export const DEVICE_PARAMETER_INTERVALS = ['5min', 'hour', 'day', 'month', 'year', 'shifts'] as const satisfies readonly DiagnosticsInterval[];
/** Month only when the range starts on the first day of a month (spec 02 §3); see `availableIntervals`. */
export const EFFICIENCY_INTERVALS = ['5min', 'hour', 'day', 'month'] as const satisfies readonly TimeInterval[];
/** The operator call refuses shifts (contracts operatorDiagnosticsQuerySchema). */
export const DEVICE_OPERATOR_INTERVALS = TIME_INTERVALS;

export type DeviceParameterInterval = (typeof DEVICE_PARAMETER_INTERVALS)[number];
export type EfficiencyInterval = (typeof EFFICIENCY_INTERVALS)[number];
export type DeviceOperatorInterval = (typeof DEVICE_OPERATOR_INTERVALS)[number];

export const MONITOR_INTERVALS = {
  'device-parameter': DEVICE_PARAMETER_INTERVALS,
  'device-operator': DEVICE_OPERATOR_INTERVALS,
  efficiency: EFFICIENCY_INTERVALS,
} as const;
export type IntervalMonitorKind = keyof typeof MONITOR_INTERVALS;

/**
 * The work/activity chart shows no interval selector (spec 02 §2): it always asks for 5 minutes (spec 02 §9) and
 * the server answers a longer range with a coarser interval (INTERVAL_MAX_DAYS).
 */
export const WORK_ACTIVITY_INTERVAL: TimeInterval = '5min';

export function hasIntervalSelector(kind: string): kind is IntervalMonitorKind {
  return Object.hasOwn(MONITOR_INTERVALS, kind);
}

function isTimeInterval(interval: DiagnosticsInterval): interval is TimeInterval {
  return (TIME_INTERVALS as readonly string[]).includes(interval);
}

/**
 * The intervals a monitor offers for a range: its list without the intervals the server would not answer for so
 * many days (INTERVAL_MAX_DAYS: 5min up to 7 days, hour up to 93; the server would answer a coarser one), and for
 * the efficiency monitor month only when the range starts on the 1st. Shifts have no length limit. A null range
 * (dates not both picked yet) applies no range rule. Kinds without an interval selector get an empty list.
 */
export function availableIntervals(kind: string, range: DateRange | null): DiagnosticsInterval[] {
  if (!hasIntervalSelector(kind)) return [];
  const list: readonly DiagnosticsInterval[] = MONITOR_INTERVALS[kind];
  if (range === null) return [...list];
  const { from } = normaliseRange(range.from, range.to);
  const byStart = kind === 'efficiency' ? list.filter((interval) => interval !== 'month' || isFirstOfMonth(from)) : [...list];
  const days = daysInclusive(range);
  const byLength = byStart.filter((interval) => !isTimeInterval(interval) || INTERVAL_MAX_DAYS[interval] >= days);
  // A range longer than any interval answers is refused by the server anyway (range-too-long); keep the choice.
  return byLength.length > 0 ? byLength : byStart;
}

/**
 * The interval to keep when the range changes: the chosen one while it is available, else the nearest coarser
 * available one (what the server would answer), else the coarsest available one.
 */
export function fitInterval(kind: string, interval: DiagnosticsInterval, range: DateRange | null): DiagnosticsInterval {
  const available = availableIntervals(kind, range);
  if (available.length === 0 || available.includes(interval)) return interval;
  if (isTimeInterval(interval)) {
    const finer = TIME_INTERVALS.indexOf(interval);
    const coarser = available.find((candidate) => isTimeInterval(candidate) && TIME_INTERVALS.indexOf(candidate) > finer);
    if (coarser !== undefined) return coarser;
  }
  const timeOnes = available.filter(isTimeInterval);
  return timeOnes[timeOnes.length - 1] ?? available[0] ?? interval;
}
