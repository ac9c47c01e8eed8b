import type { PasswordLinkPurpose, ResettingRequest, ResettingReset } from '@gearwatch/contracts';
import { MESSAGE_KEYS, RESETTING_MESSAGE_KEYS } from '@gearwatch/contracts';
import { hashPassword } from '../security/passwords.ts';
import { accountFailureKey, passwordChangeFailureKey } from '../auth/throttle.ts';
import { newOpaqueToken, sha256 } from '../security/tokens.ts';
import { ValidationError } from '../http/errors.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { displayName } from '../users/presenter.ts';
import type { UserRecord, UsersRepository } from '../users/repository.ts';
import { passwordMail } from './password-mail.ts';
import { PasswordLinksRepository } from './repository.ts';

export interface PasswordLinkOptions {
  /** The address users open the app at, without a trailing slash. */
  publicUrl: string;
  resetTtlMinutes: number;
  welcomeTtlHours: number;
}

/** Links of one purpose a user may be sent per hour; more would let anyone flood a mailbox through /reset. */
export const MAX_LINKS_PER_HOUR = 5;

export type LinkOutcome =
  | { issued: false; reason: 'rate-limited' }
  /** The mail is in the outbox (`mailId`), committed with the link; the outbox sender delivers it (docs/mail.md). */
  | { issued: true; expiresAt: Date; mailId: number | undefined };

export type ResetRequestOutcome = { userId: null } | ({ userId: number } & LinkOutcome);

/**
 * Password links by e-mail (spec 01 §5, §8): a user who forgot their password asks for a reset link, and a new
 * user gets a welcome link to set their first one. A link is a single-use random token of which only the SHA-256
 * is stored; a newer link supersedes the older ones.
 */
export class PasswordLinksService {
  constructor(
    private readonly repository: PasswordLinksRepository,
    private readonly usersRepository: UsersRepository,
    private readonly options: PasswordLinkOptions,
  ) {}

  /**
   * Sends a reset link when an active user has this e-mail. The caller answers alike whatever happened, and the mail
   * goes out after the answer (the outbox), so neither the answer nor its timing tells whether the address has an
   * account.
   */
  async requestReset(input: ResettingRequest): Promise<ResetRequestOutcome> {
    const user = await this.usersRepository.findByEmail(input.email);
    if (!user || !user.isActive) return { userId: null };
    return { userId: user.id, ...(await this.issuePasswordLink(user, 'reset')) };
  }

  /**
   * Creates a link for `user` and puts its mail, in their language, in the outbox with it; reusable for any purpose.
   * `db`: the transaction of the change that causes the link (a new user's), so link, mail and change commit together.
   */
  async issuePasswordLink(user: UserRecord, purpose: PasswordLinkPurpose, db?: Kysely<DB>): Promise<LinkOutcome> {
    const token = newOpaqueToken();
    const validFor =
      purpose === 'welcome'
        ? { amount: this.options.welcomeTtlHours, unit: 'hour' as const }
        : { amount: this.options.resetTtlMinutes, unit: 'minute' as const };
    const link = `${this.options.publicUrl}/resetting?token=${token}`;
    const mail = passwordMail(user.language, purpose, {
      name: displayName(user),
      username: user.username,
      companyName: user.companyName,
      link,
      resetPageUrl: `${this.options.publicUrl}/reset`,
      validFor,
    });
    const repository = db ? new PasswordLinksRepository(db) : this.repository;
    const stored = await repository.issue(
      {
        companyId: user.companyId,
        userId: user.id,
        tokenHash: sha256(token),
        purpose,
        ttlMinutes: validFor.unit === 'hour' ? validFor.amount * 60 : validFor.amount,
        maxPerHour: MAX_LINKS_PER_HOUR,
      },
      {
        kind: purpose === 'welcome' ? 'welcome' : 'password-reset',
        companyId: user.companyId,
        userId: user.id,
        to: { name: displayName(user), address: user.email },
        // The body carries the plain token: the outbox keeps it only until the mail is sent or given up (decision 006).
        ref: { secretBody: true },
        ...mail,
      },
    );
    if (!stored) return { issued: false, reason: 'rate-limited' };
    return { issued: true, expiresAt: stored.expiresAt, mailId: stored.mailId };
  }

  /** Sets a new password with a link's token; signs the user out everywhere and lifts a sign-in lock-out. */
  async reset(input: ResettingReset): Promise<void> {
    // The route's schema checks lengths; blank is checked here too, as spaces alone would pass it.
    if (!input.password.trim()) throw ValidationError.field('password', MESSAGE_KEYS.notBlank);
    const link = await this.repository.find(sha256(input.token.trim()));
    if (!link?.usable) throw linkExpired();
    const user = await this.usersRepository.findById(link.userId);
    if (!user) throw linkExpired();
    // Hashed only for a usable link, so unknown tokens cost no argon2 work.
    const passwordHash = await hashPassword(input.password);
    const done = await this.repository.completeReset({
      linkId: link.id,
      userId: user.id,
      passwordHash,
      // The sign-in's counters under both logins, and the password form's (a reset unlocks it too).
      failureKeys: [...new Set([accountFailureKey(user.username), accountFailureKey(user.email)]), passwordChangeFailureKey(user.username)],
    });
    if (!done) throw linkExpired();
  }
}

function linkExpired(): ValidationError {
  return ValidationError.field('token', RESETTING_MESSAGE_KEYS.linkExpired);
}
