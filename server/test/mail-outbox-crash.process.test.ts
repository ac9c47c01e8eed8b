import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../src/db/migrate.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import { crashDatabase } from './crash-database.ts';
import { startSmtpServer } from './smtp.ts';
import { startServerProcess } from './support/server-process.ts';

/**
 * "A server killed after claiming: the lease expires, the message goes out once". The real server (main.ts) claims
 * a mail and is SIGKILLed while its SMTP server holds the message's DATA unanswered (the mail was not accepted, so
 * it must go out again). Its lease is then run out (the test moves the clock rather than wait the 60 s), and a
 * second server process sends the mail: the working SMTP server gets it once, the first one never completes it.
 */
describe('a server killed while sending a mail', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('leaves the mail to another server once its lease has run out, and it goes out once', async () => {
    const { env, open } = await crashDatabase('gw-mail-crash-', cleanups);
    const common = { ...env, DEMO: 'off', LOG_LEVEL: 'warn', MAIL_FROM: 'Gearwatch <robot@gearwatch.test>' };

    // The embedded database is one process's at a time: the test writes, closes, then the server opens it.
    let db = await open();
    await migrate(db);
    const [id] = await enqueueMail(db.db, [{ kind: 'password-reset', to: { address: 'ewa@example.test' }, subject: 'Once', text: 'Only once.\n' }]);
    await db.close();

    const stuck = await startSmtpServer({ answerDelayMs: Infinity });
    cleanups.push(() => stuck.close());
    const first = await startServerProcess({ ...common, SMTP_URL: stuck.url });
    cleanups.push(() => first.kill());
    const deadline = Date.now() + 30_000;
    while (stuck.dataStarted() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stuck.dataStarted()).toBe(1);
    await first.kill();

    db = await open();
    const claimed = await db.db.selectFrom('mail_outbox').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(claimed).toMatchObject({ state: 'pending', attempts: 1, sent_at: null });
    expect(claimed.locked_by).toEqual(expect.any(String));
    expect(claimed.locked_until!.getTime()).toBeGreaterThan(Date.now());
    // A minute later: nobody renewed the dead server's lease.
    await sql`update mail_outbox set locked_until = now() - interval '1 second' where id = ${id}`.execute(db.db);
    await db.close();

    const working = await startSmtpServer();
    cleanups.push(() => working.close());
    const second = await startServerProcess({ ...common, SMTP_URL: working.url });
    cleanups.push(() => second.stop());
    const sentBy = Date.now() + 30_000;
    while (working.received.length === 0 && Date.now() < sentBy) await new Promise((resolve) => setTimeout(resolve, 50));
    // Long enough for a second copy to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await second.stop();

    expect(working.received.map((mail) => mail.headers.subject)).toEqual(['Once']);
    expect(stuck.received).toHaveLength(0);
    db = await open();
    cleanups.push(() => db.close());
    expect(await db.db.selectFrom('mail_outbox').select(['state', 'attempts', 'locked_by']).where('id', '=', id!).executeTakeFirstOrThrow()).toEqual({
      state: 'sent',
      attempts: 2,
      locked_by: null,
    });
  }, 180_000);
});
