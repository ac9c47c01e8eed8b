import type { ReportDocument, ReportSection } from '@gearwatch/contracts';
import type { ReportScope, ReportSubject } from '../../model.ts';

/** A section of a whole document as a paged screen plans it: its data rows, then one totals row. */
export interface PlannedRows {
  rows: number;
}

/** The part of a planned section a page holds: rows [from, to), where row `section.rows` is its totals. */
export interface SectionSlice<S extends PlannedRows> {
  section: S;
  from: number;
  to: number;
}

/** The slices of one page, in the document's order: the rows [(page − 1) × pageRows, page × pageRows). */
export function pageSlices<S extends PlannedRows>(plan: readonly S[], page: number, pageRows: number): SectionSlice<S>[] {
  const first = (page - 1) * pageRows;
  const end = first + pageRows;
  const slices: SectionSlice<S>[] = [];
  let offset = 0;
  for (const section of plan) {
    const size = section.rows + 1;
    if (offset >= end) break;
    if (offset + size > first) slices.push({ section, from: Math.max(0, first - offset), to: Math.min(size, end - offset) });
    offset += size;
  }
  return slices;
}

/**
 * One page of a paged screen (PAGED_REPORT_TYPES, docs/reports.md): the page's slices of the planned sections, read
 * by `readPage` (each slice a section, `continued` when it does not start at the section's first row), with the page's
 * place among all the rows. A page past the last has no sections; an empty plan is one empty page.
 */
export async function pagedDocument<S extends PlannedRows>(
  scope: ReportScope,
  subject: ReportSubject,
  plan: readonly S[],
  page: number,
  pageRows: number,
  readPage: (slices: SectionSlice<S>[]) => Promise<ReportSection[]>,
): Promise<ReportDocument> {
  const totalRows = plan.reduce((sum, section) => sum + section.rows + 1, 0);
  const slices = pageSlices(plan, page, pageRows);
  const sections = slices.length === 0 ? [] : await readPage(slices);
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

/**
 * A page read section by section: the page's few sections are independent reads, so on PostgreSQL they run side by
 * side on the pool's connections.
 */
export function eachSlice<S extends PlannedRows>(
  read: (section: S, from: number, to: number) => Promise<ReportSection>,
): (slices: SectionSlice<S>[]) => Promise<ReportSection[]> {
  return (slices) => Promise.all(slices.map((slice) => read(slice.section, slice.from, slice.to)));
}
