import { formattingLocale } from '../../../i18n/locale.ts';

// The sizes of the files list, which Intl words, so no translation keys are needed.

const KB = 1024;
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A file's size in the largest unit under 1024 of it (1 decimal above bytes): 1536 → '1.5 kB'. */
export function formatSize(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= KB && unit < UNITS.length - 1) {
    value /= KB;
    unit += 1;
  }
  return new Intl.NumberFormat(formattingLocale(language), {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
