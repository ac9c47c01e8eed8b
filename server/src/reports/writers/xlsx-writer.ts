import type ExcelJS from 'exceljs';
import type { ReportCell, ReportColumn } from '@gearwatch/contracts';
import { XLSX_BOLD, XLSX_BOLD_TEXT, XLSX_PLAIN, XLSX_WIDTHS, commitRow, createWorkbookWriter, sheetName, xlsxValue } from '../../spreadsheets/xlsx.ts';
import type { XlsxStyle } from '../../spreadsheets/xlsx.ts';
import type { ReportFileWriter, ReportOutcome } from '../model.ts';
import { fileTexts, finished, headerText, labelledTotals, watchOutput, yieldToLoop } from './cells.ts';
import type { ReportFileOptions } from './cells.ts';

/**
 * xlsx through exceljs' streaming WorkbookWriter: each row is committed (serialized, zipped, sent to `output`) as it
 * comes, so memory stays flat however long the report is (bench/reports/file-writers.ts).
 *
 * Layout: ONE worksheet holding every section one under the other (a bold title row, a bold header row, the rows,
 * the totals row bold, a blank row between sections), not a worksheet per section. The writer is told of sections
 * one at a time and cannot know how many follow: the work details of a year are 24 devices × 365 days = 8,760
 * sections, far more sheets than anyone can click through, and every open sheet costs memory in exceljs. A sheet
 * holds at most 1,048,576 rows (Excel's limit), so a longer report continues on `Report (2)`, `Report (3)`… each
 * repeating the current section's title and header. The first sheet starts with the report's title, its period and
 * the company's time zone. Cells are typed as every spreadsheet of the server types them (spreadsheets/xlsx.ts).
 */

const EXCEL_MAX_ROWS = 1_048_576;
/** Bytes of sheet XML waiting for the zip deflate before the writer waits for it (back-pressure). */
const BACKLOG_LIMIT = 1024 * 1024;

const TITLE: XlsxStyle = { font: { bold: true, size: 14 } };
const NOTE: XlsxStyle = { font: { italic: true } };

type Sheet = ExcelJS.Worksheet;

/** Bytes in a stream's buffers; archiver's streams come from readable-stream 2, which has no `writableLength`. */
interface Buffered {
  _writableState?: { length?: number; needDrain?: boolean };
  _readableState?: { length?: number };
  once?: (event: 'drain', listener: () => void) => void;
  off?: (event: 'drain', listener: () => void) => void;
}
const buffered = (stream: Buffered) => (stream._writableState?.length ?? 0) + (stream._readableState?.length ?? 0);

/**
 * Bytes of this sheet's XML not yet taken by the zip's deflate: exceljs writes a sheet into a buffer it pipes into
 * archiver's entry stream without heeding back-pressure, so the writer waits while these grow.
 */
function backlog(sheet: Sheet): { bytes: number; entry: Buffered | undefined } {
  const stream = (sheet as unknown as { _stream?: { buffers?: { length: number }[]; pipes?: Buffered[] } })._stream;
  if (!stream) return { bytes: 0, entry: undefined };
  let bytes = 0;
  for (const buffer of stream.buffers ?? []) bytes += buffer.length;
  for (const pipe of stream.pipes ?? []) bytes += buffered(pipe);
  return { bytes, entry: stream.pipes?.[0] };
}

/** Resolves when the zip entry has taken what it was given (its `drain`), or after a moment when it cannot say. */
function entryDrained(entry: Buffered | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!entry?._writableState?.needDrain || !entry.once || !entry.off) {
      setTimeout(resolve, 2);
      return;
    }
    const done = () => {
      clearTimeout(timer);
      entry.off?.('drain', done);
      resolve();
    };
    const timer = setTimeout(done, 50);
    entry.once('drain', done);
  });
}

export function createXlsxWriter(output: NodeJS.WritableStream, options: ReportFileOptions, sheetRows = EXCEL_MAX_ROWS): ReportFileWriter {
  const texts = fileTexts(options);
  const workbook = createWorkbookWriter(output, options.title);
  const watch = watchOutput(output);

  let sheet: Sheet | null = null;
  let sheets = 0;
  let rowsOnSheet = 0;
  let current: { title: string | null; columns: readonly ReportColumn[]; totals: boolean } | null = null;
  /** The section's last row so far: held back so a totals row can be written bold. */
  let pending: readonly ReportCell[] | null = null;
  let written = 0;
  let ended = false;

  const addRow = (values: ExcelJS.CellValue[], style?: (index: number) => XlsxStyle | undefined) => {
    commitRow(sheet as Sheet, values, style);
    rowsOnSheet += 1;
  };

  const header = () => {
    if (!current) return;
    const columns = current.columns;
    if (current.title !== null) addRow([texts.title(current.title)], () => XLSX_BOLD_TEXT);
    addRow(
      columns.map((column) => headerText(texts, column, 'xlsx')),
      () => XLSX_BOLD_TEXT,
    );
  };

  const openSheet = (columns: readonly ReportColumn[]) => {
    sheet?.commit();
    sheets += 1;
    rowsOnSheet = 0;
    sheet = workbook.addWorksheet(sheetName(texts.sheet, sheets));
    sheet.columns = columns.map((column) => ({ width: Math.min(50, Math.max(XLSX_WIDTHS[column.kind], headerText(texts, column, 'xlsx').length + 2)) }));
    if (sheets === 1) {
      addRow([options.title], () => TITLE);
      addRow([texts.period]);
      addRow([texts.timezone]);
    }
  };

  /** Room for `count` more rows on this sheet, or a new sheet that repeats the section's title and header. */
  const room = (count: number) => {
    if (sheet && rowsOnSheet + count <= sheetRows) return;
    openSheet(current?.columns ?? []);
    header();
  };

  const writeRow = (cells: readonly ReportCell[], bold: boolean) => {
    const columns = (current as NonNullable<typeof current>).columns;
    room(1);
    const styles = bold ? XLSX_BOLD : XLSX_PLAIN;
    addRow(
      columns.map((column, index) => {
        const cell = cells[index] ?? null;
        // Texts as a person reads them (an alert's type in words, a period's dates); dates and numbers stay typed.
        return typeof cell === 'string' && (column.kind === 'text' || column.kind === 'period') ? texts.title(cell) : xlsxValue(cell, column.kind);
      }),
      (index) => styles[columns[index]?.kind ?? 'text'],
    );
    written += 1;
  };

  /** Writes the held-back row: bold when it ends a section with totals (`last`), plain when more rows follow. */
  const flushPending = (last: boolean) => {
    if (pending && current) {
      const totals = last && current.totals;
      writeRow(totals ? labelledTotals(pending, texts) : pending, totals);
    }
    pending = null;
  };

  const settle = async () => {
    await yieldToLoop();
    watch.check();
    for (let state = sheet ? backlog(sheet) : null; state && state.bytes > BACKLOG_LIMIT; state = sheet ? backlog(sheet) : null) {
      await entryDrained(state.entry);
      watch.check();
    }
  };

  return {
    async section(section) {
      flushPending(true);
      if (!sheet) openSheet(section.columns);
      current = section;
      const extra = (section.title === null ? 1 : 2) + 1;
      if (rowsOnSheet + extra + 1 > sheetRows) room(sheetRows + 1);
      else {
        addRow([]);
        header();
      }
      await settle();
    },
    async rows(rows) {
      if (!current || rows.length === 0) return;
      flushPending(false);
      for (let index = 0; index < rows.length - 1; index += 1) writeRow(rows[index] ?? [], false);
      pending = rows[rows.length - 1] ?? null;
      await settle();
    },
    async progress() {},
    async end(outcome: ReportOutcome) {
      if (ended) return;
      ended = true;
      flushPending(true);
      if (!sheet) openSheet([{ key: 'note', title: texts.empty, kind: 'text' }]);
      if (outcome.empty || written === 0) {
        room(2);
        addRow([]);
        addRow([texts.empty], () => NOTE);
      }
      watch.check();
      watch.ending();
      const done = finished(output);
      (sheet as Sheet | null)?.commit();
      await workbook.commit();
      await done;
    },
  };
}
