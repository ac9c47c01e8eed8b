import type { CsvDialect, ReportCell, ReportColumn, ReportColumnKind } from '@gearwatch/contracts';
import { csvNumberCell, csvTextCell } from '@gearwatch/contracts';
import type { ReportFileWriter, ReportOutcome } from '../model.ts';
import { cellText, drained, fileTexts, finished, headerText, labelledTotals, spreadsheetNumbers, watchOutput } from './cells.ts';
import type { FileTexts, NumberText, ReportFileOptions } from './cells.ts';

/**
 * CSV as spec 01 §9 has it: semicolons between cells, every cell in double quotes (quotes inside doubled), CRLF line
 * ends, UTF-8 with a byte-order mark (so Excel reads the Polish, Latvian and Russian letters). Numbers are written
 * with the decimal mark of the file's language (`1,5` in Polish, Latvian and Russian, `1.5` in English) and no
 * grouping, dates in the language's one short format as the screens and the other files write them, durations
 * `h:mm:ss`, percents bare with `(%)` in the header: a Polish Excel opens the file in columns with numbers it sums.
 *
 * The file starts as the xlsx and PDF do: the report's title, its period and the company's time zone, one line each.
 * Sections follow, each after a blank line: its title on a line of its own when it has one, its header row, its rows;
 * a totals row says "Total" in its first cell.
 *
 * Every text the file holds — the title lines, section titles, column headers (a device's name), text cells (a
 * group's or an operator's name), the "no data" line — is a `csvTextCell`, so a name a spreadsheet would run as a
 * formula is written with a leading apostrophe; a cell whose value is a number (counts, percents, durations, negative
 * ones included) is a `csvNumberCell` and stays a number.
 */

const BOM = '\uFEFF';
const LINE_END = '\r\n';

const REPORT_CSV: CsvDialect = { delimiter: ';', quoteAll: true };

/** A text of the file (a title, a header, a word): defused and quoted. */
export function csvField(text: string): string {
  return csvTextCell(text, REPORT_CSV);
}

/** A row's cell: a text value is a text cell whatever its column's kind; a number is written as the kind says. */
export function csvCell(value: ReportCell, kind: ReportColumnKind, texts: FileTexts, numbers: NumberText): string {
  const text = cellText(value, kind, texts, numbers);
  return typeof value === 'number' ? csvNumberCell(text, REPORT_CSV) : csvField(text);
}

export function createCsvWriter(output: NodeJS.WritableStream, options: ReportFileOptions): ReportFileWriter {
  const texts = fileTexts(options);
  const numbers = spreadsheetNumbers(texts.translator.language);
  let current: { columns: readonly ReportColumn[]; totals: boolean } | null = null;
  /** The section's last row so far: held back so a totals row can be labelled. */
  let pending: readonly ReportCell[] | null = null;
  let started = false;
  let written = 0;
  let ended = false;

  const watch = watchOutput(output);
  const write = async (text: string) => {
    watch.check();
    output.write(text);
    await drained(output);
    watch.check();
  };

  /** The byte-order mark and the report's title, period and time zone, before anything else. */
  const front = () => {
    if (started) return '';
    started = true;
    return [BOM, csvField(options.title), LINE_END, csvField(texts.period), LINE_END, csvField(texts.timezone), LINE_END].join('');
  };

  const line = (cells: readonly ReportCell[]) => {
    const columns = current?.columns ?? [];
    written += 1;
    return columns.map((column, index) => csvCell(cells[index] ?? null, column.kind, texts, numbers)).join(REPORT_CSV.delimiter) + LINE_END;
  };

  /** The held-back row: labelled when it ends a section with totals (`last`). */
  const flushPending = (last: boolean) => {
    const row = pending;
    pending = null;
    if (!row || !current) return '';
    return line(last && current.totals ? labelledTotals(row, texts) : row);
  };

  return {
    async section(section) {
      let text = flushPending(true) + front() + LINE_END;
      if (section.title !== null) text += csvField(texts.title(section.title)) + LINE_END;
      text += section.columns.map((column) => csvField(headerText(texts, column, 'csv'))).join(REPORT_CSV.delimiter) + LINE_END;
      current = section;
      await write(text);
    },
    async rows(rows) {
      if (rows.length === 0) return;
      let text = flushPending(false);
      for (let index = 0; index < rows.length - 1; index += 1) text += line(rows[index] ?? []);
      pending = rows[rows.length - 1] ?? null;
      await write(text);
    },
    async progress() {},
    async end(outcome: ReportOutcome) {
      if (ended) return;
      ended = true;
      let text = flushPending(true) + front();
      if (outcome.empty || written === 0) text += LINE_END + csvField(texts.empty) + LINE_END;
      watch.check();
      watch.ending();
      const done = finished(output);
      output.end(text);
      await done;
    },
  };
}
