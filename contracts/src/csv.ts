/**
 * How every CSV the product writes turns a value into a cell: the monitors' exports in the client (monitors/csv.ts)
 * and the report files on the server (server/src/reports/writers/csv-writer.ts). Both write through these two
 * functions, so no writer can forget the formula guard for one kind of cell (a title, a header, a value).
 *
 * - A text cell (a name, a title, a column header, a translated word, a date written as text) that a spreadsheet
 *   would read as a formula is prefixed with an apostrophe (OWASP "CSV injection"; ASVS 1.2.10): a first character
 *   `=`, `+`, `-`, `@`, tab or carriage return, and also line feed and NUL. Excel, LibreOffice and Google Sheets show
 *   the cell as the text it was, and a program reading the file sees the apostrophe, which is the lesser evil.
 * - A number cell (the digits of a real number, a duration computed from one) is never prefixed: `-5` in a numeric
 *   column stays a number a spreadsheet can sum. Only writers call it, with text they made from a number, never with
 *   a text a user typed.
 * - Either is then quoted as RFC 4180 says: always in a dialect that quotes every cell, otherwise when it holds the
 *   delimiter, a quote, CR or LF; quotes inside are doubled.
 */

export interface CsvDialect {
  delimiter: ',' | ';';
  /** Quote every cell (spec 01 §9, 02 §9: the monitors' exports and the report files) or only those that need it. */
  quoteAll: boolean;
}

/** The first characters that make a spreadsheet read a cell as a formula. */
export const CSV_FORMULA_START = /^[=+\-@\t\r\n\0]/;

function quoted(text: string, dialect: CsvDialect): string {
  const needed = dialect.quoteAll || text.includes(dialect.delimiter) || /["\r\n]/.test(text);
  return needed ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A cell of text: defused when a spreadsheet would run it as a formula, then quoted as the dialect needs. */
export function csvTextCell(text: string, dialect: CsvDialect): string {
  return quoted(CSV_FORMULA_START.test(text) ? `'${text}` : text, dialect);
}

/** A cell the writer made from a number (`-5`, `-1:30:00`): quoted as the dialect needs, never prefixed. */
export function csvNumberCell(text: string, dialect: CsvDialect): string {
  return quoted(text, dialect);
}
