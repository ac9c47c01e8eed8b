import { DEFAULT_LANGUAGE, FORMATTING_LOCALES, LANGUAGES } from '@gearwatch/contracts';
import type { Language } from '@gearwatch/contracts';

/** The chosen interface language is kept in this localStorage key. */
export const LOCALE_STORAGE_KEY = 'locale';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else the first browser language we have, else Polish (spec 01 §1). */
export function initialLanguage(
  storage: Storage = window.localStorage,
  browserLanguages: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
  const stored = storage.getItem(LOCALE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language, storage: Storage = window.localStorage): void {
  storage.setItem(LOCALE_STORAGE_KEY, language);
}

/** A flag picked on the sign-in page, kept until the session it was picked for has started (this tab only). */
export const PICKED_LANGUAGE_KEY = 'locale-picked-at-sign-in';

/** Remembers a flag picked before signing in: the user's stored language becomes it once they are signed in. */
export function rememberPickedLanguage(language: Language, storage: Storage = window.sessionStorage): void {
  storage.setItem(PICKED_LANGUAGE_KEY, language);
}

/** The flag picked before signing in, if any. */
export function pickedLanguage(storage: Storage = window.sessionStorage): Language | null {
  const picked = storage.getItem(PICKED_LANGUAGE_KEY);
  return isLanguage(picked) ? picked : null;
}

/** Forgets the flag picked before signing in, once the session has taken it. */
export function forgetPickedLanguage(storage: Storage = window.sessionStorage): void {
  storage.removeItem(PICKED_LANGUAGE_KEY);
}

/** The locale dates and numbers are formatted in, for an interface language (contracts FORMATTING_LOCALES). */

export function formattingLocale(language: string): string {
  if (isLanguage(language)) return FORMATTING_LOCALES[language];
  // Already a regional tag (tests, a caller that chose one): as it is.
  return language.includes('-') ? language : FORMATTING_LOCALES[DEFAULT_LANGUAGE];
}
