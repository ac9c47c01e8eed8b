import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { PasswordLinkPurpose } from '@gearwatch/contracts';
import { AuthRepository } from '../auth/repository.ts';
import type { DB } from '../db/schema.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { UsersRepository } from '../users/repository.ts';

export interface NewPasswordLink {
  companyId: number;
  userId: number;
  tokenHash: string;
  purpose: PasswordLinkPurpose;
  ttlMinutes: number;
  /** Refuse when the user already got this many links of the purpose within the last hour. */
  maxPerHour: number;
}

export interface StoredPasswordLink {
  id: number;
  userId: number;
  purpose: PasswordLinkPurpose;
  /** Neither used, nor superseded, nor expired, and the user is still active. */
  usable: boolean;
}

export interface CompletedReset {
  linkId: number;
  userId: number;
  passwordHash: string;
  /** auth_failures keys to clear, so a locked-out user can sign in with the new password at once. */
  failureKeys: string[];
}

export class PasswordLinksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Stores a new link, supersedes the user's open ones and puts `mail` (which carries the link) in the outbox, in one
   * transaction: the caller's when this repository is on one (a new user's welcome), else its own. Undefined when
   * the hourly limit is reached, and nothing is written then. The user's row is locked first so two requests at once
   * cannot both pass the limit. Expiry is computed by the database, so every instance agrees on it whatever their
   * clocks say.
   */
  async issue(link: NewPasswordLink, mail: OutboxMail): Promise<{ expiresAt: Date; mailId: number | undefined } | undefined> {
    if (this.db.isTransaction) return this.issueIn(this.db, link, mail);
    return this.db.transaction().execute((trx) => this.issueIn(trx, link, mail));
  }

  private async issueIn(trx: Kysely<DB>, link: NewPasswordLink, mail: OutboxMail): Promise<{ expiresAt: Date; mailId: number | undefined } | undefined> {
    await trx.selectFrom('users').select('id').where('id', '=', link.userId).forUpdate().execute();
    const recent = await trx
      .selectFrom('password_reset_tokens')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', link.userId)
      .where('purpose', '=', link.purpose)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= link.maxPerHour) return undefined;

    await supersedeOpenLinks(trx, link.userId);
    // Keeps the table small; rows of the last hour stay, as the limit counts them.
    await trx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', link.userId)
      .where('expires_at', '<', sql<Date>`now()`)
      .where('created_at', '<', sql<Date>`now() - interval '1 hour'`)
      .execute();
    const stored = await trx
      .insertInto('password_reset_tokens')
      .values({
        company_id: link.companyId,
        user_id: link.userId,
        token_hash: link.tokenHash,
        purpose: link.purpose,
        expires_at: sql<Date>`now() + make_interval(mins => ${link.ttlMinutes})`,
      })
      .returning('expires_at as expiresAt')
      .executeTakeFirstOrThrow();
    const [mailId] = await enqueueMail(trx, [mail]);
    return { expiresAt: stored.expiresAt, mailId };
  }

  /** Finds a link by its token's hash, whichever company it belongs to: the token itself is the credential. */
  async find(tokenHash: string): Promise<StoredPasswordLink | undefined> {
    const row = await this.db
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users', 'users.id', 't.user_id')
      .select(['t.id', 't.user_id as userId', 't.purpose', sql<boolean>`t.used_at is null and t.expires_at > now() and users.is_active`.as('usable')])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row;
  }

  /**
   * Uses the link and sets the password in one transaction: the new password, the signed-out sessions and the
   * cleared failure counters happen together or not at all. False when the link stopped being usable since it was
   * looked up (another request used it first, or it expired meanwhile); nothing is changed then.
   */
  async completeReset(reset: CompletedReset): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', reset.linkId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;

      await new UsersRepository(trx).setPasswordHash(reset.userId, reset.passwordHash);
      // Other links were sent for the old password; none of them may change the new one.
      await supersedeOpenLinks(trx, reset.userId);
      const auth = new AuthRepository(trx);
      await auth.revokeAllForUser(reset.userId);
      for (const key of reset.failureKeys) await auth.clearAccountFailures(key);
      return true;
    });
  }
}

async function supersedeOpenLinks(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
