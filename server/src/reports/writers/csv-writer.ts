import type { CsvDialect, ReportCell, ReportColumn, ReportColumnKind } from '@gearwatch/contracts';
import { csvNumberCell, csvTextCell } from '@gearwatch/contracts';
import type { ReportFileWriter, ReportOutcome } from '../model.ts';
import { cellText, drained, fileTexts, finished, headerText, watchOutput } from './cells.ts';
import type { ReportFileOptions } from './cells.ts';

/**
 * CSV (RFC 4180): UTF-8 with a byte-order mark (so Excel reads the Polish, Latvian and Russian letters), comma
 * separated, CRLF line ends, a field quoted when it holds a comma, quote or line break. Comma, not the semicolon some
 * Excel locales expect, because CSV is the format for other programs: values are locale-free (dot decimals, ISO
 * dates, `YYYY-MM-DD HH:mm`, durations `h:mm:ss`, percents as bare numbers with `(%)` in the header); a person who
 * wants a spreadsheet takes the xlsx. Sections follow each other: a blank line, the section's title on a line of its
 * own when it has one, its header row, its rows. A report of one untitled section is a plain table.
 *
 * Every text the file holds — section titles, column headers (a device's name), text cells (a group's or an
 * operator's name), the "no data" line — is a `csvTextCell`, so a name a spreadsheet would run as a formula is written
 * with a leading apostrophe; a cell whose value is a number (counts, percents, durations, negative ones included) is a
 * `csvNumberCell` and stays a number.
 */

const BOM = '\uFEFF';
const LINE_END = '\r\n';

const REPORT_CSV: CsvDialect = { delimiter: ',', quoteAll: false };

/** A text of the file (a title, a header, a word): defused and quoted. */
export function csvField(text: string): string {
  return csvTextCell(text, REPORT_CSV);
}

/** A row's cell: a text value is a text cell whatever its column's kind; a number is written as the kind says. */
export function csvCell(value: ReportCell, kind: ReportColumnKind): string {
  const text = cellText(value, kind, null);
  return typeof value === 'number' ? csvNumberCell(text, REPORT_CSV) : csvField(text);
}

export function createCsvWriter(output: NodeJS.WritableStream, options: ReportFileOptions): ReportFileWriter {
  const texts = fileTexts(options);
  let columns: readonly ReportColumn[] = [];
  let sections = 0;
  let written = 0;
  let ended = false;

  const watch = watchOutput(output);
  const write = async (text: string) => {
    watch.check();
    output.write(text);
    await drained(output);
    watch.check();
  };

  return {
    async section(section) {
      const lines: string[] = [];
      if (sections === 0) lines.push(BOM);
      else lines.push(LINE_END);
      if (section.title !== null) lines.push(csvField(texts.title(section.title)), LINE_END);
      lines.push(section.columns.map((column) => csvField(headerText(texts, column, 'csv'))).join(','), LINE_END);
      columns = section.columns;
      sections += 1;
      await write(lines.join(''));
    },
    async rows(rows) {
      if (rows.length === 0) return;
      let text = '';
      written += rows.length;
      for (const row of rows) text += columns.map((column, index) => csvCell(row[index] ?? null, column.kind)).join(',') + LINE_END;
      await write(text);
    },
    async progress() {},
    async end(outcome: ReportOutcome) {
      if (ended) return;
      ended = true;
      let text = sections === 0 ? BOM : '';
      if (outcome.empty || written === 0) text += (sections === 0 ? '' : LINE_END) + csvField(texts.empty) + LINE_END;
      watch.check();
      watch.ending();
      const done = finished(output);
      output.end(text);
      await done;
    },
  };
}
