// An alert's message in words (`alert.message.<type>` and its parameters): shown by the alert list, the alert's
// deliveries and the dashboard's newest alerts, so it lives outside any one feature. Times are written by
// components/dates/format.ts, numbers by Intl; the sentences are translation keys.
import { ALERT_OPERATOR_SYMBOLS, ALERT_OPERATORS } from '@gearwatch/contracts';
import type { AlertOperator } from '@gearwatch/contracts';
import { formatDateTime } from '../dates/format.ts';
import type { DateFormat } from '../dates/format.ts';
import { formattingLocale } from '../../i18n/locale.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const numberFormatters = new Map<string, Intl.NumberFormat>();

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

/**
 * Messages whose minutes are a duration told to a person ("worked 216 min without an operator"): whole minutes read
 * better than 215.93. The effective-work-time message keeps its decimals, because it sets the minutes against the
 * rule's threshold and rounding could show "30 min (< 30 min)".
 */
const WHOLE_MINUTE_MESSAGES = new Set(['alert.message.work-without-operator', 'alert.message.lastsync']);

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
 * language, numbers rounded to 2 decimals (whole minutes in the duration messages), operators as symbols, the geofence event, the change direction and the efficiency bound in words.
 */
export function alertMessage(message: { key: string; params: Record<string, string | number | null> }, t: Translate, dateFormat: DateFormat): string {
  const { language } = dateFormat;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.params)) {
    if (value === null) values[name] = '';
    else if (typeof value === 'number')
      values[name] = formatNumber(name === 'minutes' && WHOLE_MINUTE_MESSAGES.has(message.key) ? Math.round(value) : value, language);
    else if (TIME_PARAMS.has(name)) values[name] = formatDateTime(value, dateFormat);
    else if (name === 'operator' && isAlertOperator(value)) values[name] = ALERT_OPERATOR_SYMBOLS[value];
    else if (name === 'geofence') values[name] = t(`alert.geofence-event.${value}`);
    else if (name === 'change') values[name] = t(`alert.change-event.${value}`);
    else if (name === 'bound') values[name] = t(`alert.bound-event.${value}`);
    else values[name] = value;
  }
  return tidySentence(t(message.key, values));
}
