import { describe, expect, it } from 'vitest';
import { LANGUAGES, PASSWORD_LINK_PURPOSES } from '@gearwatch/contracts';
import type { PasswordMailFacts } from './password-mail.ts';
import { passwordMail } from './password-mail.ts';

const facts: PasswordMailFacts = {
  name: 'Ada Lovelace',
  username: 'ada',
  companyName: 'Analytical Engines',
  link: 'https://gw.example/resetting?token=abc',
  resetPageUrl: 'https://gw.example/reset',
  validFor: { amount: 60, unit: 'minute' },
};

describe('passwordMail', () => {
  it('has a subject and a text with the link and the username in every language, for every purpose', () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      for (const purpose of PASSWORD_LINK_PURPOSES) {
        const mail = passwordMail(language, purpose, facts);
        subjects.add(mail.subject);
        expect(mail.subject, `${language} ${purpose}`).toMatch(/\S/);
        expect(mail.subject).not.toMatch(/[\r\n]/);
        expect(mail.text).toContain('Ada Lovelace');
        expect(mail.text).toContain('ada');
        // The link on a line of its own, so mail clients make it clickable without trailing punctuation.
        expect(mail.text).toContain('\nhttps://gw.example/resetting?token=abc\n');
        expect(mail.text).not.toMatch(/undefined|NaN|\$\{/);
        if (purpose === 'welcome') expect(mail.text).toContain('https://gw.example/reset\n');
      }
    }
    expect(subjects.size).toBe(LANGUAGES.length * PASSWORD_LINK_PURPOSES.length);
  });

  it('formats the validity with the plural forms of each language', () => {
    const hours = (language: string, amount: number) => passwordMail(language, 'welcome', { ...facts, validFor: { amount, unit: 'hour' } }).text;
    expect(hours('en', 1)).toContain('Link validity: 1 hour.');
    expect(hours('pl', 72)).toContain('Czas ważności linku: 72 godziny.');
    expect(hours('pl', 48)).toContain('Czas ważności linku: 48 godzin.');
    expect(hours('ru', 72)).toContain('Срок действия ссылки: 72 часа.');
    expect(hours('lv', 72)).toContain('Saites derīguma termiņš: 72 stundas.');
  });

  it('falls back to Polish for a language it does not know', () => {
    expect(passwordMail('de', 'reset', facts).subject).toBe(passwordMail('pl', 'reset', facts).subject);
  });
});
