import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CLIENT, SUPPORT_LIMITS } from '@gearwatch/contracts';
import type { Config } from '../src/config.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import type { TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';

const MAIL = { SUPPORT_EMAIL: 'help@gearwatch.test', MAIL_FROM: 'Gearwatch Test <robot@gearwatch.test>' } satisfies Partial<Config>;

async function setUp(overrides: Partial<Config>) {
  const ctx = await createTestContext({ ...MAIL, ...overrides });
  const company = await createCompany(ctx.database.db, 'Acme Works');
  const user = await createUser(ctx.database.db, company.id, { username: 'mira', firstname: 'Mira', lastname: 'Kowalska', email: 'mira@acme.example' });
  const token = (await signIn(ctx.app, 'mira', user.password)).access_token;
  const send = (payload: unknown, accessToken = token) =>
    ctx.app.inject({ method: 'POST', url: '/api/support/mail', headers: bearer(accessToken), payload: payload as object });
  const stored = () => ctx.database.db.selectFrom('support_messages').selectAll().orderBy('id').execute();
  /** The outbox sender's turn: the mail leaves after the answer. */
  const deliver = () => ctx.services.mail.drainUntilIdle();
  const outbox = () => ctx.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'support').orderBy('id').execute();
  return { ctx, company, user, token, send, stored, deliver, outbox };
}

describe('POST /api/support/mail with a working SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await setUp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.ctx.close();
    await smtp?.close();
  });

  it("stores the message and mails it to support with the sender's details", async () => {
    const content = '  The press in hall 2 shows no data since Monday.\nZażółć gęślą jaźń.  ';
    const response = await t.send({ subject: ' Missing data ', content });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), sent: true });
    // Stored with its mail in the outbox; the sender delivers it and marks the message sent.
    expect(smtp.received).toHaveLength(0);
    expect(await t.outbox()).toMatchObject([{ state: 'pending', ref: { supportMessageId: body.id }, to_address: 'help@gearwatch.test' }]);
    expect((await t.stored())[0]!.sent_at).toBeNull();
    expect(await t.deliver()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('robot@gearwatch.test');
    expect(mail.to).toEqual(['help@gearwatch.test']);
    expect(mail.headers.subject).toBe('[Gearwatch support] Missing data');
    expect(mail.headers.from).toBe('Gearwatch Test <robot@gearwatch.test>');
    expect(mail.headers['reply-to']).toBe('Mira Kowalska <mira@acme.example>');
    expect(mail.body.startsWith('The press in hall 2 shows no data since Monday.\nZażółć gęślą jaźń.\n')).toBe(true);
    expect(mail.body).toContain('From: Mira Kowalska <mira@acme.example> (username mira');
    expect(mail.body).toContain(`Company: Acme Works (id ${t.company.id})`);
    expect(mail.body).toContain(`Support message id: ${body.id}`);

    const [row] = await t.stored();
    expect(row).toMatchObject({
      id: body.id,
      company_id: t.company.id,
      user_id: t.user.id,
      impersonator_id: null,
      subject: 'Missing data',
      content: 'The press in hall 2 shows no data since Monday.\nZażółć gęślą jaźń.',
      last_error: null,
    });
    expect(row!.sent_at).toBeInstanceOf(Date);
  });

  it('keeps a subject to one header line: a typed line break is refused (contracts text rules), nothing stored or sent', async () => {
    const rows = (await t.stored()).length;
    const before = smtp.received.length;
    const response = await t.send({ subject: 'Help\r\nBcc: someone@evil.example', content: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { subject: ['form.field.error.incorrect'] }, rootErrors: [] });
    await t.deliver();
    expect((await t.stored()).length).toBe(rows);
    expect(smtp.received.length).toBe(before);
  });

  it('names the impersonator when written in an impersonated session', async () => {
    const ivy = await createUser(t.ctx.database.db, t.company.id, { username: 'ivy', firstname: 'Ivy', lastname: 'Imp', impersonate: true });
    const ivyToken = (await signIn(t.ctx.app, 'ivy', ivy.password)).access_token;
    const session = await t.ctx.app.inject({
      method: 'GET',
      url: `/api/impersonate/${t.user.id}?client_id=${DEFAULT_WEB_CLIENT.clientId}`,
      headers: bearer(ivyToken),
    });
    const before = smtp.received.length;
    const response = await t.send({ subject: 'On behalf', content: 'Checked for Mira.' }, session.json().access_token);
    expect(response.statusCode).toBe(201);
    await t.deliver();
    const mail = smtp.received[before]!;
    expect(mail.headers['reply-to']).toBe('Mira Kowalska <mira@acme.example>');
    expect(mail.body).toContain(`Written by Ivy Imp <ivy@example.test> (user id ${ivy.id}) while acting as this user`);
    const row = (await t.stored()).find((r) => r.id === response.json().id);
    expect(row).toMatchObject({ user_id: t.user.id, impersonator_id: ivy.id });
  });

  it('rejects blank, missing and too long fields, storing and sending nothing', async () => {
    const rows = (await t.stored()).length;
    const mails = smtp.received.length;
    const noEmpty = ['support.no-empty-values'];
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { subject: '', content: '' },
        { subject: noEmpty, content: noEmpty },
      ],
      [{ subject: '   ', content: 'text' }, { subject: noEmpty }],
      [{ subject: 'Subject', content: ' \n\t ' }, { content: noEmpty }],
      [{}, { subject: noEmpty, content: noEmpty }],
      [
        { subject: 42, content: ['a list'] },
        { subject: ['form.field.error.incorrect'], content: ['form.field.error.incorrect'] },
      ],
      [{ subject: null, content: 'text' }, { subject: noEmpty }],
      [{ subject: 'x'.repeat(SUPPORT_LIMITS.subjectMaxChars + 1), content: 'text' }, { subject: ['form.field.error.too-long'] }],
      [{ subject: 'Subject', content: 'x'.repeat(SUPPORT_LIMITS.contentMaxChars + 1) }, { content: ['form.field.error.too-long'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await t.send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ errors, rootErrors: [] });
    }
    await t.deliver();
    expect((await t.stored()).length).toBe(rows);
    expect(smtp.received.length).toBe(mails);
  });

  it('measures the limits after trimming', async () => {
    const response = await t.send({ subject: ` ${'s'.repeat(SUPPORT_LIMITS.subjectMaxChars)} `, content: 'text' });
    expect(response.statusCode).toBe(201);
  });

  it('requires a signed-in user', async () => {
    const response = await t.ctx.app.inject({ method: 'POST', url: '/api/support/mail', payload: { subject: 'a', content: 'b' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/support/mail without SMTP_URL', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({});
  });
  afterAll(() => t?.ctx.close());

  it('keeps the message unsent, its mail waiting in the outbox', async () => {
    const response = await t.send({ subject: 'Hello', content: 'Anyone there?' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), sent: false });
    expect(await t.deliver()).toBe(0);
    const [row] = await t.stored();
    expect(row).toMatchObject({ id: response.json().id, subject: 'Hello', sent_at: null, last_error: 'SMTP_URL is not set; mail is kept unsent' });
    expect(await t.outbox()).toMatchObject([{ state: 'pending', attempts: 0 }]);
  });
});

describe('POST /api/support/mail when nothing listens at SMTP_URL', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await setUp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => t?.ctx.close());

  it('keeps the message unsent with the reason, and its mail due again after a backoff', async () => {
    const response = await t.send({ subject: 'Hello', content: 'Anyone there?' });
    expect(response.statusCode).toBe(201);
    expect(response.json().sent).toBe(true);
    await t.deliver();
    const [row] = await t.stored();
    expect(row!.sent_at).toBeNull();
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    const [mail] = await t.outbox();
    expect(mail).toMatchObject({ state: 'pending', attempts: 1 });
    expect(mail!.run_at.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('POST /api/support/mail when the SMTP server refuses the message', () => {
  let smtp: TestSmtpServer;
  let t: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectRecipients: true });
    t = await setUp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.ctx.close();
    await smtp?.close();
  });

  it('keeps the message unsent, and gives its mail up at once: a refusal does not change by retrying', async () => {
    const response = await t.send({ subject: 'Hello', content: 'Anyone there?' });
    expect(response.statusCode).toBe(201);
    await t.deliver();
    expect(smtp.received).toHaveLength(0);
    const [row] = await t.stored();
    expect(row!.sent_at).toBeNull();
    expect(row!.last_error).toContain('550');
    expect(await t.outbox()).toMatchObject([{ state: 'failed', attempts: 1, last_error: expect.stringContaining('550') }]);
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
