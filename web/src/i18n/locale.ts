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
const PICKED_LANGUAGE_KEY = 'locale-picked-at-sign-in';
/** Set by a sign-in, taken by the shell once the session's user is known: their stored language applies then. */
const SIGNED_IN_KEY = 'locale-signed-in';

/** Remembers a flag picked before signing in: the user's stored language becomes it once they are signed in. */
export function rememberPickedLanguage(language: Language, storage: Storage = window.sessionStorage): void {
  storage.setItem(PICKED_LANGUAGE_KEY, language);
}

/** Marks that a session has just started with a sign-in in this tab (not a reload of one already going). */
export function markSignedIn(storage: Storage = window.sessionStorage): void {
  storage.setItem(SIGNED_IN_KEY, '1');
}

/**
 * Once per sign-in: null when no sign-in has happened since the last call (a reload keeps the interface as it is),
 * else the flag picked before it, if any. Taking it forgets both.
 */
export function takeSignIn(storage: Storage = window.sessionStorage): { picked: Language | null } | null {
  const signedIn = storage.getItem(SIGNED_IN_KEY) !== null;
  const picked = storage.getItem(PICKED_LANGUAGE_KEY);
  storage.removeItem(SIGNED_IN_KEY);
  storage.removeItem(PICKED_LANGUAGE_KEY);
  return signedIn ? { picked: isLanguage(picked) ? picked : null } : null;
}

/** The locale dates and numbers are formatted in, for an interface language (contracts FORMATTING_LOCALES). */

export function formattingLocale(language: string): string {
  if (isLanguage(language)) return FORMATTING_LOCALES[language];
  // Already a regional tag (tests, a caller that chose one): as it is.
  return language.includes('-') ? language : FORMATTING_LOCALES[DEFAULT_LANGUAGE];
}
