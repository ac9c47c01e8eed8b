import type { Language } from '@gearwatch/contracts';

/** A terms document: the same legal text in each language of the product, each complete in itself. */
export interface TermsDocument {
  language: Language;
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
  back: string;
}
