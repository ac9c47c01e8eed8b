// An alert's message in words (`alert.message.<type>` and its parameters): shown by the alert list, the alert's
// deliveries and the dashboard's newest alerts, so it lives outside any one feature. Times arrive with the company's
// offset and are shown as that wall clock; Intl does the dates and numbers, the sentences are translation keys.
import { ALERT_OPERATOR_SYMBOLS, ALERT_OPERATORS } from '@gearwatch/contracts';
import type { AlertOperator } from '@gearwatch/contracts';
import { formattingLocale } from '../../i18n/locale.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?([+-]\d{2}:?\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

function dateTimeFormatter(language: string, timeZone: string, dateOnly: boolean): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${dateOnly}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), dateOnly ? { dateStyle: 'short', timeZone } : { dateStyle: 'short', timeStyle: 'short', timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A time in the user's language: one written with an offset shows the wall clock it states, one in UTC is put on
 * `timeZone` (the company's), a bare date is a date. Null or unreadable gives ''.
 */
export function formatTime(iso: string | null, language: string, timeZone: string): string {
  if (!iso) return '';
  const date = DATE_ONLY.exec(iso);
  if (date) return dateTimeFormatter(language, 'UTC', true).format(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
  const wall = WALL_CLOCK.exec(iso);
  if (wall) {
    const [, year, month, day, hour, minute, second] = wall;
    return dateTimeFormatter(language, 'UTC', false).format(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0)));
  }
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  try {
    return dateTimeFormatter(language, timeZone, false).format(instant);
  } catch {
    return dateTimeFormatter(language, 'UTC', false).format(instant);
  }
}

/** A number rounded to 2 decimals, written the language's way. */
export function formatNumber(value: number, language: string): string {
  let formatter = numberFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 2 });
    numberFormatters.set(language, formatter);
  }
  return formatter.format(value);
}

const TIME_PARAMS = new Set(['lastContact', 'windowStart', 'windowEnd', 'since', 'due', 'day']);

export function isAlertOperator(value: unknown): value is AlertOperator {
  return typeof value === 'string' && (ALERT_OPERATORS as readonly string[]).includes(value);
}

/** Words with an empty parameter between them ('12 , ') are tidied: one space, none before a comma or bracket. */
export function tidySentence(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.)])/g, '$1')
    .trim();
}

/**
 * An alert's message (`alert.message.<type>` and its parameters, ALERT_MESSAGE_PARAMS): times in the user's
 * language, numbers rounded to 2 decimals, operators as symbols, the geofence event and the change direction in words.
 */
export function alertMessage(message: { key: string; params: Record<string, string | number | null> }, t: Translate, language: string, timeZone: string): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.params)) {
    if (value === null) values[name] = '';
    else if (typeof value === 'number') values[name] = formatNumber(value, language);
    else if (TIME_PARAMS.has(name)) values[name] = formatTime(value, language, timeZone);
    else if (name === 'operator' && isAlertOperator(value)) values[name] = ALERT_OPERATOR_SYMBOLS[value];
    else if (name === 'geofence') values[name] = t(`alert.geofence-event.${value}`);
    else if (name === 'change') values[name] = t(`alert.change-event.${value}`);
    else values[name] = value;
  }
  return tidySentence(t(message.key, values));
}
