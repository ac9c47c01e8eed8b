import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailOutcome } from '../mail/sender.ts';

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

  /**
   * Stores the message and puts its mail in the outbox in one transaction (the mail names the message's id): the
   * message exists exactly when its mail does.
   */
  async insertWithMail(message: NewSupportMessage, mailOf: (id: number) => OutboxMail): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const id = await new SupportRepository(trx).insert(message);
      await enqueueMail(trx, [mailOf(id)]);
      return id;
    });
  }

  /** The outbox sender's outcome of a support mail (ref.supportMessageId), in the sender's transaction. */
  static async recordDelivery(trx: Kysely<DB>, outcome: MailOutcome): Promise<void> {
    const id = Number(outcome.ref.supportMessageId);
    if (!Number.isInteger(id)) return;
    const repository = new SupportRepository(trx);
    if (outcome.state === 'sent') await repository.markSentById(id);
    else await repository.markFailedById(id, outcome.error ?? 'not sent');
  }

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

  async markFailed(companyId: number, id: number, error: string): Promise<void> {
    await this.db
      .updateTable('support_messages')
      .set({ last_error: error.slice(0, MAX_ERROR_CHARS) })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  private async markSentById(id: number): Promise<void> {
    await this.db
      .updateTable('support_messages')
      .set({ sent_at: sql<Date>`now()`, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  private async markFailedById(id: number, error: string): Promise<void> {
    await this.db
      .updateTable('support_messages')
      .set({ last_error: error.slice(0, MAX_ERROR_CHARS) })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .execute();
  }
}
