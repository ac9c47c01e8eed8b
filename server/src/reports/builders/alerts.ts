import type { ReportCell } from '@gearwatch/contracts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportBuilder } from '../model.ts';
import { AlertReportQueries } from './alert-queries.ts';
import { calendarWindows, localDateTime, reportColumn, reportRange, windowTitle } from './report-windows.ts';
import { selectedDevices } from './selected-devices.ts';

/**
 * The alerts report: the selected devices' alerts that were open at any time in the period, a section per interval
 * bucket (by the alert's start, or the period's first bucket for one already open), oldest first, with the totals of
 * duration and occurrences. Work by shifts has no meaning for alerts, which are not tied to shifts: it gives a
 * section per date. Buckets without alerts get no section. Type and importance are the codes the client translates
 * (`value`, `lastsync`…, `requirement`; `info`, `warning`, `error`).
 */

const COLUMNS = [
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

export const alertsReport: ReportBuilder = {
  type: 'alerts-report',
  async write(db, scope, subject, sink) {
    const queries = new AlertReportQueries(db);
    const zone = timeZone(scope.timezone);
    const interval = subject.interval === 'shifts' ? 'day' : subject.interval;
    const buckets = calendarWindows(interval, reportRange(subject), zone);
    const deviceIds = (await selectedDevices(db, scope, subject)).map((d) => d.id);
    const period = { start: buckets[0]!.start, end: buckets.at(-1)!.end };
    let empty = true;
    for (const [i, bucket] of buckets.entries()) {
      // A bucket at a time: a year of alerts is never held at once.
      const alerts = await queries.alertsStartingIn(scope.companyId, deviceIds, period, bucket.start, bucket.end);
      if (alerts.length > 0) {
        empty = false;
        let duration = 0;
        let occurrences = 0;
        const rows = alerts.map((alert): ReportCell[] => {
          const seconds = alert.closedAt === null ? null : Math.round((alert.closedAt.getTime() - alert.startedAt.getTime()) / 1000);
          duration += seconds ?? 0;
          occurrences += alert.counter;
          return [
            alert.deviceName,
            alert.ruleName,
            alert.type,
            alert.importance,
            localDateTime(zone, alert.startedAt),
            alert.closedAt && localDateTime(zone, alert.closedAt),
            seconds,
            alert.counter,
            alert.confirmedBy,
            alert.confirmedAt && localDateTime(zone, alert.confirmedAt),
          ];
        });
        await sink.section({ title: windowTitle(interval, bucket), columns: COLUMNS, totals: true });
        await sink.rows([...rows, [null, null, null, null, null, null, duration, occurrences, null, null]]);
      }
      await sink.progress((i + 1) / buckets.length);
    }
    return { empty };
  },
};
