import type { Language, SupportMailRequest } from '@gearwatch/contracts';
import { SUPPORT_MESSAGE_KEYS } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { UnauthorizedError, ValidationError } from '../http/errors.ts';
import { translatorFor } from '../i18n/translator.ts';
import { MailNotConfiguredError } from '../mail/mailer.ts';
import { displayName } from '../users/presenter.ts';
import type { UserRecord, UsersRepository } from '../users/repository.ts';
import type { SupportRepository } from './repository.ts';

// The mail is read by the support team, not by its sender, so it is written in the team's language whatever the
// sender's is.
const SUPPORT_MAIL_LANGUAGE: Language = 'en';

export interface SupportOptions {
  supportEmail: string;
  /** Whether SMTP_URL is set: without it the mail waits in the outbox, and the answer says it is not sent. */
  mailConfigured: boolean;
}

export interface SupportOutcome {
  id: number;
  /**
   * The mail is on its way: stored in the outbox with the message, which sends it (retrying while SMTP fails) and
   * records sent_at or last_error on the message. False only when no SMTP server is configured.
   */
  sent: boolean;
  /** Why it is not sent, for the log; the message itself is kept. */
  error?: string;
}

/**
 * The "contact support" dialog (spec 01 §5): the message and its mail to SUPPORT_EMAIL with the sender's details are
 * stored in one transaction; the outbox sender delivers it (docs/mail.md).
 */
export class SupportService {
  constructor(
    private readonly repository: SupportRepository,
    private readonly usersRepository: UsersRepository,
    private readonly options: SupportOptions,
  ) {}

  async send(auth: AuthContext, input: SupportMailRequest): Promise<SupportOutcome> {
    const subject = input.subject.trim();
    const content = input.content.trim();
    const errors: Record<string, string[]> = {};
    if (!subject) errors.subject = [SUPPORT_MESSAGE_KEYS.noEmptyValues];
    if (!content) errors.content = [SUPPORT_MESSAGE_KEYS.noEmptyValues];
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const user = await this.usersRepository.findById(auth.userId);
    if (!user) throw new UnauthorizedError();
    const impersonator = auth.impersonatorId ? await this.usersRepository.findById(auth.impersonatorId) : undefined;
    const id = await this.repository.insertWithMail(
      { companyId: user.companyId, userId: user.id, impersonatorId: impersonator?.id ?? null, subject, content },
      (id) => ({
        kind: 'support',
        companyId: user.companyId,
        to: { address: this.options.supportEmail },
        replyTo: `"${displayName(user).replace(/["\\]/g, '\\$&')}" <${user.email}>`,
        ref: { supportMessageId: id },
        dedupeKey: `support:${id}`,
        ...supportMail({ id, subject, content }, user, impersonator),
      }),
    );
    if (this.options.mailConfigured) return { id, sent: true };
    const reason = new MailNotConfiguredError().message;
    await this.repository.markFailed(user.companyId, id, reason);
    return { id, sent: false, error: reason };
  }
}

/** Plain text: what was written, then who wrote it, so support can answer without looking anything up. */
function supportMail(
  message: { id: number; subject: string; content: string },
  user: UserRecord,
  impersonator?: UserRecord,
): { subject: string; text: string } {
  const translator = translatorFor(SUPPORT_MAIL_LANGUAGE);
  const lines = [
    message.content,
    '',
    '-- ',
    translator.text('mail.support.subject-line', { subject: message.subject }),
    translator.text('mail.support.sender', { name: displayName(user), email: user.email, username: user.username, userId: user.id }),
    translator.text('mail.support.company', { companyName: user.companyName, companyId: user.companyId }),
  ];
  if (impersonator) {
    lines.push(translator.text('mail.support.impersonator', { name: displayName(impersonator), email: impersonator.email, userId: impersonator.id }));
  }
  lines.push(translator.text('mail.support.message-id', { id: message.id }));
  return { subject: translator.text('mail.support.subject', { subject: message.subject }), text: `${lines.join('\n')}\n` };
}
