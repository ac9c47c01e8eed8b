import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { claimDue, givesUp, renewLease, secondsFromNow, UNLEASED } from '../jobs/claim.ts';
import type { MailAttachmentRef } from './outbox.ts';

/** A mail the sender holds: claimed, its attempt counted, its lease running. */
export interface ClaimedMail {
  id: number;
  kind: string;
  toAddress: string;
  toName: string | null;
  replyTo: string | null;
  subject: string;
  text: string;
  headers: Record<string, string>;
  ref: Record<string, unknown>;
  /** References to the attachments (migration 020); their bytes come from the sender's attachment sources. */
  attachments: MailAttachmentRef[];
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
  /** When it was enqueued, in ms: with the id, it makes the Message-ID unique across deployments. */
  createdMs: number;
}

export type OutboxState = 'pending' | 'sent' | 'failed';

/**
 * What replaces the body of a mail whose `ref.secretBody` is true (a password link) once it is sent or given up: the
 * plain token was kept only for the sender (decision 006).
 */
export const REDACTED_BODY = '(removed once sent: it carried a single-use link)';
const redactedWhenSecret = sql<string>`case when (ref->>'secretBody')::boolean is true then ${REDACTED_BODY} else text_body end`;

/** Longest error kept: SMTP answers can be long, and their first lines say what went wrong. */
const MAX_ERROR_CHARS = 4000;

/** The SQL of the outbox sender (migrations 017, 018). */
export class OutboxRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Claims up to `limit` due mails that nobody holds (or whose holder's lease ran out) and commits the claim at once:
   * the committed lease is the "sending" state, taken before any SMTP call. SKIP LOCKED lets each row through to one
   * sender only; the attempt is counted here, so a sender that dies mid-send still uses one of the mail's attempts.
   */
  async claim(holder: string, leaseSeconds: number, limit: number, defaultMaxAttempts: number): Promise<ClaimedMail[]> {
    const spec = {
      table: 'mail_outbox' as const,
      due: sql<boolean>`state = 'pending' and run_at <= now() and attempts < coalesce(max_attempts, ${defaultMaxAttempts})`,
      orderBy: sql`run_at, id`,
      limit,
      attemptsColumn: 'attempts' as const,
      holder,
      leaseSeconds,
    };
    const rows = await claimDue<ClaimedMail>(
      this.db,
      spec,
      sql`id, kind, to_address as "toAddress", to_name as "toName", reply_to as "replyTo", subject, text_body as "text",
        headers, ref, attachments, attempts, coalesce(max_attempts, ${defaultMaxAttempts}) as "maxAttempts",
        (extract(epoch from created_at) * 1000)::float8 as "createdMs"`,
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  /** Extends the lease of the mails `holder` is still sending, so a slow SMTP server never lets another sender in. */
  async renew(holder: string, ids: readonly number[], leaseSeconds: number): Promise<void> {
    await renewLease(this.db, 'mail_outbox', ids, holder, leaseSeconds, sql<boolean>`state = 'pending'`);
  }

  /** Records the SMTP server's acceptance; false when `holder` no longer held the mail (its lease had run out). */
  async markSent(id: number, holder: string, messageId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({
        state: 'sent',
        sent_at: sql<Date>`now()`,
        message_id: messageId,
        ...UNLEASED,
        last_error: null,
        text_body: redactedWhenSecret,
      })
      .where('id', '=', id)
      .where('locked_by', '=', holder)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records a failed attempt: due again after `retryInSeconds`, or 'failed' when its attempts are used up or the
   * failure is `permanent`. Undefined when `holder` no longer held the mail.
   */
  async markFailed(
    id: number,
    holder: string,
    error: string,
    retryInSeconds: number,
    permanent: boolean,
    defaultMaxAttempts: number,
  ): Promise<OutboxState | undefined> {
    const last = givesUp(sql`coalesce(max_attempts, ${defaultMaxAttempts})`, permanent);
    const result = await sql<{ state: OutboxState }>`
      update mail_outbox set
        state = case when ${last} then 'failed' else 'pending' end,
        run_at = ${secondsFromNow(retryInSeconds)},
        locked_by = null, locked_until = null, last_error = ${error.slice(0, MAX_ERROR_CHARS)},
        text_body = case when ${last} then ${redactedWhenSecret} else text_body end
      where id = ${id} and locked_by = ${holder} and state = 'pending'
      returning state`.execute(this.db);
    return result.rows[0]?.state;
  }

  /**
   * Mails whose last attempt's sender died (their lease ran out with no attempts left) are marked failed. Whether
   * that sender got the mail to the SMTP server before it died is unknown, and the error says so.
   */
  async failAbandoned(defaultMaxAttempts: number): Promise<{ id: number; kind: string; ref: Record<string, unknown>; error: string }[]> {
    const error = 'the sender stopped during the last attempt (its lease ran out); the mail may or may not have been delivered';
    const result = await sql<{ id: number; kind: string; ref: Record<string, unknown>; error: string }>`
      update mail_outbox set state = 'failed', locked_by = null, locked_until = null, last_error = ${error}, text_body = ${redactedWhenSecret}
      where id in (
        select id from mail_outbox
        where state = 'pending' and locked_until < now() and attempts >= coalesce(max_attempts, ${defaultMaxAttempts})
        for update skip locked
      )
      returning id, kind, ref, last_error as error`.execute(this.db);
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** The mail's row, for tests and the delivery state. */
  async find(id: number) {
    return this.db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'kind',
        'state',
        'attempts',
        'max_attempts as maxAttempts',
        'last_error as lastError',
        'message_id as messageId',
        'sent_at as sentAt',
        'locked_by as lockedBy',
        'run_at as runAt',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
