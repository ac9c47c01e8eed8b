import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { JobRunner } from '../src/jobs/runner.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import type { OutboxMail } from '../src/mail/outbox.ts';
import { OutboxRepository, REDACTED_BODY } from '../src/mail/outbox-repository.ts';
import type { MailSenderOptions } from '../src/mail/sender.ts';
import { MailSender } from '../src/mail/sender.ts';
import { createRepositories } from '../src/repositories.ts';
import { instanceVariants } from './two-instances.ts';
import type { TwoInstances } from './two-instances.ts';
import type { TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';
import { waitFor } from './wait-for.ts';

/**
 * The outbox sender (server/src/mail/sender.ts, docs/mail.md) against real SMTP servers (smtp-server on local ports),
 * on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with two connection pools of one database, as two instances
 * run. A killed server process is in mail-outbox-crash.process.test.ts.
 */

const FROM = 'Gearwatch Test <robot@gearwatch.test>';
/** Backoffs and leases long enough that no slow machine sees one run out by itself; the tests end them on purpose. */
const HOUR = 3600;

describe.each(instanceVariants)('the mail outbox on %s', (_name, setup, skip) => {
  let s: TwoInstances;
  const servers: TestSmtpServer[] = [];
  let serial = 0;

  beforeAll(async () => {
    if (!skip) s = await setup();
  });
  afterAll(async () => {
    if (!skip) await s.close();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    // Each test starts with an empty outbox.
    if (!skip) await s.a.db.deleteFrom('mail_outbox').execute();
  });

  const smtp = async (options: Parameters<typeof startSmtpServer>[0] = {}) => {
    const server = await startSmtpServer(options);
    servers.push(server);
    return server;
  };
  const sender = (db: Database, smtpUrl: string | undefined, options: MailSenderOptions = {}) =>
    new MailSender(db.db, createRepositories, createMailer({ SMTP_URL: smtpUrl, MAIL_FROM: FROM }), { messageIdDomain: 'gearwatch.test', ...options });
  const mail = (overrides: Partial<OutboxMail> = {}): OutboxMail => {
    serial++;
    return {
      kind: 'alert',
      to: { address: `user${serial}@example.test`, name: `User ${serial}` },
      subject: `Mail ${serial}`,
      text: `Body of mail ${serial}\n`,
      ...overrides,
    };
  };
  const enqueue = (...mails: OutboxMail[]) => enqueueMail(s.a.db, mails);
  const row = (id: number) => new OutboxRepository(s.a.db).find(id);
  /** The mail's backoff is over, as if its hour had passed. */
  const backoffPasses = (id: number) => sql`update mail_outbox set run_at = now() where id = ${id}`.execute(s.a.db);
  /** The lease of the mail's holder has run out, as if its hour had passed. */
  const leaseRunsOut = (id: number) => sql`update mail_outbox set locked_until = now() - interval '1 second' where id = ${id}`.execute(s.a.db);
  /** The database's clock and the mail's due time and lease end on it, in epoch seconds. */
  const clock = async (id: number) => {
    const { rows } = await sql<{ now: number; runAt: number; lockedUntil: number | null }>`
      select extract(epoch from now())::float8 as "now", extract(epoch from run_at)::float8 as "runAt", extract(epoch from locked_until)::float8 as "lockedUntil"
      from mail_outbox where id = ${id}`.execute(s.a.db);
    return rows[0]!;
  };

  it.skipIf(skip)('sends a mail with its headers and a Message-ID of its own, and records it sent', async () => {
    const server = await smtp();
    const unsubscribe = {
      'List-Unsubscribe': '<https://gw.example/api/unsubscribe?token=7.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const [id] = await enqueue(mail({ headers: unsubscribe, replyTo: 'help@example.test', subject: 'Zażółć: alert' }));
    expect(await sender(s.a, server.url).drainUntilIdle()).toBe(1);

    expect(server.received).toHaveLength(1);
    const [received] = server.received;
    expect(received!.to).toEqual([`user${serial}@example.test`]);
    expect(received!.headers.to).toBe(`User ${serial} <user${serial}@example.test>`);
    expect(received!.headers.subject).toBe('Zażółć: alert');
    expect(received!.headers['reply-to']).toBe('help@example.test');
    expect(received!.headers['list-unsubscribe']).toBe(unsubscribe['List-Unsubscribe']);
    expect(received!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(received!.headers['message-id']).toMatch(new RegExp(`^<outbox\\.${id}\\.[0-9a-z]+@gearwatch\\.test>$`));
    expect(received!.body).toBe(`Body of mail ${serial}\n`);
    expect(await row(id!)).toMatchObject({
      state: 'sent',
      attempts: 1,
      lastError: null,
      lockedBy: null,
      messageId: received!.headers['message-id'],
      sentAt: expect.any(Date),
    });
  });

  it.skipIf(skip)(
    "writes a subject and a recipient's name on one line, stored and sent, whatever they hold (a stored name from before the text rules)",
    async () => {
      const server = await smtp();
      const [id] = await enqueue(
        mail({ to: { address: 'anna@example.test', name: 'Anna\r\nBcc: x@evil.example' }, subject: '[Gearwatch] Report: Hall\n    Bcc: y@evil.example' }),
      );
      expect(await sender(s.a, server.url).drainUntilIdle()).toBe(1);
      const [received] = server.received;
      expect(received!.headers.subject).toBe('[Gearwatch] Report: Hall     Bcc: y@evil.example');
      expect(received!.headerLines.some((line) => /^bcc:/i.test(line))).toBe(false);
      expect(received!.to).toEqual(['anna@example.test']);
      expect(await row(id!)).toMatchObject({ state: 'sent' });
      // The row as the outbox list shows it to super-admins: one line too.
      expect(await s.a.db.selectFrom('mail_outbox').select(['subject', 'to_name']).where('id', '=', id!).executeTakeFirst()).toEqual({
        subject: '[Gearwatch] Report: Hall     Bcc: y@evil.example',
        to_name: 'Anna Bcc: x@evil.example',
      });
    },
  );

  it.skipIf(skip)('ends each mail it sends with the footer of its brand, and keeps the row as written', async () => {
    const server = await smtp();
    const [id] = await enqueue(mail());
    expect(await sender(s.a, server.url, { brand: 'second' }).drainUntilIdle()).toBe(1);
    expect(server.received[0]!.body).toBe(`Body of mail ${serial}\n\n-- \nGearwatch\nNorthline Industrial · https://northline.example.com\n`);
    const [stored] = await s.a.db.selectFrom('mail_outbox').select('text_body').where('id', '=', id!).execute();
    expect(stored!.text_body).toBe(`Body of mail ${serial}\n`);
  });

  it.skipIf(skip)('sends nothing without SMTP_URL: the mails wait', async () => {
    const [id] = await enqueue(mail());
    expect(await sender(s.a, undefined).drainUntilIdle()).toBe(0);
    expect(await row(id!)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it.skipIf(skip)('retries with backoff while SMTP is down, and delivers once when it is back', async () => {
    const port = await closedPort();
    const backoffs: number[] = [];
    const a = sender(s.a, `smtp://127.0.0.1:${port}`, { backoffSeconds: (attempts) => (backoffs.push(attempts), HOUR) });
    const [id] = await enqueue(mail());

    expect(await a.drain()).toBe(1);
    expect(await row(id!)).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/i), lockedBy: null });
    // Due again after its backoff, not before.
    const afterFirst = await clock(id!);
    expect(afterFirst.runAt - afterFirst.now).toBeGreaterThan(HOUR - 60);
    expect(await a.drain()).toBe(0);
    await backoffPasses(id!);
    expect(await a.drain()).toBe(1);
    expect(await row(id!)).toMatchObject({ state: 'pending', attempts: 2 });

    const server = await smtp({ port });
    expect(await a.drainUntilIdle()).toBe(0);
    await backoffPasses(id!);
    expect(await a.drainUntilIdle()).toBe(1);
    // Sent: never due again.
    await backoffPasses(id!);
    expect(await a.drainUntilIdle()).toBe(0);
    expect(server.received).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    expect(backoffs).toEqual([1, 2]);
  });

  it.skipIf(skip)('marks a mail failed with the last error after its attempts, the configured number or its own', async () => {
    const a = sender(s.a, `smtp://127.0.0.1:${await closedPort()}`, { maxAttempts: 3, backoffSeconds: () => 0 });
    // The second carries a secret (a password link): its body goes once it is given up.
    const [byConfig, byMail] = await enqueue(mail(), mail({ maxAttempts: 1, ref: { secretBody: true } }));
    expect(await a.drainUntilIdle()).toBe(4);
    expect(await row(byConfig!)).toMatchObject({ state: 'failed', attempts: 3, maxAttempts: null, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(await row(byMail!)).toMatchObject({ state: 'failed', attempts: 1, maxAttempts: 1 });
    const bodies = await s.a.db.selectFrom('mail_outbox').select('text_body').where('id', 'in', [byConfig!, byMail!]).orderBy('id').execute();
    expect(bodies.map((b) => b.text_body)).toEqual([expect.stringMatching(/^Body of mail/), REDACTED_BODY]);
    expect(await a.drainUntilIdle()).toBe(0);
  });

  it.skipIf(skip)('gives a refused mail up at once, and tells the feature that wrote it', async () => {
    const server = await smtp({ rejectRecipients: true });
    const a = sender(s.a, server.url, { backoffSeconds: () => 0 });
    const outcomes: unknown[] = [];
    a.onOutcome('support', async (trx, outcome) => {
      // In the transaction that records the outcome.
      const [state] = (await sql<{ state: string }>`select state from mail_outbox where id = ${outcome.id}`.execute(trx)).rows;
      outcomes.push({ ...outcome, stored: state?.state });
    });
    const [id] = await enqueue(mail({ kind: 'support', ref: { supportMessageId: 12 } }));
    expect(await a.drainUntilIdle()).toBe(1);
    expect(await row(id!)).toMatchObject({ state: 'failed', attempts: 1, lastError: expect.stringContaining('550') });
    expect(outcomes).toEqual([
      { id, kind: 'support', ref: { supportMessageId: 12 }, state: 'failed', stored: 'failed', error: expect.stringContaining('550') },
    ]);
  });

  it.skipIf(skip)('delivers each mail once with two runners on one database', async () => {
    const server = await smtp();
    const mails = Array.from({ length: 60 }, () => mail());
    const ids = await enqueue(...mails);
    const senders: MailSender[] = [];
    const runners = [s.a, s.b].map((db, i) => {
      const runner = new JobRunner(db.db, { holder: `runner-${i}`, pollMs: 20 });
      // As the server runs it: batches sent in the background of the runner's turns.
      senders.push(sender(db, server.url, { holder: `runner-${i}`, batchSize: 5, background: true, wake: () => runner.wake() }));
      runner.addSource(senders[i]!);
      return runner;
    });
    for (const runner of runners) runner.start();
    await waitFor('every mail to arrive', () => server.received.length >= mails.length, { timeoutMs: 60_000 });
    // Every send in flight ends before the count is read: a second copy of any mail would be among them.
    await Promise.all(runners.map((runner) => runner.stop()));
    await Promise.all(senders.map((one) => one.settled()));

    expect(server.received.map((m) => m.headers.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
    const rows = await s.a.db.selectFrom('mail_outbox').select(['state', 'attempts']).where('id', 'in', ids).execute();
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it.skipIf(skip)('takes over a mail whose sender died after claiming it, once its lease has run out', async () => {
    const server = await smtp();
    const [id] = await enqueue(mail());
    // A sender claims the mail (committed: the "sending" state) and dies before it sends or records anything.
    const claimed = await new OutboxRepository(s.b.db).claim('dead-sender', HOUR, 10, 8);
    expect(claimed.map((m) => m.id)).toEqual([id]);

    const alive = sender(s.a, server.url);
    expect(await alive.drain()).toBe(0);
    expect(await row(id!)).toMatchObject({ state: 'pending', lockedBy: 'dead-sender', attempts: 1 });
    await leaseRunsOut(id!);
    expect(await alive.drainUntilIdle()).toBe(1);
    expect(server.received).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ state: 'sent', attempts: 2, lockedBy: null });
  });

  it.skipIf(skip)('keeps the lease of a mail on a slow SMTP server, so no other sender sends it too', async () => {
    let answer = () => undefined as void;
    const server = await smtp({ answerGate: new Promise<void>((resolve) => (answer = resolve)) });
    const [id] = await enqueue(mail());
    const slow = sender(s.a, server.url, { holder: 'slow', leaseSeconds: 3 });
    const other = sender(s.b, server.url, { holder: 'other', leaseSeconds: 3 });
    const sending = slow.drain();
    // The server holds the mail unanswered until the first lease would have run out: it was renewed (every third of it).
    await waitFor('the mail to reach the server', () => server.dataStarted() === 1);
    const firstLeaseEnd = (await clock(id!)).lockedUntil!;
    await waitFor(
      'the first lease to have run out and been renewed',
      async () => {
        const { now, lockedUntil } = await clock(id!);
        return now > firstLeaseEnd && lockedUntil !== null && lockedUntil > now;
      },
      { timeoutMs: 30_000 },
    );
    expect(await other.drain()).toBe(0);
    answer();
    expect(await sending).toBe(1);
    expect(await other.drainUntilIdle()).toBe(0);
    expect(server.received).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it.skipIf(skip)("sends in the background of the runner's turn, so a slow SMTP server holds up nothing else", async () => {
    let answer = () => undefined as void;
    const server = await smtp({ answerGate: new Promise<void>((resolve) => (answer = resolve)) });
    const [id] = await enqueue(mail());
    let woken = 0;
    const background = sender(s.a, server.url, { background: true, wake: () => woken++ });
    // The turn ends while the server has not answered (it answers only when told to below).
    expect(await background.drain()).toBe(1);
    // One batch at a time: the next turn finds it still in flight.
    expect(await background.drain()).toBe(0);
    expect(await row(id!)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(woken).toBe(0);
    answer();
    await background.settled();
    expect(woken).toBe(1);
    expect(server.received).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it.skipIf(skip)('marks failed, saying so, a mail whose sender died during its last attempt', async () => {
    const [id] = await enqueue(mail({ maxAttempts: 1 }));
    await new OutboxRepository(s.b.db).claim('dead-sender', HOUR, 10, 8);
    const server = await smtp();
    expect(await sender(s.a, server.url).drainUntilIdle()).toBe(0);
    expect(await row(id!)).toMatchObject({ state: 'pending', lockedBy: 'dead-sender' });
    await leaseRunsOut(id!);
    expect(await sender(s.a, server.url).drainUntilIdle()).toBe(0);
    expect(server.received).toHaveLength(0);
    expect(await row(id!)).toMatchObject({ state: 'failed', attempts: 1, lastError: expect.stringContaining('may or may not have been delivered') });
  });
});

/** A port nothing listens on: bound once to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
