import { translatorFor } from '../i18n/translator.ts';
import { formatDateTime } from '../time/format.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import type { ProfileRecord } from './repository.ts';

/**
 * The notice that the user's password was changed, in their language, with the time in the company's timezone and
 * where to go if it was not them. It goes to the account's address, so a thief who changed it is seen.
 */
export function passwordChangedMail(user: ProfileRecord, at: Date, publicUrl: string): OutboxMail {
  const translator = translatorFor(user.language);
  const name = `${user.firstname} ${user.lastname}`.trim() || user.username;
  const time = formatDateTime(at, { language: translator.language, timeZone: user.companyTimezone });
  const values = { name, username: user.username, time, timezone: user.companyTimezone, resetPageUrl: `${publicUrl}/reset` };
  const lines = [
    translator.text('mail.greeting', values),
    '',
    translator.text('mail.password-changed.changed', values),
    '',
    translator.text('mail.password-changed.not-you', values),
  ];
  return {
    kind: 'password-changed',
    companyId: user.companyId,
    userId: user.id,
    to: { address: user.email, name },
    subject: translator.text('mail.password-changed.subject', values),
    text: `${lines.join('\n')}\n`,
    ref: { userId: user.id },
  };
}
