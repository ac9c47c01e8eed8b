import type { Stream } from 'node:stream';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRODUCT_NAME } from '@gearwatch/contracts';
import type { ReportCell, ReportColumnKind } from '@gearwatch/contracts';

/**
 * The server's one way to write a spreadsheet: exceljs' streaming WorkbookWriter, cells typed by the contracts'
 * column kinds. The report files (reports/writers/xlsx-writer.ts, sections and sheets of any length) and the
 * diagnostics' chart sheets (`writeXlsxTable`, one table) both write through it, so a duration, a date or a percent
 * reads the same in every file the product makes.
 *
 * Values are typed: durations are Excel durations (days) shown `[h]:mm:ss` so they sum, percents are fractions shown
 * `0%`, dates and date-times are Excel dates of the company's wall time (Excel has no time zones), counts numbers.
 */

const SHEET_NAME_MAX = 31;
const SECONDS_PER_DAY = 86_400;

const FORMATS: Record<ReportColumnKind, string | undefined> = {
  text: undefined,
  period: undefined,
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
  duration: '[h]:mm:ss',
  percent: '0%',
  count: '0',
  number: undefined,
};
/** A column's width in characters by kind, unless its header needs more. */
export const XLSX_WIDTHS: Record<ReportColumnKind, number> = { text: 24, period: 24, date: 12, datetime: 17, duration: 12, percent: 10, count: 10, number: 12 };

export type XlsxStyle = Partial<ExcelJS.Style>;
// One style object per kind and weight: exceljs caches a style's id by object identity, so shared objects keep
// millions of cells cheap.
const styleOf = (kind: ReportColumnKind, bold: boolean): XlsxStyle => {
  const style: XlsxStyle = {};
  const numFmt = FORMATS[kind];
  if (numFmt) style.numFmt = numFmt;
  if (bold) style.font = { bold: true };
  return style;
};
const KINDS = Object.keys(FORMATS) as ReportColumnKind[];
export const XLSX_PLAIN = Object.fromEntries(KINDS.map((kind) => [kind, styleOf(kind, false)])) as Record<ReportColumnKind, XlsxStyle>;
export const XLSX_BOLD = Object.fromEntries(KINDS.map((kind) => [kind, styleOf(kind, true)])) as Record<ReportColumnKind, XlsxStyle>;
export const XLSX_BOLD_TEXT: XlsxStyle = { font: { bold: true } };

/** A sheet name Excel accepts: no `[]:*?/\`, at most 31 characters, with ` (n)` kept when numbered. */
export function sheetName(base: string, index: number): string {
  const clean =
    base
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim() || 'Report';
  const suffix = index > 1 ? ` (${index})` : '';
  return clean.slice(0, SHEET_NAME_MAX - suffix.length) + suffix;
}

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` as the Date whose UTC fields are that wall time (Excel has no time zones). */
export function wallDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

export function xlsxValue(value: ReportCell, kind: ReportColumnKind): ExcelJS.CellValue {
  if (value === null) return null;
  if (typeof value === 'string') return kind === 'date' || kind === 'datetime' ? (wallDate(value) ?? value) : value;
  if (kind === 'duration') return value / SECONDS_PER_DAY;
  if (kind === 'percent') return value / 100;
  return value;
}

/** A streaming workbook into `output`, made by the product. */
export function createWorkbookWriter(output: NodeJS.WritableStream, title?: string): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output as unknown as Stream, useStyles: true, useSharedStrings: false });
  workbook.creator = PRODUCT_NAME;
  if (title !== undefined) workbook.title = title;
  return workbook;
}

/** Adds a row, styles each cell (`style` by column index; none leaves the cell plain) and commits it. */
export function commitRow(sheet: ExcelJS.Worksheet, values: ExcelJS.CellValue[], style?: (index: number) => XlsxStyle | undefined): void {
  const row = sheet.addRow(values);
  if (style) {
    for (let index = 0; index < values.length; index += 1) {
      const cellStyle = style(index);
      if (cellStyle) row.getCell(index + 1).style = cellStyle;
    }
  }
  row.commit();
}

export interface XlsxTableColumn {
  header: string;
  kind: ReportColumnKind;
  /** Characters; the kind's width (or the header's) when not given. */
  width?: number;
}

export interface XlsxTable {
  sheet: string;
  columns: readonly XlsxTableColumn[];
  rows: Iterable<readonly ReportCell[]>;
}

/**
 * One sheet holding one table as a whole file: a bold header row that stays in view and filters, then the rows. For
 * a table held in memory (a chart's data); a report of any length streams through the report writer instead.
 */
export async function writeXlsxTable(table: XlsxTable): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.once('end', resolve);
    output.once('error', reject);
  });
  const workbook = createWorkbookWriter(output);
  const { columns } = table;
  const sheet = workbook.addWorksheet(sheetName(table.sheet, 1), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: column.width ?? Math.max(XLSX_WIDTHS[column.kind], column.header.length + 2) }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  commitRow(
    sheet,
    columns.map((column) => column.header),
    () => XLSX_BOLD_TEXT,
  );
  for (const cells of table.rows) {
    commitRow(
      sheet,
      columns.map((column, index) => xlsxValue(cells[index] ?? null, column.kind)),
      (index) => XLSX_PLAIN[columns[index]?.kind ?? 'text'],
    );
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
