import type { SupportMailRequest } from '@gearwatch/contracts';
import { SUPPORT_MESSAGE_KEYS } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { UnauthorizedError, ValidationError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { displayName } from '../users/presenter.ts';
import type { UserRecord, UsersRepository } from '../users/repository.ts';
import type { SupportRepository } from './repository.ts';

export interface SupportOptions {
  supportEmail: string;
}

export interface SupportOutcome {
  id: number;
  sent: boolean;
  /** Why delivery failed, for the log; the message itself is kept. */
  error?: string;
}

/** The "contact support" dialog (spec 01 §5): stored first, then mailed to SUPPORT_EMAIL with the sender's details. */
export class SupportService {
  constructor(
    private readonly repository: SupportRepository,
    private readonly usersRepository: UsersRepository,
    private readonly mailer: Mailer,
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
    const id = await this.repository.insert({ companyId: user.companyId, userId: user.id, impersonatorId: impersonator?.id ?? null, subject, content });
    try {
      await this.mailer.send({
        to: this.options.supportEmail,
        replyTo: { name: displayName(user), address: user.email },
        subject: `[Gearwatch support] ${subject}`,
        text: supportMailText(id, subject, content, user, impersonator),
      });
      await this.repository.markSent(user.companyId, id);
      return { id, sent: true };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.repository.markFailed(user.companyId, id, reason);
      return { id, sent: false, error: reason };
    }
  }
}

/** Plain text: what was written, then who wrote it, so support can answer without looking anything up. */
export function supportMailText(id: number, subject: string, content: string, user: UserRecord, impersonator?: UserRecord): string {
  const lines = [
    content,
    '',
    '-- ',
    `Subject: ${subject}`,
    `From: ${displayName(user)} <${user.email}> (username ${user.username}, user id ${user.id})`,
    `Company: ${user.companyName} (id ${user.companyId})`,
  ];
  if (impersonator) lines.push(`Written by ${displayName(impersonator)} <${impersonator.email}> (user id ${impersonator.id}) while acting as this user`);
  lines.push(`Support message id: ${id}`);
  return `${lines.join('\n')}\n`;
}
