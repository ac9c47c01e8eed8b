import { roundValue } from './axes.ts';
import { CSV_DECIMALS } from './constants.ts';

/**
 * The CSV of the charts' "save as CSV" and of the async table's export (spec 02 §9): semicolons between cells,
 * every cell in double quotes (quotes inside doubled), lines ended by CRLF as RFC 4180 writes them, which every
 * spreadsheet reads. Numbers are rounded to the precision with a decimal point and no trailing zeros; null, NaN
 * and infinities are empty cells.
 */

export const CSV_DELIMITER = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_CONTENT_TYPE = 'text/csv;charset=utf-8';
/** Prepend to the file (not the text) so spreadsheets read its UTF-8 names right. */
export const CSV_BOM = '\uFEFF';
/** The first header cell of a chart's CSV. */
export const CSV_CATEGORY_HEADER = 'DateTime';

export type CsvCell = string | number | null;

/**
 * Text a spreadsheet would run as a formula is prefixed with an apostrophe (OWASP "CSV injection"): names come from
 * users, and an exported file is opened by others.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell, precision: number): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(roundValue(cell, precision)) : '';
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], precision: number = CSV_DECIMALS): string {
  return [header, ...rows].map((row) => row.map((cell) => quote(cellText(cell, precision))).join(CSV_DELIMITER)).join(CSV_LINE_END) + CSV_LINE_END;
}

export interface CsvSeries {
  name: string;
  /** The short unit; empty for a unitless series. */
  unit: string;
  /** Aligned with the categories. */
  values: readonly (number | null)[];
}

/** A series' header cell: "<name> [<unit>]", or the bare name without a unit. */
export function csvSeriesHeader(series: Pick<CsvSeries, 'name' | 'unit'>): string {
  return series.unit === '' ? series.name : `${series.name} [${series.unit}]`;
}

/** A chart as CSV: a DateTime column of the categories, then one column per series. */
export function chartCsv(categories: readonly string[], series: readonly CsvSeries[], precision: number = CSV_DECIMALS): string {
  const header = [CSV_CATEGORY_HEADER, ...series.map(csvSeriesHeader)];
  const rows = categories.map((category, index) => [category, ...series.map((s) => s.values[index] ?? null)]);
  return toCsv(header, rows, precision);
}
