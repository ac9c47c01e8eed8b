// Figures of the management tables (their dates and times are components/dates/format.ts's). Intl does the wording,
// so no translation keys are needed.
import { formattingLocale } from '../../i18n/locale.ts';

const percentFormatters = new Map<string, Intl.NumberFormat>();

/** A whole percentage (productivity 87 → '87%' or '87 %' as the language writes it). */
export function formatPercent(value: number, language: string): string {
  let formatter = percentFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { style: 'percent', maximumFractionDigits: 0 });
    percentFormatters.set(language, formatter);
  }
  return formatter.format(value / 100);
}
