import type { AlertImportance, AlertRuleType, ReportCell, ReportTextKey } from '@gearwatch/contracts';
import type { TimeZone } from '../../time/time-zone.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportBuilder, ReportSubject } from '../model.ts';
import type { ReportAlert } from './data/alert-report-repository.ts';
import { AlertReportRepository } from './data/alert-report-repository.ts';
import { calendarWindows, localDateTime, reportColumn, reportRange, windowTitle } from './report-windows.ts';
import type { CalendarInterval } from './report-windows.ts';
import { selectedDevices } from './selected-devices.ts';

/**
 * The alerts report: the selected devices' alerts that were open at any time in the period, a section per interval
 * bucket (by the alert's start, or the period's first bucket for one already open), oldest first, with the totals of
 * duration and occurrences. Work by shifts has no meaning for alerts, which are not tied to shifts: it gives a
 * section per date. Buckets without alerts get no section. Type and importance are written as report text keys
 * (`reports.alert-type.value`, `reports.importance.info`…), which the screen and the files translate.
 */

export const ALERT_COLUMNS = [
  reportColumn('device', 'reports.column.device', 'text'),
  reportColumn('rule', 'reports.column.rule', 'text'),
  reportColumn('type', 'reports.column.type', 'text'),
  reportColumn('importance', 'reports.column.importance', 'text'),
  reportColumn('start', 'reports.column.start', 'datetime'),
  reportColumn('end', 'reports.column.end', 'datetime'),
  reportColumn('duration', 'reports.column.duration', 'duration'),
  reportColumn('occurrences', 'reports.column.occurrences', 'count'),
  reportColumn('confirmed-by', 'reports.column.confirmed-by', 'text'),
  reportColumn('confirmed-at', 'reports.column.confirmed-at', 'datetime'),
];

/**
 * The text keys of the alert codes a row shows (contracts' report texts, shared by the screen and the files), written
 * out in full so the locale tests find them; typed by the contracts' lists, so a new rule type without one fails.
 */
const ALERT_TYPE_TEXTS: Record<AlertRuleType | 'requirement', ReportTextKey> = {
  authentication: 'reports.alert-type.authentication',
  lastsync: 'reports.alert-type.lastsync',
  value: 'reports.alert-type.value',
  geolocation: 'reports.alert-type.geolocation',
  'effective-work-time': 'reports.alert-type.effective-work-time',
  'effective-work-percentage': 'reports.alert-type.effective-work-percentage',
  'work-efficiency': 'reports.alert-type.work-efficiency',
  'work-without-operator': 'reports.alert-type.work-without-operator',
  'periodic-performance': 'reports.alert-type.periodic-performance',
  'part-replace': 'reports.alert-type.part-replace',
  'counter-per-hour': 'reports.alert-type.counter-per-hour',
  charging: 'reports.alert-type.charging',
  periodic: 'reports.alert-type.periodic',
  'percentage-change': 'reports.alert-type.percentage-change',
  requirement: 'reports.alert-type.requirement',
};
const IMPORTANCE_TEXTS: Record<AlertImportance, ReportTextKey> = {
  info: 'reports.importance.info',
  warning: 'reports.importance.warning',
  error: 'reports.importance.error',
};

/** Buckets read per query (a month of days). */
const BUCKETS_PER_READ = 31;

/** Work by shifts has no meaning for alerts: a section per date then. */
export const alertsInterval = (interval: ReportSubject['interval']): CalendarInterval => (interval === 'shifts' ? 'day' : interval);

/** A closed alert's duration in whole seconds (the page's totals query rounds the same way). */
const durationOf = (alert: ReportAlert) => (alert.closedAt === null ? null : Math.round((alert.closedAt.getTime() - alert.startedAt.getTime()) / 1000));

/** The alerts' rows. */
export function alertRows(alerts: readonly ReportAlert[], zone: TimeZone): ReportCell[][] {
  return alerts.map((alert): ReportCell[] => [
    alert.deviceName,
    alert.ruleName,
    ALERT_TYPE_TEXTS[alert.type],
    IMPORTANCE_TEXTS[alert.importance],
    localDateTime(zone, alert.startedAt),
    alert.closedAt && localDateTime(zone, alert.closedAt),
    durationOf(alert),
    alert.counter,
    alert.confirmedBy,
    alert.confirmedAt && localDateTime(zone, alert.confirmedAt),
  ]);
}

/** The alerts' rows, then the totals of duration (of the alerts that closed) and occurrences. */
function rowsOf(alerts: ReportAlert[], zone: TimeZone): ReportCell[][] {
  let duration = 0;
  let occurrences = 0;
  for (const alert of alerts) {
    duration += durationOf(alert) ?? 0;
    occurrences += alert.counter;
  }
  return [...alertRows(alerts, zone), [null, null, null, null, null, null, duration, occurrences, null, null]];
}

export const alertsReport: ReportBuilder = {
  type: 'alerts-report',
  async write(db, scope, subject, sink) {
    const queries = new AlertReportRepository(db);
    const zone = timeZone(scope.timezone);
    const interval = alertsInterval(subject.interval);
    const buckets = calendarWindows(interval, reportRange(subject), zone);
    const deviceIds = (await selectedDevices(db, scope, subject)).map((d) => d.id);
    const period = { start: buckets[0]!.start, end: buckets.at(-1)!.end };
    let empty = true;
    for (let first = 0; first < buckets.length; first += BUCKETS_PER_READ) {
      // A month of buckets per read: a year of alerts is never held at once, nor read a day at a time.
      const part = buckets.slice(first, first + BUCKETS_PER_READ);
      const read = await queries.alertsStartingIn(scope.companyId, deviceIds, period, part[0]!.start, part.at(-1)!.end);
      // The same rule as the query's: an alert already open when the period starts counts from the period's start.
      // That instant only grows with the start the alerts are read in order of, so one pass deals them out.
      const countedAt = (alert: ReportAlert) => Math.max(alert.startedAt.getTime(), period.start.getTime());
      let next = 0;
      for (const bucket of part) {
        const from = next;
        while (next < read.length && countedAt(read[next]!) < bucket.end.getTime()) next++;
        const alerts = read.slice(from, next);
        if (alerts.length === 0) continue;
        empty = false;
        await sink.section({ title: windowTitle(interval, bucket), columns: ALERT_COLUMNS, totals: true });
        await sink.rows(rowsOf(alerts, zone));
      }
      await sink.progress((first + part.length) / buckets.length);
    }
    return { empty };
  },
};
