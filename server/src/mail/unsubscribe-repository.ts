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
}
