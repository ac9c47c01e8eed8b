import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CLIENT, RESETTING_LIMITS } from '@gearwatch/contracts';
import type { Config } from '../src/config.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { bearer, createCompany, createUser, form, signIn } from './fixtures.ts';
import type { ReceivedMail, TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';

const PUBLIC_URL = 'https://gearwatch.example/app';
const LINK = /https:\/\/gearwatch\.example\/app\/resetting\?token=([A-Za-z0-9_-]{43})\n/;
const NEW_PASSWORD = 'a brand new passphrase';
const linkExpired = { errors: { token: ['resetting.link-expired'] }, rootErrors: [] };

async function setUp(overrides: Partial<Config>) {
  const ctx = await createTestContext({ PUBLIC_URL, MAIL_FROM: 'Gearwatch <robot@gearwatch.test>', ...overrides });
  const company = await createCompany(ctx.database.db, 'Acme Works');
  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });
  // Mail leaves after the answer, through the outbox; sending it keeps "no mail was sent" assertions honest.
  const requestLink = async (email: unknown) => {
    const response = await post('/api/resetting/request', { email });
    await ctx.services.mail.drainUntilIdle();
    return response;
  };
  const reset = (token: string, password: string) => post('/api/resetting/reset', { token, password });
  const links = (userId: number) => ctx.database.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const token = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      ...form({ client_id: DEFAULT_WEB_CLIENT.clientId, client_secret: DEFAULT_WEB_CLIENT.clientSecret, ...fields }),
    });
  const passwordGrant = (username: string, password: string) => token({ grant_type: 'password', username, password });
  return { ctx, company, post, requestLink, reset, links, token, passwordGrant };
}

function tokenIn(mail: ReceivedMail | undefined): string {
  const match = LINK.exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error(`no reset link in: ${mail?.body}`);
  return match[1];
}

describe('password reset with a working SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await setUp({ SMTP_URL: smtp.url, LOGIN_SLOWDOWN_AFTER: 2, LOGIN_LOCK_AFTER: 3 });
  });
  afterAll(async () => {
    await t?.ctx.close();
    await smtp?.close();
  });

  const newUser = (options: Parameters<typeof createUser>[2] = {}) => createUser(t.ctx.database.db, t.company.id, options);
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('mails a single-use link that sets a new password and signs the user out everywhere', async () => {
    const user = await newUser({ username: 'ewa', firstname: 'Ewa', lastname: 'Nowak', email: 'Ewa.Nowak@acme.example', language: 'en' });
    const before = await signIn(t.ctx.app, 'ewa', user.password);

    const response = await t.requestLink('  ewa.nowak@ACME.example ');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    const [mail, ...more] = mailsTo('Ewa.Nowak@acme.example');
    expect(more).toEqual([]);
    expect(mail!.from).toBe('robot@gearwatch.test');
    expect(mail!.headers.to).toBe('Ewa Nowak <Ewa.Nowak@acme.example>');
    expect(mail!.headers.subject).toBe('Reset your Gearwatch password');
    expect(mail!.body).toContain('Hello Ewa Nowak,');
    expect(mail!.body).toContain('the Gearwatch account ewa.');
    expect(mail!.body).toContain('Link validity: 60 minutes.');
    const token = tokenIn(mail);

    const [link] = await t.links(user.id);
    expect(link).toMatchObject({ purpose: 'reset', company_id: t.company.id, used_at: null, token_hash: createHash('sha256').update(token).digest('hex') });
    expect(link!.expires_at.getTime() - link!.created_at.getTime()).toBe(60 * 60_000);

    const done = await t.reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({});
    expect((await t.passwordGrant('ewa', NEW_PASSWORD)).statusCode).toBe(200);
    const old = await t.passwordGrant('ewa', user.password);
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe('invalid_grant');
    const refresh = await t.token({ grant_type: 'refresh_token', refresh_token: before.refresh_token });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Refresh token revoked' });

    const again = await t.reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(linkExpired);
    expect((await t.passwordGrant('ewa', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.links(user.id))[0]!.used_at).toBeInstanceOf(Date);
  });

  it("writes in the user's language, Polish by default", async () => {
    const pl = await newUser({ firstname: 'Jan', lastname: 'Kos' });
    await t.requestLink(`${pl.username}@example.test`);
    const [mail] = mailsTo(`${pl.username}@example.test`);
    expect(mail!.headers.subject).toBe('Gearwatch: ustawienie nowego hasła');
    expect(mail!.body).toContain('Dzień dobry, Jan Kos!');
    expect(mail!.body).toContain('Czas ważności linku: 60 minut.');
    tokenIn(mail);

    const ru = await newUser({ language: 'ru' });
    await t.requestLink(`${ru.username}@example.test`);
    const [ruMail] = mailsTo(`${ru.username}@example.test`);
    expect(ruMail!.headers.subject).toBe('Gearwatch: сброс пароля');
    expect(ruMail!.body).toContain('Срок действия ссылки: 60 минут.');
  });

  it('keeps only the newest link usable', async () => {
    const user = await newUser();
    await t.requestLink(`${user.username}@example.test`);
    await t.requestLink(`${user.username}@example.test`);
    const [first, second] = mailsTo(`${user.username}@example.test`).map(tokenIn);
    expect((await t.reset(first!, NEW_PASSWORD)).json()).toEqual(linkExpired);
    expect((await t.reset(second!, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link and leaves the password alone', async () => {
    const user = await newUser();
    await t.requestLink(`${user.username}@example.test`);
    const token = tokenIn(mailsTo(`${user.username}@example.test`)[0]);
    await t.ctx.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    const response = await t.reset(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(linkExpired);
    expect((await t.passwordGrant(user.username, user.password)).statusCode).toBe(200);
  });

  it('answers an unknown or disabled address like any other, and sends nothing', async () => {
    const disabled = await newUser({ active: false });
    const mails = smtp.received.length;
    for (const email of ['nobody@acme.example', `${disabled.username}@example.test`]) {
      const response = await t.requestLink(email);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({});
    }
    expect(smtp.received.length).toBe(mails);
    expect(await t.links(disabled.id)).toEqual([]);
  });

  it('sends at most 5 links to one address in an hour', async () => {
    const user = await newUser();
    const email = `${user.username}@example.test`;
    for (let i = 0; i < 6; i++) expect((await t.requestLink(i % 2 ? email.toUpperCase() : email)).statusCode).toBe(202);
    expect(mailsTo(email)).toHaveLength(5);
    expect(await t.links(user.id)).toHaveLength(5);
    // The refused request superseded nothing: the last mailed link still works.
    const tokens = mailsTo(email).map(tokenIn);
    expect((await t.reset(tokens[3]!, NEW_PASSWORD)).json()).toEqual(linkExpired);
    expect((await t.reset(tokens[4]!, NEW_PASSWORD)).statusCode).toBe(200);

    await sql`update password_reset_tokens set created_at = created_at - interval '61 minutes' where user_id = ${user.id}`.execute(t.ctx.database.db);
    await t.requestLink(email);
    expect(mailsTo(email)).toHaveLength(6);
  });

  it('holds the limit and single use when requests arrive together', async () => {
    const user = await newUser();
    const email = `${user.username}@example.test`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post('/api/resetting/request', { email })));
    await t.ctx.services.mail.drainUntilIdle();
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(202));
    expect(await t.links(user.id)).toHaveLength(5);
    expect(mailsTo(email)).toHaveLength(5);

    const open = (await t.links(user.id)).filter((link) => link.used_at === null);
    expect(open).toHaveLength(1);
    const token = mailsTo(email)
      .map(tokenIn)
      .find((candidate) => createHash('sha256').update(candidate).digest('hex') === open[0]!.token_hash)!;
    const resets = await Promise.all([t.reset(token, NEW_PASSWORD), t.reset(token, 'a competing passphrase')]);
    expect(resets.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('lets a locked-out user sign in with the new password at once', async () => {
    const user = await newUser({ username: 'locked', email: 'locked@acme.example' });
    for (const login of ['locked', 'locked', 'locked', 'LOCKED@acme.example', 'locked@acme.example', 'locked@acme.example']) {
      await t.passwordGrant(login, 'wrong password');
    }
    expect((await t.passwordGrant('locked', user.password)).statusCode).toBe(429);
    expect((await t.passwordGrant('locked@acme.example', user.password)).statusCode).toBe(429);

    await t.requestLink('locked@acme.example');
    expect((await t.reset(tokenIn(mailsTo('locked@acme.example')[0]), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.passwordGrant('locked', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.passwordGrant('locked@acme.example', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("unlocks the profile's password form too", async () => {
    const user = await newUser({ username: 'mistyped', email: 'mistyped@acme.example' });
    const session = await signIn(t.ctx.app, user.username, user.password);
    const change = (currentPassword: string, accessToken: string) =>
      t.ctx.app.inject({
        method: 'PUT',
        url: '/api/users/current/password',
        headers: bearer(accessToken),
        payload: { currentPassword, newPassword: 'yet another passphrase' },
      });
    for (let i = 0; i <= t.ctx.config.LOGIN_LOCK_AFTER; i++) await change(`guess ${i}`, session.access_token);
    expect((await change(user.password, session.access_token)).statusCode).toBe(429);

    await t.requestLink('mistyped@acme.example');
    expect((await t.reset(tokenIn(mailsTo('mistyped@acme.example')[0]), NEW_PASSWORD)).statusCode).toBe(200);
    const fresh = await signIn(t.ctx.app, user.username, NEW_PASSWORD);
    expect((await change(NEW_PASSWORD, fresh.access_token)).statusCode).toBe(200);
    // The change's notice leaves now, not in the middle of the next test's count of mails.
    await t.ctx.services.mail.drainUntilIdle();
  });

  it('rejects bad request bodies with field errors, never 500, and sends nothing', async () => {
    const mails = smtp.received.length;
    const notBlank = ['form.field.error.not-blank'];
    const incorrect = ['form.field.error.incorrect'];
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { email: notBlank }],
      [{ email: '' }, { email: notBlank }],
      [{ email: '   ' }, { email: notBlank }],
      [{ email: null }, { email: notBlank }],
      [{ email: 'not-an-address' }, { email: incorrect }],
      [{ email: 'two@addresses.example, three@addresses.example' }, { email: incorrect }],
      [{ email: 42 }, { email: incorrect }],
      [{ email: `${'a'.repeat(RESETTING_LIMITS.emailMaxChars)}@acme.example` }, { email: ['form.field.error.too-long'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await t.requestLink((payload as { email?: unknown }).email);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ errors, rootErrors: [] });
    }
    for (const raw of ['', '{not json', '[]', '"text"']) {
      const response = await t.ctx.app.inject({ method: 'POST', url: '/api/resetting/request', payload: raw, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, raw).toBe(400);
    }
    expect(smtp.received.length).toBe(mails);
  });

  it('rejects bad reset bodies with field errors, and a bad password keeps the link usable', async () => {
    const user = await newUser();
    await t.requestLink(`${user.username}@example.test`);
    const token = tokenIn(mailsTo(`${user.username}@example.test`)[0]);
    const notBlank = ['form.field.error.not-blank'];
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { token: notBlank, password: notBlank }],
      [{ token: token, password: '' }, { password: notBlank }],
      [{ token: token, password: ' '.repeat(12) }, { password: notBlank }],
      [{ token: token, password: 'short' }, { password: ['form.field.error.too-short'] }],
      [{ token: token, password: 'x'.repeat(RESETTING_LIMITS.passwordMaxChars + 1) }, { password: ['form.field.error.too-long'] }],
      [{ token: token, password: 12345678 }, { password: ['form.field.error.incorrect'] }],
      [{ token: ' ', password: NEW_PASSWORD }, { token: notBlank }],
      [{ token: 'no-such-token', password: NEW_PASSWORD }, { token: ['resetting.link-expired'] }],
      [{ token: `${token}x`, password: NEW_PASSWORD }, { token: ['resetting.link-expired'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await t.post('/api/resetting/reset', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ errors, rootErrors: [] });
    }
    const noBody = await t.ctx.app.inject({ method: 'POST', url: '/api/resetting/reset' });
    expect(noBody.statusCode).toBe(400);
    expect((await t.passwordGrant(user.username, user.password)).statusCode).toBe(200);
    expect((await t.reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is public and in the OpenAPI document', async () => {
    const doc = (await t.ctx.app.inject('/api/docs/json')).json();
    for (const path of ['/api/resetting/request', '/api/resetting/reset']) {
      expect(doc.paths[path].post.security).toEqual([]);
    }
    expect(Object.keys(doc.paths['/api/resetting/request'].post.responses)).toEqual(['202', '400', '413', '415', '429', '500']);
  });
});

describe('password reset when the mail server is down', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let ctx: TestContext;

  beforeAll(async () => {
    t = await setUp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    ctx = t.ctx;
  });
  afterAll(() => ctx?.close());

  it('still answers 202; the mail waits in the outbox with the failure, for the next attempt', async () => {
    const user = await createUser(ctx.database.db, t.company.id);
    const response = await t.post('/api/resetting/request', { email: `${user.username}@example.test` });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    await ctx.services.mail.drainUntilIdle();
    expect(await t.links(user.id)).toHaveLength(1);
    const mail = await ctx.database.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'password-reset', state: 'pending', attempts: 1, to_address: `${user.username}@example.test` });
    expect(mail.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(mail.run_at.getTime()).toBeGreaterThan(Date.now());
    // Kept for the next attempt; removed once it is sent or given up.
    expect(mail.text_body).toMatch(LINK);
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
