// Readings of the status icons (spec 01 §2 "status icons"); their times and durations are components/dates/format.ts's.
import { formattingLocale } from '../../i18n/locale.ts';

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A reading as shown (spec 02 §9: at most 2 decimals), with its unit when it has one. */
export function formatReading(value: number, unit: string | null, language: string): string {
  let formatter = numberFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 2 });
    numberFormatters.set(language, formatter);
  }
  return unit ? `${formatter.format(value)} ${unit}` : formatter.format(value);
}
