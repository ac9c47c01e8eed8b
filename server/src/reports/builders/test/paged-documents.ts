import { expect } from 'vitest';
import type { ReportDocument, ReportSection } from '@gearwatch/contracts';

/** The pages joined: a section marked `continued` carries on the previous page's last section. */
export function joinPages(pages: readonly ReportDocument[]): ReportSection[] {
  const sections: ReportSection[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      const { continued, ...rest } = section;
      const last = sections.at(-1);
      if (continued) {
        expect(last?.title).toBe(section.title);
        expect(last?.totals).toBe(false);
        last!.rows.push(...section.rows);
        last!.totals = section.totals;
      } else {
        sections.push({ ...rest, rows: [...rest.rows] });
      }
    }
  }
  return sections;
}

/**
 * Every page of a paged screen against the builder's whole document: the first page's place among all the rows,
 * every page but the last full, each page's header the document's, and the pages joined the document's sections.
 */
export async function expectPagesJoinInto(
  whole: ReportDocument,
  pageRows: number,
  pageOf: (page: number) => Promise<ReportDocument>,
): Promise<ReportDocument[]> {
  const totalRows = whole.sections.reduce((sum, s) => sum + s.rows.length, 0);
  const first = await pageOf(1);
  expect(first.paging).toEqual({ page: 1, pageCount: Math.max(1, Math.ceil(totalRows / pageRows)), pageRows, totalRows });
  const pages = [first];
  for (let page = 2; page <= first.paging!.pageCount; page++) pages.push(await pageOf(page));
  for (const [index, page] of pages.entries()) {
    const rows = page.sections.reduce((sum, s) => sum + s.rows.length, 0);
    expect(rows).toBe(index < pages.length - 1 ? pageRows : totalRows - pageRows * (pages.length - 1));
    expect(page).toMatchObject({
      type: whole.type,
      from: whole.from,
      to: whole.to,
      interval: whole.interval,
      timezone: whole.timezone,
      empty: whole.empty,
      truncated: false,
    });
  }
  expect(joinPages(pages)).toEqual(whole.sections);
  return pages;
}
