/** A terms document: the legal text exists in Polish (/terms) and English (/terms_en), each complete in itself. */
export interface TermsDocument {
  language: 'pl' | 'en';
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
  back: string;
}
