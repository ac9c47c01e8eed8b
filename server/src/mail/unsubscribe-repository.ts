import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The SQL of the unsubscribe links: a user's language, and their e-mail notifications turned off. */
export class UnsubscribeRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's language, or undefined when the user is gone. */
  async languageOf(userId: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
    return row?.language;
  }

  /**
   * Sets the user's `email` preference to false, keeping the others (migration 017); the language of the user, or
   * undefined when the user is gone. Repeating it changes nothing.
   */
  async turnEmailOff(userId: number): Promise<string | undefined> {
    const row = await this.db
      .updateTable('users')
      .set({ notification_settings: sql<string>`notification_settings || '{"email": false}'::jsonb` })
      .where('id', '=', userId)
      .returning('language')
      .executeTakeFirst();
    return row?.language;
  }

  /**
   * The report configuration's name and the language to write in (the user's, or for a typed-in address the
   * configuration's creator's); undefined when the configuration is gone.
   */
  async reportOf(configurationId: number, recipient: { userId: number } | { email: string }): Promise<{ name: string; language: string } | undefined> {
    const row = await this.db
      .selectFrom('report_configurations as c')
      .leftJoin('users as creator', 'creator.id', 'c.created_by')
      .select(['c.name', 'creator.language as creatorLanguage'])
      .where('c.id', '=', configurationId)
      .executeTakeFirst();
    if (!row) return undefined;
    const language = 'userId' in recipient ? await this.languageOf(recipient.userId) : undefined;
    return { name: row.name, language: language ?? row.creatorLanguage ?? 'pl' };
  }

  /** Takes the recipient off the configuration (repeating it changes nothing). */
  async leaveReport(configurationId: number, recipient: { userId: number } | { email: string }): Promise<void> {
    if ('userId' in recipient) {
      await this.db.deleteFrom('report_configuration_users').where('configuration_id', '=', configurationId).where('user_id', '=', recipient.userId).execute();
    } else {
      await this.db
        .deleteFrom('report_configuration_emails')
        .where('configuration_id', '=', configurationId)
        .where(sql<boolean>`lower(email) = lower(${recipient.email})`)
        .execute();
    }
  }
}
