import { withLocalDates } from '@gearwatch/contracts';
import type { ReportCell, ReportColumn, ReportColumnKind } from '@gearwatch/contracts';
import { formatDuration, formatShortDate } from '../../../components/dates/format.ts';
import { formattingLocale } from '../../../i18n/locale.ts';

// How a report's cells are shown (contracts ReportColumnKind): durations (seconds) as h:mm, in the client's one
// duration format (components/dates/format.ts), percents with their sign, counts and numbers in the language's
// digits, dates short, date-times short with the time. The values are the company's local dates and times already;
// nothing here converts a time zone.

/** i18next's `t` and `exists`, as the formatting needs them. */
export interface ReportTranslate {
  t: (key: string) => string;
  exists: (key: string) => boolean;
}

/** What shows for a cell with no value. */
export const NO_VALUE = '—';

const numberFormatters = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, language: string, maximumFractionDigits: number): string {
  const key = `${language}|${maximumFractionDigits}`;
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits });
    numberFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** `YYYY-MM-DDTHH:mm` (a local date-time of the company) as a short date and the time. */
function formatDateTime(value: string, language: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return match?.[1] && match[2] ? `${formatShortDate(match[1], language)} ${match[2]}` : value;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A translation key a builder may put in a title or a text cell (a totals row's label, an "all devices" section). */
const REPORT_KEY = /^reports?(\.[a-z0-9-]+)+$/;

/** A title or a text: translated when it is a report key the client knows, else shown as the server wrote it. */
export function reportText(text: string, translate: ReportTranslate): string {
  return REPORT_KEY.test(text) && translate.exists(text) ? translate.t(text) : text;
}

/** A section's title: a key in words, else a name as it is, its local dates (a day, a week) in the language's format. */
export function sectionTitle(title: string, language: string, translate: ReportTranslate): string {
  const text = reportText(title, translate);
  return text === title ? withLocalDates(title, (date) => formatShortDate(date, language)) : text;
}

/**
 * A column's heading: its report text key in words, or the title as the server wrote it — a device's name in the work
 * matrix, a shift's in the devices' work — never the column's internal key (`device-17`, `work-shift-0`).
 */
export function columnTitle(column: ReportColumn, translate: ReportTranslate): string {
  return reportText(column.title, translate);
}

/** Numbers line up on the right; text and dates on the left. */
export function isNumericKind(kind: ReportColumnKind): boolean {
  return kind === 'duration' || kind === 'percent' || kind === 'count' || kind === 'number';
}

/** One cell as shown. A value of an unexpected type is shown as it is rather than hidden. */
export function formatCell(cell: ReportCell, kind: ReportColumnKind, language: string, translate: ReportTranslate): string {
  if (cell === null || cell === '') return NO_VALUE;
  if (typeof cell === 'string') {
    if (kind === 'date' && DATE.test(cell)) return formatShortDate(cell, language);
    if (kind === 'datetime') return formatDateTime(cell, language);
    if (kind === 'period') return withLocalDates(cell, (date) => formatShortDate(date, language));
    return reportText(cell, translate);
  }
  switch (kind) {
    case 'duration':
      return formatDuration(cell);
    case 'percent':
      return `${formatNumber(cell, language, 1)} %`;
    case 'count':
      return formatNumber(cell, language, 0);
    case 'number':
      return formatNumber(cell, language, 2);
    default:
      return formatNumber(cell, language, 2);
  }
}
