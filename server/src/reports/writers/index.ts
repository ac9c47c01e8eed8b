import type { Language, ReportCell, ReportFormat, ReportType } from '@gearwatch/contracts';
import type { ServerTextKey } from '../../i18n/translator.ts';
import { translatorFor } from '../../i18n/translator.ts';
import type { ReportFileWriter, ReportScope } from '../model.ts';

/**
 * PLACEHOLDER of r3-generation's branch: r4-files' `writers/index.ts` (xlsx, CSV, PDF) replaces this file at the merge.
 * Only CSV is written here (RFC 4180, UTF-8 with a BOM, a heading line per section), enough for the generation's tests.
 */
export interface ReportFileWriterOptions {
  language: Language;
  scope: ReportScope;
  title: string;
  period: { from: string; to: string };
  type: ReportType;
}

const quote = (cell: ReportCell) => (cell === null ? '' : /[",\r\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell));

export function createReportFileWriter(format: ReportFormat, output: NodeJS.WritableStream, options: ReportFileWriterOptions): ReportFileWriter {
  if (format !== 'csv') throw new Error(`the ${format} writer is not in this build`);
  const t = translatorFor(options.language);
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      output.write(text, (error) => (error ? reject(error) : resolve()));
    });
  let wrote = false;
  let first = true;
  return {
    async section(section) {
      const heading = section.title === null ? [] : [quote(section.title)];
      await write(`${first ? '\uFEFF' : '\r\n'}${heading.length ? `${heading[0]}\r\n` : ''}${section.columns.map((c) => quote(t.text(c.title as ServerTextKey))).join(',')}\r\n`);
      first = false;
    },
    async rows(rows) {
      if (rows.length === 0) return;
      wrote = true;
      await write(rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n');
    },
    async progress() {},
    async end(outcome) {
      if (first) await write('\uFEFF');
      if (outcome.empty || !wrote) await write(`${quote(t.text('reports.file.empty' as ServerTextKey))}\r\n`);
      await new Promise<void>((resolve) => output.end(resolve));
    },
  };
}
