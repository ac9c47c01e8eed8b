import type { PasswordLinkPurpose } from '@gearwatch/contracts';
import type { ServerTextKey } from '../i18n/translator.ts';
import { translatorFor } from '../i18n/translator.ts';

export interface PasswordMailFacts {
  /** Whom the mail greets: the user's name, or their username when they have none. */
  name: string;
  username: string;
  companyName: string;
  link: string;
  /** Where a new link can be asked for, once this one has expired. */
  resetPageUrl: string;
  validFor: { amount: number; unit: 'minute' | 'hour' };
}

export interface PasswordMail {
  subject: string;
  text: string;
}

const TEXT_KEYS: Record<PasswordLinkPurpose, { subject: ServerTextKey; intro: ServerTextKey; validity: ServerTextKey }> = {
  reset: { subject: 'mail.password-reset.subject', intro: 'mail.password-reset.request', validity: 'mail.password-reset.validity' },
  welcome: { subject: 'mail.welcome.subject', intro: 'mail.welcome.account', validity: 'mail.welcome.validity' },
};

/**
 * The plain-text mail carrying a password link, in the user's language (Polish, the default, for anything unknown).
 * The link stands on a line of its own so mail clients make it clickable without trailing punctuation.
 */
export function passwordMail(language: string, purpose: PasswordLinkPurpose, facts: PasswordMailFacts): PasswordMail {
  const translator = translatorFor(language);
  const keys = TEXT_KEYS[purpose];
  // Formatted by Intl (correct plural forms in every language); the locale texts put it after a colon, where each
  // language takes the plain form whatever the number.
  const validity = new Intl.NumberFormat(translator.language, { style: 'unit', unit: facts.validFor.unit, unitDisplay: 'long' }).format(facts.validFor.amount);
  const values = { name: facts.name, username: facts.username, companyName: facts.companyName, resetPageUrl: facts.resetPageUrl, validity };
  return {
    subject: translator.text(keys.subject, values),
    text: lines(translator.text('mail.greeting', values), '', translator.text(keys.intro, values), '', facts.link, '', translator.text(keys.validity, values)),
  };
}

function lines(...parts: string[]): string {
  return `${parts.join('\n')}\n`;
}
