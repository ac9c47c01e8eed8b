import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { headerText } from '../i18n/plain-text.ts';

/** What a mail is, for its delivery state, metrics and tests. */
export type OutboxMailKind = 'alert' | 'digest' | 'password-reset' | 'welcome' | 'support' | 'password-changed' | 'announcement' | 'report' | 'task';

/**
 * An attachment by reference (migration 020): the sender asks the source registered under `source` for the bytes of
 * `id` when it sends, so a file mailed to many recipients is stored once (MailSender.attachmentSource).
 */
export interface MailAttachmentRef {
  filename: string;
  contentType: string;
  source: string;
  id: number;
}

export interface OutboxMail {
  kind: OutboxMailKind;
  companyId?: number | null;
  /** The recipient when it is a user (their delivery state, their digest count). */
  userId?: number | null;
  to: { address: string; name?: string | null };
  replyTo?: string | null;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  /** What the mail is about, e.g. { alertId, notificationId }. */
  ref?: Record<string, unknown>;
  attachments?: readonly MailAttachmentRef[];
  /** Makes the mail exist once: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** Not before this time (a digest window); now when absent. */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Puts mail in the outbox (migration 017) on `db`, which should be the transaction of the change that causes it: the
 * mail exists exactly when the change commits, and the runner's mail sender delivers it (docs/mail.md). Returns the
 * ids of the mails created (a duplicate `dedupeKey` creates none).
 */
export async function enqueueMail(db: Kysely<DB>, mails: readonly OutboxMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insertInto('mail_outbox')
    .values(
      mails.map((m) => ({
        kind: m.kind,
        company_id: m.companyId ?? null,
        user_id: m.userId ?? null,
        dedupe_key: m.dedupeKey ?? null,
        to_address: m.to.address,
        // Headers are one line whatever a name or a title held (i18n/plain-text.ts).
        to_name: m.to.name ? headerText(m.to.name) : null,
        reply_to: m.replyTo ?? null,
        subject: headerText(m.subject),
        text_body: m.text,
        headers: JSON.stringify(m.headers ?? {}),
        ref: JSON.stringify(m.ref ?? {}),
        attachments: JSON.stringify(m.attachments ?? []),
        ...(m.runAt ? { run_at: m.runAt } : {}),
        ...(m.maxAttempts ? { max_attempts: m.maxAttempts } : {}),
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
