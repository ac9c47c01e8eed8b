import type { ReportFormat } from '@gearwatch/contracts';
import type { ReportFileWriter } from '../model.ts';
import type { ReportFileOptions } from './cells.ts';
import { createCsvWriter } from './csv-writer.ts';
import { createPdfWriter } from './pdf-writer.ts';
import { createXlsxWriter } from './xlsx-writer.ts';

export type { ReportFileOptions } from './cells.ts';

/**
 * The file writer of a format: a ReportSink that streams the report into `output` (xlsx, CSV or PDF) with the
 * headers in `options.language`; `end(outcome)` writes what remains, ends `output` and resolves when it has finished.
 * Writers await back-pressure, so a slow `output` slows the builder instead of filling memory.
 */
export function createReportFileWriter(format: ReportFormat, output: NodeJS.WritableStream, options: ReportFileOptions): ReportFileWriter {
  switch (format) {
    case 'xlsx':
      return createXlsxWriter(output, options);
    case 'csv':
      return createCsvWriter(output, options);
    case 'pdf':
      return createPdfWriter(output, options);
  }
}

/** The content type of a format's file, for downloads and mail attachments. */
export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};
