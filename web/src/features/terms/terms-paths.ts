import type { Language } from '@gearwatch/contracts';

/**
 * Where the terms are read in each language. Spec 01 §2 names /terms (Polish) and /terms_en; Latvian and Russian
 * follow the English pattern. Kept apart from the documents so the router and the login shell link to the pages
 * without loading their text.
 */
export const TERMS_PATHS: Record<Language, string> = { pl: '/terms', en: '/terms_en', lv: '/terms_lv', ru: '/terms_ru' };
