import type { AlertRuleType } from '@gearwatch/contracts';
import { describeAlertRule } from '@gearwatch/contracts';
import type { ServerTextKey, Translator } from '../i18n/translator.ts';
import { inlineText } from '../i18n/plain-text.ts';
import { translatorFor } from '../i18n/translator.ts';
import { formatDate, formatDateTime } from '../time/format.ts';
import type { AlertFacts } from './repository.ts';

/** Alert mails as a user reads them: in their language, times in their company's zone, links to the app. */

const IMPORTANCE_KEYS: Record<AlertFacts['importance'], ServerTextKey> = {
  info: 'mail.importance.info',
  warning: 'mail.importance.warning',
  error: 'mail.importance.error',
};

/** How many alerts a digest names one by one; the rest are counted. */
export const DIGEST_LINES = 50;

export interface MailText {
  subject: string;
  text: string;
}

export interface AlertMailInput {
  facts: AlertFacts;
  /** When the occurrence happened: the alert's start, or a reminder's time. */
  at: Date;
  occurrence: number;
  reminder: boolean;
  bundled: number;
  name: string;
  language: string;
  alertUrl: string;
  unsubscribeUrl: string;
}

// A mail to many people differs only in the greeting's name and the unsubscribe link: it is written once per
// language with these markers in their place, then each recipient's copy is the markers replaced.
const NAME_MARK = '\u0001name\u0001';
const URL_MARK = '\u0001unsubscribe\u0001';

/** Writes `render`'s mail once per distinct key, and each recipient's copy from it. */
export class MailTemplates<K> {
  private readonly cache = new Map<string, MailText>();

  constructor(private readonly render: (key: K, name: string, unsubscribeUrl: string) => MailText) {}

  for(key: K, cacheKey: string, name: string, unsubscribeUrl: string): MailText {
    let template = this.cache.get(cacheKey);
    if (!template) {
      template = this.render(key, NAME_MARK, URL_MARK);
      this.cache.set(cacheKey, template);
    }
    const fill = (text: string) => text.split(NAME_MARK).join(inlineText(name)).split(URL_MARK).join(unsubscribeUrl);
    return { subject: fill(template.subject), text: fill(template.text) };
  }
}

function ruleName(t: Translator, facts: AlertFacts): string {
  return facts.ruleName ?? t.text('mail.alert.requirement');
}

/** The rule's generated description in the recipient's language, from the rule as it is now ('' for none). */
export function ruleSentence(t: Translator, facts: AlertFacts): string {
  if (!facts.ruleType || !facts.ruleSummary) return '';
  const numbers = new Intl.NumberFormat(t.language, { maximumFractionDigits: 2 });
  return describeAlertRule(facts.ruleType as AlertRuleType, facts.ruleSummary, {
    t: (key, values) => t.text(key as ServerTextKey, values),
    number: (value) => numbers.format(value),
    date: (isoDate) => formatDate(isoDate, t.language),
  });
}

const lines = (...parts: (string | null)[]) => parts.filter((part): part is string => part !== null).join('\n');

export function alertMail(input: AlertMailInput): MailText {
  const t = translatorFor(input.language);
  const { facts } = input;
  const sentence = ruleSentence(t, facts);
  const values = { rule: ruleName(t, facts), device: facts.deviceName, importance: t.text(IMPORTANCE_KEYS[facts.importance]), occurrence: input.occurrence };
  return {
    subject: t.text('mail.alert.subject', values),
    text: lines(
      t.text('mail.greeting', { name: input.name }),
      '',
      input.reminder ? t.text('mail.alert.reminder', values) : t.text('mail.alert.opened', values),
      '',
      t.text('mail.alert.importance', values),
      t.text('mail.alert.started', { time: formatDateTime(input.at, { language: t.language, timeZone: facts.timezone }), timezone: facts.timezone }),
      sentence ? t.text('mail.alert.condition', { condition: sentence }) : null,
      facts.description ? t.text('mail.alert.description', { description: facts.description }) : null,
      input.bundled > 0 ? t.text('mail.alert.bundled', { count: input.bundled }) : null,
      '',
      t.text('mail.alert.link', { url: input.alertUrl }),
      '',
      '-- ',
      t.text('mail.unsubscribe', { url: input.unsubscribeUrl }),
    ),
  };
}

export interface DigestMailInput {
  alerts: readonly AlertFacts[];
  /** How many alerts the digest holds in all (more than it names when over DIGEST_LINES). */
  total: number;
  limit: number;
  minutes: number;
  name: string;
  language: string;
  listUrl: string;
  unsubscribeUrl: string;
}

export function digestMail(input: DigestMailInput): MailText {
  const t = translatorFor(input.language);
  const shown = input.alerts.slice(0, DIGEST_LINES);
  return {
    subject: t.text('mail.digest.subject', { count: input.total }),
    text: lines(
      t.text('mail.greeting', { name: input.name }),
      '',
      t.text('mail.digest.intro', { limit: input.limit, minutes: input.minutes }),
      '',
      ...shown.map((facts) =>
        t.text('mail.digest.line', {
          time: formatDateTime(facts.startedAt, { language: t.language, timeZone: facts.timezone }),
          importance: t.text(IMPORTANCE_KEYS[facts.importance]),
          rule: ruleName(t, facts),
          device: facts.deviceName,
        }),
      ),
      input.total > shown.length ? t.text('mail.digest.more', { count: input.total - shown.length }) : null,
      '',
      t.text('mail.digest.link', { url: input.listUrl }),
      '',
      '-- ',
      t.text('mail.unsubscribe', { url: input.unsubscribeUrl }),
    ),
  };
}

export interface AnnouncementMailInput {
  title: string;
  body: string;
  name: string;
  language: string;
  unsubscribeUrl: string;
}

export function announcementMail(input: AnnouncementMailInput): MailText {
  const t = translatorFor(input.language);
  return {
    subject: t.text('mail.announcement.subject', { title: input.title }),
    text: lines(t.text('mail.greeting', { name: input.name }), '', input.body, '', '-- ', t.text('mail.unsubscribe', { url: input.unsubscribeUrl })),
  };
}
