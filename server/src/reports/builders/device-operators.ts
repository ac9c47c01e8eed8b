import type { ReportCell, ReportColumn, ReportInterval } from '@gearwatch/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DateRange } from '../../rollups/plans.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportBuilder } from '../model.ts';
import type { ReportOperator } from './data/operator-report-repository.ts';
import { OperatorReportRepository } from './data/operator-report-repository.ts';
import { SessionWorkRepository } from '../../rollups/session-work-repository.ts';
import type { ReportWindow } from './report-windows.ts';
import { WINDOW_COLUMNS, calendarWindows, reportShifts, reportColumn, reportRange, seconds, shiftWindows, windowTitle } from './report-windows.ts';

/**
 * The device operators report (spec 02 "Operators", report table): one row per operator × local date × device with
 * the card's time in the reader, the device's groups ("unit") and name, and the work and activity during the card's
 * sessions. A session across midnight is split at local midnight (a 25-hour day is one row of up to 25 hours).
 * Sections are the interval's buckets (day, week, month, year) with their rows per date; by shifts, a section per
 * date with a row per shift. Each section ends with its totals.
 */

const COLUMNS = {
  lastName: reportColumn('last-name', 'reports.column.last-name', 'text'),
  firstName: reportColumn('first-name', 'reports.column.first-name', 'text'),
  cardTime: reportColumn('card-time', 'reports.column.card-time', 'duration'),
  unit: reportColumn('unit', 'reports.column.unit', 'text'),
  device: reportColumn('device', 'reports.column.device', 'text'),
  work: reportColumn('work', 'reports.column.work', 'duration'),
  activity: reportColumn('activity', 'reports.column.activity', 'duration'),
};

/** Windows read per query pair: a month of days, or ten days of three shifts. */
const WINDOWS_PER_READ = 31;

export interface OperatorDayRow {
  operator: ReportOperator;
  window: ReportWindow;
  deviceId: number;
  card: number;
  work: number;
  active: number;
}

export const deviceOperatorsReport: ReportBuilder = {
  type: 'device-operators-report',
  async write(db, scope, subject, sink) {
    const queries = new OperatorReportRepository(db);
    const sessions = new SessionWorkRepository(db);
    const zone = timeZone(scope.timezone);
    const range = reportRange(subject);
    const byShifts = subject.interval === 'shifts';
    const operators = await queries.operators(scope.companyId, subject.operatorIds, subject.operatorGroupIds);
    const sections = await sectionsOf(db, scope.companyId, subject.interval, range, zone);
    const columns = operatorColumns(byShifts);
    const ids = operators.map((o) => o.id);
    const now = new Date();
    const devices = new Map<number, { name: string; unit: string }>();
    let empty = true;
    // Windows numbered across the report; sections read in batches of about a month of windows per query pair, so a
    // year by days is a dozen reads, never all at once.
    const windows = sections.flatMap((section) => section.windows).map((w, index) => ({ ...w, index }));
    const sectionOf = sections.flatMap((section, i) => section.windows.map(() => i));
    for (const batch of batches(
      sections.map((s) => s.windows.length),
      WINDOWS_PER_READ,
    )) {
      const part = windows.filter((w) => batch.includes(sectionOf[w.index]!));
      const [cards, works] = await Promise.all([queries.cardSlices(scope.companyId, ids, part, now), sessions.workSlices(scope.companyId, ids, part)]);
      const found = collectRows(operators, windows, cards, works);
      const unknown = [...new Set(found.map((r) => r.deviceId))].filter((id) => !devices.has(id));
      for (const [id, device] of await queries.devices(scope.companyId, unknown)) devices.set(id, device);
      for (const i of batch) {
        const rows = found.filter((r) => sectionOf[r.window.index] === i);
        if (rows.length === 0) continue;
        empty = false;
        const cells = sortRows(rows, devices).map((r) => rowCells(r, devices, byShifts));
        await sink.section({ title: sections[i]!.title, columns, totals: true });
        await sink.rows([...cells, totalsCells(rows, byShifts)]);
      }
      await sink.progress((batch.at(-1)! + 1) / sections.length);
    }
    return { empty };
  },
};

/**
 * A section's rows come from its own windows: in calendar buckets a window per local date of the bucket; by shifts a
 * section per date with a window per shift.
 */
export async function sectionsOf(
  db: Kysely<DB>,
  companyId: number,
  interval: ReportInterval,
  range: DateRange,
  zone: TimeZone,
): Promise<{ title: string; windows: ReportWindow[] }[]> {
  if (interval === 'shifts') {
    const windows = shiftWindows(range, await reportShifts(db, companyId), zone);
    return groupBy(windows, (w) => w.firstDay).map((ofDate) => ({ title: ofDate[0]!.firstDay, windows: ofDate }));
  }
  const days = calendarWindows('day', range, zone);
  return calendarWindows(interval, range, zone).map((bucket) => ({
    title: windowTitle(interval, bucket),
    windows: days.filter((d) => d.firstDay >= bucket.firstDay && d.lastDay <= bucket.lastDay),
  }));
}

/** Card, work and activity summed per operator × window × device, from the sessions' slices. */
export function collectRows(
  operators: ReportOperator[],
  windows: ReportWindow[],
  cards: { operatorId: number; deviceId: number; window: number; seconds: number }[],
  works: { operatorId: number; deviceId: number; window: number; work: number | null; active: number | null }[],
): OperatorDayRow[] {
  const byOperator = new Map(operators.map((o) => [o.id, o]));
  const rows = new Map<string, { operatorId: number; window: number; deviceId: number; card: number; work: number; active: number }>();
  const rowOf = (operatorId: number, window: number, deviceId: number) => {
    const key = `${operatorId}:${window}:${deviceId}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { operatorId, window, deviceId, card: 0, work: 0, active: 0 }));
    return row;
  };
  for (const c of cards) rowOf(c.operatorId, c.window, c.deviceId).card += c.seconds;
  for (const w of works) {
    const row = rowOf(w.operatorId, w.window, w.deviceId);
    row.work += w.work ?? 0;
    row.active += w.active ?? 0;
  }
  return [...rows.values()].flatMap((r) => {
    const operator = byOperator.get(r.operatorId);
    return operator
      ? [{ operator, window: windows[r.window]!, deviceId: r.deviceId, card: seconds(r.card), work: seconds(r.work), active: seconds(r.active) }]
      : [];
  });
}

/**
 * One collator for every comparison: `localeCompare` with options builds a collator per call, which measured
 * ~125 ms a month of 50 devices (bench/reports/device-builders.ts) against ~5 ms reused.
 */
const NAMES = new Intl.Collator(undefined, { sensitivity: 'base' });

/** By operator (last name, first name), then time, then device name. */
export function sortRows(rows: OperatorDayRow[], devices: Map<number, { name: string }>): OperatorDayRow[] {
  const text = NAMES.compare;
  return [...rows].sort(
    (a, b) =>
      compareOperators(a.operator, b.operator) ||
      compareWindows(a.window, b.window) ||
      text(devices.get(a.deviceId)?.name ?? '', devices.get(b.deviceId)?.name ?? '') ||
      a.deviceId - b.deviceId,
  );
}

/** Operators in the report's order: last name, first name (case and accents aside), then id. */
export function compareOperators(a: ReportOperator, b: ReportOperator): number {
  return NAMES.compare(a.lastname, b.lastname) || NAMES.compare(a.firstname, b.firstname) || a.id - b.id;
}

/** A section's windows in the report's order: by start, then shift. */
export function compareWindows(a: ReportWindow, b: ReportWindow): number {
  return a.start.getTime() - b.start.getTime() || (a.shift?.position ?? 0) - (b.shift?.position ?? 0);
}

/** The report's columns; by shifts with the shift after the date. */
export function operatorColumns(byShifts: boolean): ReportColumn[] {
  return [
    COLUMNS.lastName,
    COLUMNS.firstName,
    WINDOW_COLUMNS.date,
    ...(byShifts ? [WINDOW_COLUMNS.shift] : []),
    COLUMNS.cardTime,
    COLUMNS.unit,
    COLUMNS.device,
    COLUMNS.work,
    COLUMNS.activity,
  ];
}

/** A row's cells, as the builder and the screen's pages write them. */
export function rowCells(r: OperatorDayRow, devices: Map<number, { name: string; unit: string }>, byShifts: boolean): ReportCell[] {
  return [
    r.operator.lastname,
    r.operator.firstname,
    r.window.firstDay,
    ...(byShifts ? [r.window.shift?.name ?? null] : []),
    r.card,
    devices.get(r.deviceId)?.unit ?? '',
    devices.get(r.deviceId)?.name ?? '',
    r.work,
    r.active,
  ];
}

/** A section's totals row: the sums of its rows' (whole-second) durations. */
export function totalsCells(rows: readonly OperatorDayRow[], byShifts: boolean): ReportCell[] {
  const total = (pick: (r: OperatorDayRow) => number) => rows.reduce((sum, r) => sum + pick(r), 0);
  return [null, null, null, ...(byShifts ? [null] : []), total((r) => r.card), null, null, total((r) => r.work), total((r) => r.active)];
}

/** Consecutive section indexes in batches of at most `limit` windows (a bigger section is a batch of its own). */
function batches(windowCounts: number[], limit: number): number[][] {
  const out: number[][] = [];
  let size = 0;
  windowCounts.forEach((count, i) => {
    const last = out.at(-1);
    if (last && size + count <= limit) {
      last.push(i);
      size += count;
    } else {
      out.push([i]);
      size = count;
    }
  });
  return out;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}
