import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface NewSupportMessage {
  companyId: number;
  userId: number;
  impersonatorId: number | null;
  subject: string;
  content: string;
}

/** Longest delivery error kept; SMTP answers can be long, and the first lines say what went wrong. */
const MAX_ERROR_CHARS = 2000;

export class SupportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(message: NewSupportMessage): Promise<number> {
    const row = await this.db
      .insertInto('support_messages')
      .values({
        company_id: message.companyId,
        user_id: message.userId,
        impersonator_id: message.impersonatorId,
        subject: message.subject,
        content: message.content,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async markSent(companyId: number, id: number): Promise<void> {
    await this.db
      .updateTable('support_messages')
      .set({ sent_at: sql<Date>`now()`, last_error: null })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  async markFailed(companyId: number, id: number, error: string): Promise<void> {
    await this.db
      .updateTable('support_messages')
      .set({ last_error: error.slice(0, MAX_ERROR_CHARS) })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
}
