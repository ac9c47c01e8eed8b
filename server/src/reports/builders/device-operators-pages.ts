import type { Kysely } from 'kysely';
import type { ReportDocument, ReportSection } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import { timeZone } from '../../time/time-zone.ts';
import type { ReportScope, ReportSubject } from '../model.ts';
import { collectRows, compareOperators, compareWindows, operatorColumns, rowCells, sectionsOf, sortRows, totalsCells } from './device-operators.ts';
import type { ReportOperator } from './data/operator-report-repository.ts';
import { OperatorReportRepository } from './data/operator-report-repository.ts';
import { SessionWorkRepository } from '../../rollups/session-work-repository.ts';
import type { ReportWindow } from './report-windows.ts';
import { reportRange } from './report-windows.ts';
import type { PlannedRows, SectionSlice } from './support/paging.ts';
import { pagedDocument } from './support/paging.ts';

/** An operator's rows in one window of a section (one a device), consecutive in the section's order. */
interface PlannedUnit {
  operator: ReportOperator;
  window: ReportWindow;
  rows: number;
  /** The devices of its rows. */
  deviceIds: number[];
}

/** A section of the whole document: its operator × window units in the document's order. */
interface PlannedSection extends PlannedRows {
  title: string;
  units: PlannedUnit[];
}

/**
 * One page of the device operators screen (docs/reports.md): the rows [(page − 1) × pageRows, page × pageRows) of the
 * document `deviceOperatorsReport` writes for the subject. A section's rows run by operator, then window, then device,
 * so the devices each operator has rows on in each window (`rowDevices`, grouped) place every row. The page then reads
 * the card and work slices of its own operators and windows only (one query pair, beside its devices' names); a
 * section whose totals row is on the page is read whole, for its sums.
 */
export async function deviceOperatorsPage(db: Kysely<DB>, scope: ReportScope, subject: ReportSubject, page: number, pageRows: number): Promise<ReportDocument> {
  const queries = new OperatorReportRepository(db);
  const sessions = new SessionWorkRepository(db);
  const zone = timeZone(scope.timezone);
  const byShifts = subject.interval === 'shifts';
  const now = new Date();
  const [operators, sections] = await Promise.all([
    queries.operators(scope.companyId, subject.operatorIds, subject.operatorGroupIds),
    sectionsOf(db, scope.companyId, subject.interval, reportRange(subject), zone),
  ]);
  // Windows numbered across the report, as the builder numbers them.
  let next = 0;
  const sectionWindows = sections.map((section) => section.windows.map((w) => ({ ...w, index: next++ })));
  const windows = sectionWindows.flat();
  const found = await queries.rowDevices(
    scope.companyId,
    operators.map((o) => o.id),
    windows,
    now,
  );
  const devicesOf = new Map(found.map((unit) => [`${unit.operatorId}:${unit.window}`, unit.deviceIds]));
  const ordered = [...operators].sort(compareOperators);
  const plan: PlannedSection[] = [];
  sections.forEach((section, i) => {
    const own = [...sectionWindows[i]!].sort(compareWindows);
    const units = ordered.flatMap((operator) =>
      own.flatMap((window) => {
        const deviceIds = devicesOf.get(keyOf({ operator, window })) ?? [];
        return deviceIds.length > 0 ? [{ operator, window, rows: deviceIds.length, deviceIds }] : [];
      }),
    );
    const rows = units.reduce((sum, unit) => sum + unit.rows, 0);
    if (rows > 0) plan.push({ title: section.title, units, rows });
  });
  return pagedDocument(scope, subject, plan, page, pageRows, async (slices) => {
    const parts = slices.map(unitsOf);
    const wanted = new Set(parts.flatMap((part) => part.units.map(keyOf)));
    const read = [...new Map(parts.flatMap((part) => part.units.map((u) => [u.operator.id, u.operator] as const))).values()];
    const readWindows = [...new Map(parts.flatMap((part) => part.units.map((u) => [u.window.index, u.window] as const))).values()];
    const ids = read.map((o) => o.id);
    const deviceIds = [...new Set(parts.flatMap((part) => part.units.flatMap((u) => u.deviceIds)))];
    const [cards, works, devices] = await Promise.all([
      queries.cardSlices(scope.companyId, ids, readWindows, now),
      sessions.workSlices(scope.companyId, ids, readWindows),
      queries.devices(scope.companyId, deviceIds),
    ]);
    // The query pair reads the operators × windows of the whole page: keep the rows of the page's own units.
    const rows = collectRows(read, windows, cards, works).filter((r) => wanted.has(keyOf(r)));
    const columns = operatorColumns(byShifts);
    return parts.map(({ slice, units, skipped }): ReportSection => {
      const keys = new Set(units.map(keyOf));
      const own = sortRows(
        rows.filter((r) => keys.has(keyOf(r))),
        devices,
      );
      const withTotals = slice.to > slice.section.rows;
      const cells = own.slice(slice.from - skipped, Math.min(slice.to, slice.section.rows) - skipped).map((r) => rowCells(r, devices, byShifts));
      return {
        title: slice.section.title,
        columns: columns.map((c) => ({ ...c })),
        rows: withTotals ? [...cells, totalsCells(own, byShifts)] : cells,
        totals: withTotals,
        ...(slice.from > 0 ? { continued: true } : {}),
      };
    });
  });
}

const keyOf = (row: { operator: ReportOperator; window: ReportWindow }) => `${row.operator.id}:${row.window.index}`;

/**
 * The units a slice's rows lie in and the rows of the section before the first of them; every unit of the section
 * when the slice holds its totals row (the totals are the sums of all its rows).
 */
function unitsOf(slice: SectionSlice<PlannedSection>): { slice: SectionSlice<PlannedSection>; units: PlannedUnit[]; skipped: number } {
  const { section, from, to } = slice;
  if (to > section.rows) return { slice, units: section.units, skipped: 0 };
  const units: PlannedUnit[] = [];
  let skipped = 0;
  let offset = 0;
  for (const unit of section.units) {
    if (offset >= to) break;
    if (offset + unit.rows > from) {
      if (units.length === 0) skipped = offset;
      units.push(unit);
    }
    offset += unit.rows;
  }
  return { slice, units, skipped };
}
