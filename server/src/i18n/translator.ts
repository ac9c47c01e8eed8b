import i18next from 'i18next';
import type { Brand, Language, ReportTextKey, RuleTextKey } from '@gearwatch/contracts';
import { brandProfile, DEFAULT_LANGUAGE, LANGUAGES, PRODUCT_NAME, REPORT_TEXTS, RULE_TEXTS } from '@gearwatch/contracts';
import en from './locales/en.json' with { type: 'json' };
import lv from './locales/lv.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import { inlineText } from './plain-text.ts';

/**
 * The server's texts in the users' languages (mails, spreadsheets), read from locale files with i18next as the client
 * reads its own: the same flat keys, the same {{placeholder}} syntax. One instance for the whole process; every text
 * the server writes for a person goes through `translatorFor`. A report's column and section titles are the
 * contracts' (REPORT_TEXTS), which the client's report screens read too, so they are written once for both; so are
 * an alert rule's generated descriptions (RULE_TEXTS, issue 32 item 3).
 */

/** A key of the server's texts; the Polish ones are the reference every other language is tested against. */
export type ServerTextKey = keyof typeof pl | ReportTextKey | RuleTextKey;

export type TextValues = Record<string, string | number>;

export interface Translator {
  readonly language: Language;
  /**
   * For plain-text bodies and headers: values are inserted as given, but for their line breaks, which continue the
   * line indented (plain-text.ts), so a name or a description cannot write a line of its own into a mail.
   */
  text(key: ServerTextKey, values?: TextValues): string;
  /** For HTML bodies: values are HTML-escaped, the locale's own text is not. */
  html(key: ServerTextKey, values?: TextValues): string;
}

// Typed by the contracts' language list, so a language added there without a locale file fails the type check.
const SERVER_FILES: Record<Language, Record<keyof typeof pl, string>> = { pl, en, lv, ru };
export const LOCALE_BUNDLES = Object.fromEntries(
  LANGUAGES.map((language) => [language, { ...SERVER_FILES[language], ...REPORT_TEXTS[language], ...RULE_TEXTS[language] }]),
) as Record<Language, Record<ServerTextKey, string>>;

const instance = i18next.createInstance();
// The resources are in memory, so with initAsync off init has finished when it returns and no promise need be awaited.
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: LOCALE_BUNDLES[language] }])),
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  // Keys contain dots and colons are text, as in the client's files.
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: {
    escapeValue: false,
    escape: escapeHtml,
    defaultVariables: { product: PRODUCT_NAME },
    // Values are never read as $t(…) or {{…}} themselves, so a user's name cannot pull in other texts (i18next's default, kept on purpose).
    skipOnVariables: true,
  },
});

// The product's name in every text ({{product}}): the brand's, set once at start-up from BRAND (createServices).
let productName: string = PRODUCT_NAME;

/** Makes every text name the product as `brand` does (spec 01 §1, branding: mail follows the brand). */
export function setTextBrand(brand: Brand): void {
  productName = brandProfile(brand).productName;
}

/** The language a text is written in: the user's when the product has it, Polish (the product's default) otherwise. */
export function textLanguage(language: string): Language {
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

export function translatorFor(language: string): Translator {
  const resolved = textLanguage(language);
  const t = instance.getFixedT(resolved);
  // Values go in `replace`, so a value named like an option of t() (count, lng, context) is only ever a value.
  return {
    language: resolved,
    text: (key, values = {}) => t(key, { replace: { product: productName, ...plainTextValues(values) }, interpolation: { escapeValue: false } }),
    html: (key, values = {}) => t(key, { replace: { product: productName, ...values }, interpolation: { escapeValue: true } }),
  };
}

function plainTextValues(values: TextValues): TextValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? inlineText(value) : value]));
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// The characters that matter in HTML text and attribute values; i18next's own escape also rewrites '/' and changes
// that in its next major, so the server keeps one it controls.
function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}
