import { CSV_CATEGORY_HEADER, csvSeriesHeader, roundValue, toCsv } from '@gearwatch/contracts';
import type { AsyncDiagnosticsResponse } from '@gearwatch/contracts';

type AnsweredParameter = AsyncDiagnosticsResponse['data'][number]['parameters'][number];

/** One line of the async table: a reading of one parameter. */
export interface AsyncRow {
  /** Unique among the rows of one answer. */
  key: string;
  /** The reading's local time as the server writes it (RAW_TIME_FORMAT). */
  time: string;
  parameter: { number: number; name: string; unit: string };
  value: number;
}

/**
 * Every parameter's readings in one list, newest first (spec 02 §2 item 7); readings at the same time keep the
 * answer's parameter order. The server lists each parameter oldest first, so the lists are merged from their ends
 * rather than sorted by text: in the hour repeated when clocks go back the times repeat, and only the server's
 * order tells which reading came later.
 */
export function asyncRows(response: AsyncDiagnosticsResponse): AsyncRow[] {
  const lists = response.data
    .flatMap((entry) => entry.parameters)
    .map((parameter) => ({ parameter, next: Math.min(parameter.categories.length, parameter.values.length) - 1 }));
  const rows: AsyncRow[] = [];
  for (;;) {
    let newest: { parameter: AnsweredParameter; next: number } | undefined;
    for (const list of lists) {
      if (list.next < 0) continue;
      if (newest === undefined || (list.parameter.categories[list.next] ?? '') > (newest.parameter.categories[newest.next] ?? '')) newest = list;
    }
    if (newest === undefined) return rows;
    const { parameter, next } = newest;
    rows.push({
      key: `${parameter.number}-${next}`,
      time: parameter.categories[next] ?? '',
      parameter: { number: parameter.number, name: parameter.name, unit: parameter.unit.short },
      value: parameter.values[next] ?? 0,
    });
    newest.next -= 1;
  }
}

/** The names of the parameters whose readings the server cut to the newest ones. */
export function cappedParameters(response: AsyncDiagnosticsResponse): string[] {
  return response.data.flatMap((entry) => entry.parameters.filter((parameter) => parameter.capped).map((parameter) => parameter.name));
}

/** A value as the table shows it: non-integers to 2 decimals (spec 02 §9), then the unit. */
export function formatAsyncValue(value: number, unit: string): string {
  const text = String(roundValue(value));
  return unit === '' ? text : `${text} ${unit}`;
}

/**
 * The table as CSV (spec 02 §9): DateTime, the parameter (with its unit, as chart CSVs name series) and the value
 * as a number, newest first; `headers` are the translated names of the parameter and value columns.
 */
export function asyncCsv(rows: readonly AsyncRow[], headers: { parameter: string; value: string }): string {
  return toCsv(
    [CSV_CATEGORY_HEADER, headers.parameter, headers.value],
    rows.map((row) => [row.time, csvSeriesHeader(row.parameter), row.value]),
  );
}
