import type { Language } from './constants.ts';
import en from './report-texts/en.json' with { type: 'json' };
import lv from './report-texts/lv.json' with { type: 'json' };
import pl from './report-texts/pl.json' with { type: 'json' };
import ru from './report-texts/ru.json' with { type: 'json' };

/**
 * A report's column and section titles in every language, written once: the server's builders put these keys in a
 * report (ReportColumn.title), and both the report files (the server's translator) and the report screens (the
 * client's i18next, a language at a time from `@gearwatch/contracts/report-texts/<language>.json`) read them here.
 */
export type ReportTextKey = keyof typeof pl;

// Typed by the contracts' language list, so a language added there without a file fails the type check.
export const REPORT_TEXTS: Record<Language, Record<ReportTextKey, string>> = { pl, en, lv, ru };
