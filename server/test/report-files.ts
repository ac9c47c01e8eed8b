import { Writable } from 'node:stream';
import type { Language, ReportFormat, ReportSection } from '@gearwatch/contracts';
import { createReportFileWriter } from '../src/reports/writers/index.ts';
import type { ReportFileOptions } from '../src/reports/writers/index.ts';

/** Report files written to memory for the writer tests: a small document of every column kind, and the readers. */

export const SAMPLE_SECTIONS: ReportSection[] = [
  {
    title: 'Tokarka Łódź – żółw',
    columns: [
      { key: 'device', title: 'spreadsheet.work-activity.device', kind: 'text' },
      { key: 'date', title: 'spreadsheet.work-activity.time', kind: 'date' },
      { key: 'start', title: 'reports.column.start', kind: 'datetime' },
      { key: 'work', title: 'spreadsheet.work-activity.work', kind: 'duration' },
      { key: 'efficiency', title: 'reports.column.efficiency', kind: 'percent' },
      { key: 'counter', title: 'spreadsheet.work-activity.counter', kind: 'count' },
      { key: 'ratio', title: 'reports.column.ratio', kind: 'number' },
    ],
    rows: [
      ['Ēvele "A", nr 1', '2026-10-25', '2026-10-25T02:30', 90_061, 87, 12_345, 1.5],
      ['=1+2 Станок', '2026-10-26', null, 0, 0, 0, null],
      ['Σ', null, null, 90_061, 44, 12_345, null],
    ],
    totals: true,
  },
  {
    title: null,
    columns: [
      { key: 'operator', title: 'spreadsheet.work-activity.device', kind: 'text' },
      { key: 'active', title: 'spreadsheet.work-activity.active', kind: 'duration' },
    ],
    rows: [['Jānis Bērziņš', 3600]],
    totals: false,
  },
];

export function fileOptions(language: Language = 'pl', overrides: Partial<ReportFileOptions> = {}): ReportFileOptions {
  return {
    language,
    scope: { companyId: 1, timezone: 'Europe/Warsaw' },
    title: 'Wydajność – październik',
    period: { from: '2026-10-01', to: '2026-10-31' },
    type: 'efficiency-report',
    ...overrides,
  };
}

/** A writable that keeps what it gets; `slow` makes it take each chunk late, with a tiny buffer (back-pressure). */
export function memoryOutput(slow = false): { output: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const output = new Writable({
    highWaterMark: slow ? 64 : 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      if (slow) setTimeout(callback, 1);
      else callback();
    },
  });
  return { output, bytes: () => Buffer.concat(chunks) };
}

/** Writes sections through the format's writer, `chunk` rows per call, and returns the file's bytes. */
export async function writeFile(
  format: ReportFormat,
  sections: readonly ReportSection[],
  { empty = false, language = 'pl' as Language, chunk = 2, slow = false, options = {} as Partial<ReportFileOptions> } = {},
): Promise<Buffer> {
  const { output, bytes } = memoryOutput(slow);
  const writer = createReportFileWriter(format, output, fileOptions(language, options));
  for (const section of sections) {
    await writer.section({ title: section.title, columns: section.columns, totals: section.totals });
    for (let index = 0; index < section.rows.length; index += chunk) await writer.rows(section.rows.slice(index, index + chunk));
  }
  await writer.end({ empty });
  return bytes();
}

/** The text of a PDF, page after page (pdf2json's raw text: a page ends with a `Page (n) Break` line). */
export async function pdfText(bytes: Buffer): Promise<{ pages: string[] }> {
  const { default: PDFParser } = await import('pdf2json');
  const parser = new PDFParser(null, true);
  // pdf2json's PDF.js announces on the console that it runs without a worker; that is expected here.
  const log = console.log;
  console.log = (...values: unknown[]) => {
    if (!String(values[0]).includes('fake worker')) log(...values);
  };
  const text = await new Promise<string>((resolve, reject) => {
    parser.on('pdfParser_dataError', (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))));
    parser.on('pdfParser_dataReady', () => resolve(parser.getRawTextContent()));
    void parser.parseBuffer(bytes);
  }).finally(() => {
    console.log = log;
  });
  const pages = text.split(/-+Page \(\d+\) Break-+/).map((page) => page.replace(/\r\n/g, '\n').trim());
  return { pages: pages.slice(0, -1) };
}
