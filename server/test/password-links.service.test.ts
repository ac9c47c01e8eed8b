import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_BODY } from '../src/mail/outbox-repository.ts';
import { UsersRepository } from '../src/users/repository.ts';
import type { UserRecord } from '../src/users/repository.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { createCompany, createUser, signIn } from './fixtures.ts';
import type { TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';

/** The welcome link has no route yet (user creation will send it); it is issued through the service. */
describe('PasswordLinksService.issuePasswordLink', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  let companyId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://gearwatch.local:8080', WELCOME_TOKEN_TTL_HOURS: 48 });
    companyId = (await createCompany(ctx.database.db, 'Northwind Mills')).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const record = async (options: Parameters<typeof createUser>[2]): Promise<UserRecord> => {
    const user = await createUser(ctx.database.db, companyId, options);
    const found = await new UsersRepository(ctx.database.db).findById(user.id);
    if (!found) throw new Error('user not stored');
    return found;
  };

  it('mails a welcome link that lives WELCOME_TOKEN_TTL_HOURS and sets the first password', async () => {
    const user = await record({ username: 'newbie', firstname: 'Nina', lastname: 'Berg', language: 'en' });
    const outcome = await ctx.services.passwordLinks.issuePasswordLink(user, 'welcome');
    if (!outcome.issued) throw new Error('expected a link');
    expect(await ctx.services.mail.drainUntilIdle()).toBe(1);
    const outboxRow = await ctx.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', outcome.mailId!).executeTakeFirstOrThrow();
    // The link's token was kept in the outbox only until the mail was sent (decision 006).
    expect(outboxRow).toMatchObject({ kind: 'welcome', user_id: user.id, state: 'sent', attempts: 1, sent_at: expect.any(Date), text_body: REDACTED_BODY });
    expect(outcome.expiresAt.getTime() - Date.now()).toBeGreaterThan(47.9 * 3_600_000);
    expect(outcome.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(48 * 3_600_000);

    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['newbie@example.test']);
    expect(mail.headers.subject).toBe('Your Gearwatch account has been created');
    expect(mail.body).toContain('An account has been created for you in Gearwatch (company Northwind Mills). Your username is newbie.');
    expect(mail.body).toContain('Link validity: 48 hours.');
    expect(mail.body).toContain('ask for a new one here: http://gearwatch.local:8080/reset\n');
    const token = /http:\/\/gearwatch\.local:8080\/resetting\?token=([\w-]{43})\n/.exec(mail.body)?.[1];
    expect(token).toBeDefined();

    const row = await ctx.database.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'welcome', used_at: null });

    const response = await ctx.app.inject({ method: 'POST', url: '/api/resetting/reset', payload: { token, password: 'my first password' } });
    expect(response.statusCode).toBe(200);
    expect((await signIn(ctx.app, 'newbie', 'my first password')).access_token).toEqual(expect.any(String));
  });

  it("writes the welcome in the user's language", async () => {
    const user = await record({ language: 'lv' });
    const outcome = await ctx.services.passwordLinks.issuePasswordLink(user, 'welcome');
    if (!outcome.issued) throw new Error('expected a link');
    await ctx.services.mail.drainUntilIdle();
    const mail = smtp.received.at(-1)!;
    expect(mail.headers.subject).toBe('Gearwatch: jūsu konts ir izveidots');
    expect(mail.body).toContain('Saites derīguma termiņš: 48 stundas.');
  });

  it('lets a later reset link supersede an unused welcome link', async () => {
    const user = await record({});
    const welcome = await ctx.services.passwordLinks.issuePasswordLink(user, 'welcome');
    const reset = await ctx.services.passwordLinks.issuePasswordLink(user, 'reset');
    if (!welcome.issued || !reset.issued) throw new Error('expected links');
    await ctx.services.mail.drainUntilIdle();
    const rows = await ctx.database.db
      .selectFrom('password_reset_tokens')
      .select(['purpose', 'used_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.purpose, r.used_at === null])).toEqual([
      ['welcome', false],
      ['reset', true],
    ]);
  });
});
