import { csvNumberCell, csvTextCell } from '../csv.ts';
import type { CsvDialect } from '../csv.ts';
import { roundValue } from './axes.ts';
import { CSV_DECIMALS } from './constants.ts';

/**
 * The CSV of the charts' "save as CSV" and of the async table's export (spec 02 §9): semicolons between cells,
 * every cell in double quotes (quotes inside doubled), lines ended by CRLF as RFC 4180 writes them, which every
 * spreadsheet reads. Numbers are rounded to the precision with a decimal point and no trailing zeros; null, NaN
 * and infinities are empty cells. Every text cell, the header's included, goes through the formula guard of
 * `csvTextCell` (../csv.ts); numbers never do, so a negative value stays a number.
 */

export const CSV_DELIMITER = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_CONTENT_TYPE = 'text/csv;charset=utf-8';
/** Prepend to the file (not the text) so spreadsheets read its UTF-8 names right. */
export const CSV_BOM = '\uFEFF';
/** The first header cell of a chart's CSV. */
export const CSV_CATEGORY_HEADER = 'DateTime';

export type CsvCell = string | number | null;

const MONITOR_CSV: CsvDialect = { delimiter: CSV_DELIMITER, quoteAll: true };

function cell(value: CsvCell, precision: number): string {
  if (value === null) return csvNumberCell('', MONITOR_CSV);
  if (typeof value === 'number') return csvNumberCell(Number.isFinite(value) ? String(roundValue(value, precision)) : '', MONITOR_CSV);
  return csvTextCell(value, MONITOR_CSV);
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], precision: number = CSV_DECIMALS): string {
  return [header, ...rows].map((row) => row.map((value) => cell(value, precision)).join(CSV_DELIMITER)).join(CSV_LINE_END) + CSV_LINE_END;
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
