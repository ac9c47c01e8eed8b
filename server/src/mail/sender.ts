import type { Kysely } from 'kysely';
import type { Brand } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { JobLog, JobSource } from '../jobs/runner.ts';
import { exponentialBackoff } from '../jobs/runner.ts';
import { PROCESS_HOLDER } from '../jobs/lease.ts';
import { keepLeased } from '../jobs/claim.ts';
import { brandedText } from './brand-layout.ts';
import type { Mailer } from './mailer.ts';
import { MAIL_CONNECTIONS } from './mailer.ts';
import type { ClaimedMail, OutboxState } from './outbox-repository.ts';
import type { OutboxRepository } from './outbox-repository.ts';
import type { RepositoryFactory } from '../db/repository-factory.ts';

/** What became of one attempt at a mail, for the feature that wrote it (e.g. support marks its message sent). */
export interface MailOutcome {
  id: number;
  kind: string;
  ref: Record<string, unknown>;
  /** 'pending': this attempt failed and another follows; 'failed': no more attempts. */
  state: OutboxState;
  error?: string;
}

/** The bytes of an attachment the outbox names by reference; null when they are gone (the mail then fails for good). */
export type AttachmentSource = (id: number) => Promise<Buffer | null>;

/** Runs in the transaction that records the outcome; a listener that throws is logged and its write dropped. */
export type MailOutcomeListener = (trx: Kysely<DB>, outcome: MailOutcome) => Promise<void>;

export interface MailSenderOptions {
  /** Who this sender is in locked_by; defaults to the process. Tests run two senders in one process. */
  holder?: string;
  /** How long a claim lasts without renewal: how long a dead sender's mails wait before another sends them. */
  leaseSeconds?: number;
  /** Mails claimed and sent at once (over the mailer's pooled connections). */
  batchSize?: number;
  /** MAIL_MAX_ATTEMPTS: attempts of a mail that did not ask for its own number. */
  maxAttempts?: number;
  /** Delay before attempt n+1 after n failed attempts. */
  backoffSeconds?: (attempts: number) => number;
  /** The domain of the Message-IDs (MAIL_FROM's). */
  messageIdDomain?: string;
  /** BRAND: every mail sent ends with the brand's footer (brand-layout.ts); absent, mails go out as written. */
  brand?: Brand;
  /** Send each batch in the background of the runner's turn (the server); `wake` the runner when it is done. */
  background?: boolean;
  wake?: () => void;
  log?: JobLog;
}

/**
 * The outbox's sender (docs/mail.md), a source of the job runner: claims due mails with SKIP LOCKED and a lease in a
 * committed transaction of its own, sends each through the mailer, then records 'sent' with the SMTP server's
 * message id, or the failure with a retry after an exponential backoff, and 'failed' after the last attempt. The lease
 * is renewed while SMTP calls run, so only a sender that died lets another take its mails over. Without SMTP_URL it
 * sends nothing and the mails wait.
 */
export class MailSender implements JobSource {
  readonly name = 'mail-outbox';
  private readonly repository: OutboxRepository;
  private readonly listeners = new Map<string, MailOutcomeListener[]>();
  private readonly attachmentSources = new Map<string, AttachmentSource>();
  private readonly holder: string;
  private readonly leaseSeconds: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly backoff: (attempts: number) => number;
  private readonly domain: string;
  private sending: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly repositories: RepositoryFactory<{ mailOutbox: OutboxRepository }>,
    private readonly mailer: Mailer,
    private readonly options: MailSenderOptions = {},
  ) {
    this.repository = repositories(db).mailOutbox;
    this.holder = options.holder ?? PROCESS_HOLDER;
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.batchSize = options.batchSize ?? MAIL_CONNECTIONS;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoff = options.backoffSeconds ?? exponentialBackoff;
    this.domain = options.messageIdDomain ?? 'gearwatch.local';
  }

  useLog(log: JobLog): void {
    this.options.log = log;
  }

  /** Where the bytes of attachments of `source` come from (reports: a file's chunks). */
  attachmentSource(source: string, load: AttachmentSource): void {
    this.attachmentSources.set(source, load);
  }

  /** `listener` hears every outcome of mails of `kind`. */
  onOutcome(kind: string, listener: MailOutcomeListener): void {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }

  /**
   * The runner's turn. In the background (the server): claims a batch and returns at once while it is sent, so a
   * slow or unreachable SMTP server never holds up the runner's other work (the alert engine); 0 while a batch is
   * still being sent, and the runner is woken when it is done. Otherwise the batch is sent before it returns.
   */
  async drain(): Promise<number> {
    if (!this.options.background) return this.drainBatch();
    if (this.sending) return 0;
    const mails = await this.claimBatch();
    if (mails.length === 0) return 0;
    this.sending = this.sendBatch(mails)
      .catch((error: unknown) => this.options.log?.error({ err: error }, 'mail batch failed'))
      .finally(() => {
        this.sending = null;
        this.options.wake?.();
      });
    return mails.length;
  }

  /** Sends until nothing is due, each batch before the next (tests, the bench). */
  async drainUntilIdle(maxBatches = 10_000): Promise<number> {
    await this.settled();
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const sent = await this.drainBatch();
      if (sent === 0) break;
      total += sent;
    }
    return total;
  }

  /** Resolves once the batch being sent in the background is recorded (shutdown: after the runner has stopped). */
  async settled(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async drainBatch(): Promise<number> {
    const mails = await this.claimBatch();
    if (mails.length > 0) await this.sendBatch(mails);
    return mails.length;
  }

  /** Fails the abandoned last attempts, then claims a batch (none without SMTP); an empty outbox releases the pool. */
  private async claimBatch(): Promise<ClaimedMail[]> {
    if (!this.mailer.configured) return [];
    for (const abandoned of await this.repository.failAbandoned(this.maxAttempts)) {
      this.options.log?.warn({ mailId: abandoned.id, kind: abandoned.kind }, 'mail failed: its sender stopped during the last attempt');
      await this.tell({ ...abandoned, state: 'failed' });
    }
    const mails = await this.repository.claim(this.holder, this.leaseSeconds, this.batchSize, this.maxAttempts);
    if (mails.length === 0) this.mailer.release();
    return mails;
  }

  /** Sends a claimed batch at once, renewing its lease while any of it is in flight. */
  private async sendBatch(mails: ClaimedMail[]): Promise<void> {
    const inFlight = new Set(mails.map((mail) => mail.id));
    const renewal = keepLeased(
      this.leaseSeconds,
      () => this.repository.renew(this.holder, [...inFlight], this.leaseSeconds),
      (error) => this.options.log?.warn({ err: error }, 'mail lease not renewed'),
    );
    try {
      await Promise.all(mails.map((mail) => this.deliver(mail).finally(() => inFlight.delete(mail.id))));
    } finally {
      renewal.stop();
      // A short batch emptied the outbox: the pooled connections close rather than idle.
      if (mails.length < this.batchSize) this.mailer.release();
    }
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    let messageId: string;
    try {
      const attachments = await this.attachmentsOf(mail);
      const sent = await this.mailer.send({
        to: mail.toName ? { name: mail.toName, address: mail.toAddress } : mail.toAddress,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: this.options.brand ? brandedText(this.options.brand, mail.text) : mail.text,
        headers: mail.headers,
        ...(attachments.length ? { attachments } : {}),
        // The same on every attempt, so a second copy (docs/mail.md) is recognisably the same message.
        messageId: `<outbox.${mail.id}.${Math.round(mail.createdMs).toString(36)}@${this.domain}>`,
      });
      messageId = sent.messageId;
    } catch (error) {
      await this.recordFailure(mail, error);
      return;
    }
    await this.recordSent(mail, messageId);
  }

  private async attachmentsOf(mail: ClaimedMail): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
    const attachments = [];
    for (const ref of mail.attachments ?? []) {
      const content = await this.attachmentSources.get(ref.source)?.(ref.id);
      if (!content) throw Object.assign(new Error(`the attachment ${ref.filename} is no longer available`), { permanent: true });
      attachments.push({ filename: ref.filename, contentType: ref.contentType, content });
    }
    return attachments;
  }

  /**
   * The SMTP server has the mail: this write is all that stands between it and a second copy, so it is retried
   * (while the lease is renewed) before giving up on it.
   */
  private async recordSent(mail: ClaimedMail, messageId: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const held = await this.record(mail, (repository) => repository.markSent(mail.id, this.holder, messageId).then((ok) => (ok ? 'sent' : undefined)));
        if (!held) this.options.log?.warn({ mailId: mail.id, kind: mail.kind }, 'mail sent after its lease was taken over: it may go out twice');
        return;
      } catch (error) {
        if (attempt >= 5) {
          this.options.log?.error({ err: error, mailId: mail.id, kind: mail.kind }, 'mail sent but not recorded: it will go out again when its lease runs out');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  private async recordFailure(mail: ClaimedMail, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = isPermanent(error);
    try {
      const state = await this.record(
        mail,
        (repository) => repository.markFailed(mail.id, this.holder, message, this.backoff(mail.attempts), permanent, this.maxAttempts),
        message,
      );
      this.options.log?.warn(
        { mailId: mail.id, kind: mail.kind, attempt: mail.attempts, state, reason: message },
        state === 'failed' ? 'mail failed' : 'mail not sent; will retry',
      );
    } catch (recordError) {
      // The lease runs out and the next claim counts the next attempt.
      this.options.log?.error({ err: recordError, mailId: mail.id }, 'mail failure not recorded');
    }
  }

  /** Writes the outcome and the listeners' writes in one transaction; a listener that fails loses only its write. */
  private async record(
    mail: ClaimedMail,
    mark: (repository: OutboxRepository) => Promise<OutboxState | undefined>,
    error?: string,
  ): Promise<OutboxState | undefined> {
    const listeners = this.listeners.get(mail.kind) ?? [];
    if (listeners.length > 0) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const state = await mark(this.repositories(trx).mailOutbox);
          if (state) for (const listener of listeners) await listener(trx, { id: mail.id, kind: mail.kind, ref: mail.ref, state, ...(error ? { error } : {}) });
          return state;
        });
      } catch (listenerError) {
        this.options.log?.error({ err: listenerError, mailId: mail.id, kind: mail.kind }, 'mail outcome listener failed');
      }
    }
    return mark(this.repository);
  }

  private async tell(outcome: MailOutcome): Promise<void> {
    const listeners = this.listeners.get(outcome.kind) ?? [];
    if (listeners.length === 0) return;
    await this.db
      .transaction()
      .execute(async (trx) => {
        for (const listener of listeners) await listener(trx, outcome);
      })
      .catch((error: unknown) => this.options.log?.error({ err: error, mailId: outcome.id }, 'mail outcome listener failed'));
  }
}

/**
 * An SMTP 5xx answer (a refused recipient or message) will not change by retrying; authentication refusals (530,
 * 534, 535, 538) are the server's configuration, which an operator may fix, so they are retried like outages.
 */
function isPermanent(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  if ((error as { permanent?: unknown }).permanent === true) return true;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600) return false;
  return code !== 'EAUTH' && ![530, 534, 535, 538].includes(responseCode);
}
