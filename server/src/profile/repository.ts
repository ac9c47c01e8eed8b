import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Language } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import { enqueueMail } from '../mail/outbox.ts';

export interface ProfileRecord {
  id: number;
  companyId: number;
  companyTimezone: string;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  avatar: string | null;
  language: string;
  passwordHash: string | null;
  /** users.notification_settings as stored (absent keys are true). */
  notificationSettings: unknown;
}

export interface ProfileChanges {
  firstname?: string;
  lastname?: string;
  /** A data URL, or null to remove the avatar; absent keeps it. */
  avatar?: string | null;
  /** Merged onto the stored preferences. */
  settings?: Record<string, boolean>;
  /** The language the interface, mails and files follow. */
  language?: Language;
}

export interface PasswordChangeWrite {
  userId: number;
  /** The hash the change was checked against: a concurrent change in between makes this one fail. */
  expectedHash: string;
  passwordHash: string;
  /** The refresh-token family of the caller's session, kept; every other family of the user is revoked. */
  keepFamily: string | null;
  notice: OutboxMail;
}

/** The profile's rows: the user's own columns, their refresh-token families, the notice mail. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<DB>) {}

  find(userId: number): Promise<ProfileRecord | undefined> {
    return this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.company_id as companyId',
        'companies.timezone as companyTimezone',
        'users.username',
        'users.email',
        'users.firstname',
        'users.lastname',
        'users.avatar',
        'users.language',
        'users.password_hash as passwordHash',
        'users.notification_settings as notificationSettings',
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  /** One statement: every change or none; the preferences are merged in SQL, so concurrent saves of other keys hold. */
  async update(userId: number, changes: ProfileChanges): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        updated_at: sql<Date>`now()`,
        ...(changes.firstname !== undefined ? { firstname: changes.firstname } : {}),
        ...(changes.lastname !== undefined ? { lastname: changes.lastname } : {}),
        ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
        ...(changes.language !== undefined ? { language: changes.language } : {}),
        ...(changes.settings ? { notification_settings: sql<string>`notification_settings || ${JSON.stringify(changes.settings)}::jsonb` } : {}),
      })
      .where('id', '=', userId)
      .execute();
  }

  /** The family of a refresh token when it is a live token of `userId`'s, else null. */
  async familyOf(userId: number, tokenHash: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.family_id ?? null;
  }

  /**
   * The new password, the end of the user's other sessions and the notice mail, in one transaction. False (and
   * nothing written) when the password changed meanwhile.
   */
  changePassword(change: PasswordChangeWrite): Promise<{ changed: false } | { changed: true; endedSessions: number }> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('users')
        .set({ password_hash: change.passwordHash, updated_at: sql<Date>`now()` })
        .where('id', '=', change.userId)
        .where('password_hash', '=', change.expectedHash)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { changed: false };
      const revoked = await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql<Date>`now()` })
        .where('user_id', '=', change.userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .$if(change.keepFamily !== null, (qb) => qb.where('family_id', '<>', change.keepFamily!))
        .returning('family_id')
        .execute();
      await enqueueMail(trx, [change.notice]);
      return { changed: true, endedSessions: new Set(revoked.map((r) => r.family_id)).size };
    });
  }
}
