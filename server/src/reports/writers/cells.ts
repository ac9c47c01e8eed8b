import { FORMATTING_LOCALES, withLocalDates } from '@gearwatch/contracts';
import type { Language, ReportCell, ReportColumn, ReportColumnKind, ReportFormat, ReportType } from '@gearwatch/contracts';
import { formatDate } from '../../time/format.ts';
import { LOCALE_BUNDLES, translatorFor } from '../../i18n/translator.ts';
import type { ServerTextKey, Translator } from '../../i18n/translator.ts';
import type { ReportScope } from '../model.ts';

/**
 * What every file writer shares: the options of `createReportFileWriter`, the translation of column and section
 * titles, how a cell of each column kind reads as text (CSV and PDF; xlsx writes typed values, see xlsx-writer.ts),
 * and back-pressure on the output stream.
 */

export interface ReportFileOptions {
  language: Language;
  scope: ReportScope;
  /** The file's title as a person reads it (the configuration's name), already in the recipient's language. */
  title: string;
  /** Inclusive local dates `YYYY-MM-DD` in the company's time zone. */
  period: { from: string; to: string };
  type: ReportType;
}

/** The texts a file writes besides its cells, in the file's language. */
export interface FileTexts {
  translator: Translator;
  period: string;
  timezone: string;
  empty: string;
  /** Written in a totals row's first cell when the builder left it empty (documents leave the word to the reader). */
  total: string;
  sheet: string;
  page: (page: number) => string;
  /** A local date `YYYY-MM-DD` in the language's one short format (time/format.ts), as the screens write it. */
  date: (date: string) => string;
  /**
   * A column or section title, or a text cell: a report text key is translated (an alert's type), any other text
   * (a device's name) is kept, with the local dates in it (a period, a day's section) written as `date` writes them.
   */
  title: (title: string) => string;
}

export function fileTexts(options: ReportFileOptions): FileTexts {
  const translator = translatorFor(options.language);
  const bundle = LOCALE_BUNDLES[translator.language];
  const date = (value: string) => formatDate(value, translator.language);
  const values = { from: date(options.period.from), to: date(options.period.to), timezone: options.scope.timezone };
  return {
    translator,
    period: translator.text('reports.file.period', values),
    timezone: translator.text('reports.file.timezone', values),
    empty: translator.text('reports.file.empty', values),
    total: translator.text('reports.file.total'),
    sheet: translator.text('reports.file.sheet'),
    page: (page) => translator.text('reports.file.page', { page }),
    date,
    title: (title) => (Object.hasOwn(bundle, title) ? translator.text(title as ServerTextKey) : withLocalDates(title, date)),
  };
}

/** A column's header: its translated title, with the unit where the cells are bare numbers of one (CSV's percents). */
export function headerText(texts: FileTexts, column: ReportColumn, format: ReportFormat): string {
  const title = texts.title(column.title);
  return format === 'csv' && column.kind === 'percent' ? `${title} (%)` : title;
}

/** Seconds as `h:mm:ss`, hours unbounded (`36:00:00` is a day and a half), negative with a leading minus. */
export function formatDuration(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const total = Math.round(Math.abs(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `${sign}${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A text cell of a column's kind as a person reads it (dates in the language's format, keys in words). */
export function textCell(value: string, kind: ReportColumnKind, texts: FileTexts): string {
  switch (kind) {
    case 'date':
      return texts.date(value);
    case 'datetime': {
      // `YYYY-MM-DDTHH:mm`, a wall time of the company already: its date as the language writes it, then the time.
      const match = LOCAL_DATE_TIME.exec(value);
      return match ? `${texts.date(match[1] as string)} ${match[2] as string}` : value;
    }
    default:
      return texts.title(value);
  }
}

/** How a file writes a number: CSV in the language's decimal mark without grouping, PDF grouped as on paper. */
export type NumberText = (value: number, kind: ReportColumnKind) => string;

/** A cell as plain text (CSV and PDF): durations `h:mm:ss`, other numbers as `number` writes them. */
export function cellText(value: ReportCell, kind: ReportColumnKind, texts: FileTexts, number: NumberText): string {
  if (value === null) return '';
  if (typeof value === 'string') return textCell(value, kind, texts);
  return kind === 'duration' ? formatDuration(value) : number(value, kind);
}

/** The language's number format for reading on paper: grouped thousands, at most two decimals, percents signed. */
export function paperNumbers(language: Language): NumberText {
  const numbers = new Intl.NumberFormat(FORMATTING_LOCALES[language], { maximumFractionDigits: 2 });
  return (value, kind) => (kind === 'percent' ? `${numbers.format(value)}%` : numbers.format(value));
}

/**
 * The language's numbers for a spreadsheet to read: no grouping, its decimal mark (`1,5` in Polish, Latvian and
 * Russian, `1.5` in English), all the digits there are; percents bare (the header says %).
 */
export function spreadsheetNumbers(language: Language): NumberText {
  const mark = decimalMark(language);
  return (value) => (mark === '.' ? String(value) : String(value).replace('.', mark));
}

/** The decimal mark of a language's formatting locale, as its spreadsheets expect it in a CSV. */
export function decimalMark(language: Language): string {
  const parts = new Intl.NumberFormat(FORMATTING_LOCALES[language]).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value ?? '.';
}

/** Resolves once `output` can take more: at once unless its buffer is over its high-water mark. */
export function drained(output: NodeJS.WritableStream): Promise<void> {
  const state = output as { writableNeedDrain?: boolean; destroyed?: boolean };
  // A destroyed output never drains; the writer's watch (watchOutput) reports why.
  if (state.writableNeedDrain !== true || state.destroyed === true) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      output.off('drain', done);
      output.off('error', done);
      output.off('close', done);
      if (error) reject(error);
      else resolve();
    };
    output.on('drain', done);
    output.on('error', done);
    output.on('close', done);
  });
}

/** Resolves when `output` has flushed everything after `end()` (finish), or rejects with its error. */
export function finished(output: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    output.once('finish', () => resolve());
    output.once('error', reject);
  });
}

/**
 * Remembers an output's failure (an error, or a close before the writer ended it), so a writer waiting for room
 * stops with that error instead of waiting for ever.
 */
export function watchOutput(output: NodeJS.WritableStream): { check: () => void; ending: () => void } {
  let failure: Error | null = null;
  let ending = false;
  output.on('error', (error: Error) => {
    failure ??= error;
  });
  output.on('close', () => {
    if (!ending) failure ??= new Error('The report file output closed before the report was written');
  });
  return {
    check: () => {
      if (failure) throw failure;
    },
    ending: () => {
      ending = true;
    },
  };
}

/** Lets the event loop run (zip deflate, PDF pushes) between chunks of rows. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A totals row as a file shows it: the word "Total" in its first cell when that cell is empty. */
export function labelledTotals(cells: readonly ReportCell[], texts: Pick<FileTexts, 'total'>): readonly ReportCell[] {
  return cells.length > 0 && cells[0] === null ? [texts.total, ...cells.slice(1)] : cells;
}
