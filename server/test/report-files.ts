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
  const text = await new Promise<string>((resolve, reject) => {
    parser.on('pdfParser_dataError', (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))));
    parser.on('pdfParser_dataReady', () => resolve(parser.getRawTextContent()));
    void parser.parseBuffer(bytes);
  });
  const pages = text.split(/-+Page \(\d+\) Break-+/).map((page) => page.replace(/\r\n/g, '\n').trim());
  return { pages: pages.slice(0, -1) };
}

/** An output that takes nothing until `release()`: a writer that heeds back-pressure stops and waits for it. */
export function stalledOutput(): { output: Writable; release: () => void; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const waiting: (() => void)[] = [];
  let released = false;
  const output = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      if (released) callback();
      else waiting.push(callback);
    },
  });
  return {
    output,
    release: () => {
      released = true;
      for (const callback of waiting.splice(0)) callback();
    },
    bytes: () => Buffer.concat(chunks),
  };
}

/**
 * Writes chunks of `rows` into a stalled output until one call does not finish while the loop runs on (the writer
 * waits); returns how many calls finished first, then releases the output and ends the file.
 */
export async function rowsUntilBlocked(format: ReportFormat, section: ReportSection, chunks: number): Promise<{ finished: number; bytes: Buffer }> {
  const { output, release, bytes } = stalledOutput();
  const writer = createReportFileWriter(format, output, fileOptions('pl'));
  await writer.section({ title: section.title, columns: section.columns, totals: section.totals });
  let finished = 0;
  let blocked: Promise<void> | null = null;
  for (let index = 0; index < chunks && !blocked; index += 1) {
    const call = writer.rows(section.rows);
    const settled = await Promise.race([call.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200))]);
    if (settled) finished += 1;
    else blocked = call;
  }
  release();
  await blocked;
  await writer.end({ empty: false });
  return { finished, bytes: bytes() };
}

/** Writes chunks of `rows` into an output that fails after `bytes` bytes; resolves with the error a call rejected with. */
export async function failureOfOutput(format: ReportFormat, section: ReportSection, chunks: number, bytes: number): Promise<unknown> {
  let taken = 0;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      taken += chunk.length;
      setImmediate(() => callback(taken > bytes ? new Error('disk full') : null));
    },
  });
  const writer = createReportFileWriter(format, output, fileOptions('pl'));
  try {
    await writer.section({ title: section.title, columns: section.columns, totals: section.totals });
    for (let index = 0; index < chunks; index += 1) await writer.rows(section.rows);
    await writer.end({ empty: false });
  } catch (error) {
    return error;
  }
  return null;
}
