import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportConfiguration, ReportFile } from '@gearwatch/contracts';
import { PRODUCT_NAME } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { createDeviceGroup, fakeBuilders, fakeWriters } from './report-fixtures.ts';
import type { ReceivedMail, TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';

/** The attachment part of a multipart message the test SMTP server kept: its name and decoded bytes. */
function attachmentOf(mail: ReceivedMail): { filename: string; content: string } | undefined {
  const match = /Content-Disposition: attachment;\s*filename\*?=(?:UTF-8'')?"?([^"\r\n;]+)"?[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/i.exec(mail.body);
  if (!match) return undefined;
  return { filename: decodeURIComponent(match[1]!), content: Buffer.from(match[2]!.replace(/\n/g, ''), 'base64').toString('utf8') };
}

/** The path of a mail's download link (quoted-printable soft breaks joined). */
const linkOf = (mail: ReceivedMail) =>
  /https:\/\/gw\.example\.com(\/api\/reports\/files\/\d+\/link\?token=[A-Za-z0-9_-]+)/.exec(mail.body.replace(/=\n/g, ''))?.[1];

const unsubscribeTokenOf = (mail: ReceivedMail) => /token=([^>\s]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];

describe.each([
  ['attached', 10 * 1024 * 1024],
  ['linked', 10],
])('report mail (%s)', (variant, maxBytes) => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let anna: TestUser;
  let bob: TestUser;
  let token: string;
  let configuration: ReportConfiguration;
  let file: ReportFile;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext(
      { SMTP_URL: smtp.url, REPORT_MAIL_ATTACHMENT_MAX_BYTES: maxBytes, PUBLIC_URL: 'https://gw.example.com' },
      { reportBuilders: fakeBuilders().lookup, reportWriters: fakeWriters },
    );
    const company = await createCompany(db());
    anna = await createUser(db(), company.id, { firstname: 'Anna', lastname: 'Nowak', language: 'en', email: 'anna@example.com' });
    bob = await createUser(db(), company.id, { firstname: 'Bob', lastname: 'Kowalski', language: 'pl', email: 'bob@example.com' });
    const hall = await createDeviceGroup(db(), company.id);
    token = (await signIn(ctx.app, anna.username, anna.password)).access_token;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/reportsconfigurations?context=efficiency-report',
      headers: bearer(token),
      payload: {
        name: 'Hall',
        reportInterval: 'day',
        groups: [hall],
        users: [anna.id, bob.id],
        emails: ['Ext@Example.org'],
        format: 'csv',
        from: '2026-10-01',
        to: '2026-10-31',
      },
    });
    configuration = created.json<ReportConfiguration>();
    await ctx.services.reportGenerator.drainUntilIdle();
    // Generated again by another instance's retry would add nothing: the mail is written with DONE, once.
    await ctx.services.reportGenerator.drainUntilIdle();
    file = (await ctx.app.inject({ method: 'GET', url: '/api/reports/files', headers: bearer(token) })).json<{ entries: ReportFile[] }>().entries[0]!;
    await ctx.services.mail.drainUntilIdle();
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('sends one mail per recipient in their language, with the file or a link, and a one-click unsubscribe of this report', async () => {
    expect(file.status).toBe('DONE');
    expect(smtp.received.map((m) => m.to[0]!.toLowerCase()).sort()).toEqual(['anna@example.com', 'bob@example.com', 'ext@example.org']);
    const annas = smtp.received.find((m) => m.to[0] === 'anna@example.com')!;
    const bobs = smtp.received.find((m) => m.to[0] === 'bob@example.com')!;
    const ext = smtp.received.find((m) => m.to[0]!.toLowerCase() === 'ext@example.org')!;
    // The period's dates as each language writes them (time/format.ts), like the client does on screen.
    expect(annas.headers.subject).toBe(`[${PRODUCT_NAME}] Report: Hall (01/10/2026 – 31/10/2026)`);
    expect(bobs.headers.subject).toBe(`[${PRODUCT_NAME}] Raport: Hall (1.10.2026 – 31.10.2026)`);
    // A typed-in address gets the language of the one who asked, and a greeting as the others do.
    expect(ext.headers.subject).toBe(annas.headers.subject);
    // (The attached variant is multipart: its text part follows the part's headers.)
    expect(ext.body).toMatch(/(^|\n\n)Hello,\n\nThe report Hall/);
    expect(annas.body).toMatch(/(^|\n\n)Hello Anna Nowak,\n\nThe report Hall/);
    expect(annas.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(new Set(smtp.received.map(unsubscribeTokenOf)).size).toBe(3);
    const download = await ctx.app.inject({ method: 'GET', url: `/api/reports/files/${file.id}/download`, headers: bearer(token) });
    for (const mail of smtp.received) {
      if (variant === 'attached') {
        expect(attachmentOf(mail)).toEqual({ filename: file.name, content: download.body });
      } else {
        expect(attachmentOf(mail)).toBeUndefined();
        const url = linkOf(mail);
        expect(url).toBeDefined();
        const linked = await ctx.app.inject({ method: 'GET', url: url! });
        expect(linked.statusCode).toBe(200);
        expect(linked.body).toBe(download.body);
        expect(linked.headers['content-disposition']).toContain("filename*=UTF-8''Hall-2026-10-01-2026-10-31.csv");
        expect((await ctx.app.inject({ method: 'GET', url: url!.replace(/token=./, 'token=x') })).statusCode).toBe(404);
      }
    }
    expect(await db().selectFrom('mail_outbox').select('state').where('kind', '=', 'report').execute()).toEqual([
      { state: 'sent' },
      { state: 'sent' },
      { state: 'sent' },
    ]);
  });

  it('answers 404 on the mailed link and the download the moment the file expires, before any clean-up runs', async () => {
    const mailed = smtp.received.find((m) => m.to[0] === 'anna@example.com')!;
    const linkUrl = variant === 'linked' ? linkOf(mailed) : undefined;
    if (linkUrl) expect((await ctx.app.inject({ method: 'GET', url: linkUrl })).statusCode).toBe(200);
    const expiresAt = (await db().selectFrom('report_files').select('expires_at').where('id', '=', file.id).executeTakeFirstOrThrow()).expires_at;
    await db()
      .updateTable('report_files')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', file.id)
      .execute();
    try {
      if (linkUrl) {
        const linked = await ctx.app.inject({ method: 'GET', url: linkUrl });
        expect(linked.statusCode).toBe(404);
        expect(linked.json()).toMatchObject({ statusCode: 404, message: 'error.not-found' });
      }
      expect((await ctx.app.inject({ method: 'GET', url: `/api/reports/files/${file.id}/download`, headers: bearer(token) })).statusCode).toBe(404);
    } finally {
      await db().updateTable('report_files').set({ expires_at: expiresAt }).where('id', '=', file.id).execute();
    }
  });

  it('takes one recipient off this report only, by one-click POST or the page', async () => {
    const bobs = smtp.received.find((m) => m.to[0] === 'bob@example.com')!;
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${unsubscribeTokenOf(bobs)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    const ext = smtp.received.find((m) => m.to[0]!.toLowerCase() === 'ext@example.org')!;
    const page = await ctx.app.inject({ method: 'GET', url: `/unsubscribe?token=${unsubscribeTokenOf(ext)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop receiving the report Hall by e-mail?');
    expect((await ctx.app.inject({ method: 'POST', url: `/unsubscribe?token=${unsubscribeTokenOf(ext)}` })).body).toContain(
      'you will no longer receive the report Hall',
    );
    const after = (
      await ctx.app.inject({ method: 'GET', url: `/api/reportsconfigurations/${configuration.id}`, headers: bearer(token) })
    ).json<ReportConfiguration>();
    expect(after.users.map((u) => u.id)).toEqual([anna.id]);
    expect(after.emails).toEqual([]);
    // Bob's other mail is untouched: only this report's.
    const settings = await db().selectFrom('users').select('notification_settings').where('id', '=', bob.id).executeTakeFirstOrThrow();
    expect(settings.notification_settings).toEqual({});
    const forged = unsubscribeTokenOf(bobs)!.replace(/^r\d+/, `r${configuration.id + 1}`);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${forged}` })).statusCode).toBe(400);
  });
});
