import type { Kysely } from 'kysely';
import type { ReportCell, ReportDocument, ReportSection } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportScope, ReportSubject } from '../model.ts';
import { AlertReportRepository } from './data/alert-report-repository.ts';
import { ALERT_COLUMNS, alertRows, alertsInterval } from './alerts.ts';
import { calendarWindows, reportRange, windowTitle } from './report-windows.ts';
import type { ReportWindow } from './report-windows.ts';
import { selectedDevices } from './selected-devices.ts';
import type { PlannedRows } from './support/paging.ts';
import { eachSlice, pagedDocument } from './support/paging.ts';

/** A section of the whole document: a window with alerts, its rows (the alerts, then its totals). */
interface PlannedSection extends PlannedRows {
  window: ReportWindow;
  /** The section's totals row (its alerts are `rows`). */
  totals: ReportCell[];
}

/**
 * One page of the alerts report's screen: the rows [(page − 1) × pageRows, page × pageRows) of the document
 * `alertsReport` writes for the subject (its sections in its order, its totals rows where it writes them). The
 * windows' counts and sums come from one grouped query; only the page's own alerts are read and formatted, so a
 * page costs the same whether the period holds a hundred alerts or a hundred thousand.
 */
export async function alertsReportPage(db: Kysely<DB>, scope: ReportScope, subject: ReportSubject, page: number, pageRows: number): Promise<ReportDocument> {
  const queries = new AlertReportRepository(db);
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
    rows: t.alerts,
    totals: [null, null, null, null, null, null, t.duration, t.occurrences, null, null],
  }));
  return pagedDocument(
    scope,
    subject,
    plan,
    page,
    pageRows,
    eachSlice((section, from, to) => readSection(queries, scope.companyId, deviceIds, period, section, from, to, interval, zone)),
  );
}

/** Rows [from, to) of a planned section, where row `section.rows` is its totals. */
async function readSection(
  queries: AlertReportRepository,
  companyId: number,
  deviceIds: readonly number[],
  period: { start: Date; end: Date },
  section: PlannedSection,
  from: number,
  to: number,
  interval: ReturnType<typeof alertsInterval>,
  zone: ReturnType<typeof timeZone>,
): Promise<ReportSection> {
  const lastAlert = Math.min(to, section.rows);
  const alerts =
    lastAlert > from
      ? await queries.alertsStartingIn(companyId, deviceIds, period, section.window.start, section.window.end, { offset: from, limit: lastAlert - from })
      : [];
  const rows = alertRows(alerts, zone);
  const withTotals = to > section.rows;
  return {
    title: windowTitle(interval, section.window),
    columns: ALERT_COLUMNS.map((c) => ({ ...c })),
    rows: withTotals ? [...rows, section.totals] : rows,
    totals: withTotals,
    ...(from > 0 ? { continued: true } : {}),
  };
}
