import type { Language } from '@gearwatch/contracts';
import { termsEn } from './terms.en.ts';
import { termsLv } from './terms.lv.ts';
import { termsPl } from './terms.pl.ts';
import { termsRu } from './terms.ru.ts';
import type { TermsDocument } from './terms-document.ts';

// Typed by the contracts' language list, so a language added there without its terms fails the type check.
export const TERMS_BY_LANGUAGE: Record<Language, TermsDocument> = { pl: termsPl, en: termsEn, lv: termsLv, ru: termsRu };
