import type { Kysely } from 'kysely';
import type { ReportCell, ReportDocument, ReportSection } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportScope, ReportSubject } from '../model.ts';
import { AlertReportQueries } from './alert-queries.ts';
import { ALERT_COLUMNS, alertRows, alertsInterval } from './alerts.ts';
import { calendarWindows, reportRange, windowTitle } from './report-windows.ts';
import type { ReportWindow } from './report-windows.ts';
import { selectedDevices } from './selected-devices.ts';

/** A section of the whole document: a window with alerts, its rows (the alerts, then its totals). */
interface PlannedSection {
  window: ReportWindow;
  alerts: number;
  totals: ReportCell[];
}

/**
 * One page of the alerts report's screen: the rows [(page − 1) × pageRows, page × pageRows) of the document
 * `alertsReport` writes for the subject (its sections in its order, its totals rows where it writes them). The
 * windows' counts and sums come from one grouped query; only the page's own alerts are read and formatted, so a
 * page costs the same whether the period holds a hundred alerts or a hundred thousand.
 */
export async function alertsReportPage(db: Kysely<DB>, scope: ReportScope, subject: ReportSubject, page: number, pageRows: number): Promise<ReportDocument> {
  const queries = new AlertReportQueries(db);
  const zone = timeZone(scope.timezone);
  const interval = alertsInterval(subject.interval);
  const windows = calendarWindows(interval, reportRange(subject), zone);
  const deviceIds = (await selectedDevices(db, scope, subject)).map((d) => d.id);
  const period = { start: windows[0]!.start, end: windows.at(-1)!.end };
  const totals = await queries.windowTotals(
    scope.companyId,
    deviceIds,
    period,
    windows.map((w) => w.start),
  );
  const plan: PlannedSection[] = totals.map((t) => ({
    window: windows[t.window]!,
    alerts: t.alerts,
    totals: [null, null, null, null, null, null, t.duration, t.occurrences, null, null],
  }));
  const totalRows = plan.reduce((sum, section) => sum + section.alerts + 1, 0);
  const first = (page - 1) * pageRows;
  const end = first + pageRows;
  const reads: Promise<ReportSection>[] = [];
  let offset = 0;
  for (const section of plan) {
    const size = section.alerts + 1;
    if (offset >= end) break;
    if (offset + size > first) {
      const from = Math.max(0, first - offset);
      const to = Math.min(size, end - offset);
      reads.push(readSection(queries, scope.companyId, deviceIds, period, section, from, to, interval, zone));
    }
    offset += size;
  }
  const sections = await Promise.all(reads);
  return {
    type: subject.type,
    from: subject.from,
    to: subject.to,
    interval: subject.interval,
    timezone: scope.timezone,
    empty: totalRows === 0,
    truncated: false,
    paging: { page, pageCount: Math.max(1, Math.ceil(totalRows / pageRows)), pageRows, totalRows },
    sections,
  };
}

/** Rows [from, to) of a planned section, where row `section.alerts` is its totals. */
async function readSection(
  queries: AlertReportQueries,
  companyId: number,
  deviceIds: readonly number[],
  period: { start: Date; end: Date },
  section: PlannedSection,
  from: number,
  to: number,
  interval: ReturnType<typeof alertsInterval>,
  zone: ReturnType<typeof timeZone>,
): Promise<ReportSection> {
  const lastAlert = Math.min(to, section.alerts);
  const alerts = lastAlert > from ? await queries.alertsStartingIn(companyId, deviceIds, period, section.window.start, section.window.end, { offset: from, limit: lastAlert - from }) : [];
  const rows = alertRows(alerts, zone);
  const withTotals = to > section.alerts;
  return {
    title: windowTitle(interval, section.window),
    columns: ALERT_COLUMNS.map((c) => ({ ...c })),
    rows: withTotals ? [...rows, section.totals] : rows,
    totals: withTotals,
    ...(from > 0 ? { continued: true } : {}),
  };
}
