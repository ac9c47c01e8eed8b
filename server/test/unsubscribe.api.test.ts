import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { createCompany, createUser } from './fixtures.ts';

/**
 * The unsubscribe links of every mail to a user (server/src/mail/unsubscribe-routes.ts): RFC 8058 one-click
 * `POST /api/unsubscribe?token=` and the page `GET /unsubscribe?token=` with its form, no sign-in. Both set the
 * user's `email` preference to false and keep the others.
 */
describe('unsubscribe links', () => {
  let ctx: TestContext;
  let companyId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://gw.example' });
    companyId = (await createCompany(ctx.database.db)).id;
  });
  afterAll(() => ctx?.close());

  const settingsOf = async (userId: number) =>
    (await ctx.database.db.selectFrom('users').select('notification_settings').where('id', '=', userId).executeTakeFirstOrThrow()).notification_settings;
  const tokenOf = (userId: number) => new URL(ctx.services.unsubscribeLinks.forUser(userId).url).searchParams.get('token')!;

  it('turns e-mail off with the one-click POST a mail client sends, keeping the other settings', async () => {
    const user = await createUser(ctx.database.db, companyId);
    await ctx.database.db
      .updateTable('users')
      .set({ notification_settings: JSON.stringify({ levelInfo: false }) })
      .where('id', '=', user.id)
      .execute();
    const { headers } = ctx.services.unsubscribeLinks.forUser(user.id);
    const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
    expect(url.pathname).toBe('/api/unsubscribe');

    const response = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    expect(await settingsOf(user.id)).toEqual({ levelInfo: false, email: false });

    // As multipart/form-data (RFC 8058's own example), and again: the same answer, nothing else changes.
    const boundary = 'xyzzy';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${tokenOf(user.id)}` })).statusCode).toBe(200);
    expect(await settingsOf(user.id)).toEqual({ levelInfo: false, email: false });
  });

  it('refuses a token that is not ours, names no user, or names a deleted one, changing nothing', async () => {
    const user = await createUser(ctx.database.db, companyId);
    const gone = await createUser(ctx.database.db, companyId);
    const goneToken = tokenOf(gone.id);
    await ctx.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const forged = tokenOf(user.id).replace(/^\d+\./, `${user.id + 1}.`);
    for (const query of ['', '?token=', `?token=${forged}`, `?token=${user.id}`, `?token=${goneToken}`]) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ errors: { token: ['form.field.error.incorrect'] }, rootErrors: [] });
    }
    expect(await settingsOf(user.id)).toEqual({});
  });

  it("asks on the link's page, in the user's language, and turns e-mail off only when confirmed", async () => {
    const user = await createUser(ctx.database.db, companyId, { language: 'en' });
    const token = tokenOf(user.id);
    const page = await ctx.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Stop receiving alert and announcement e-mails from Gearwatch?');
    expect(page.body).toContain(`<form method="post" action="/unsubscribe?token=${token}">`);
    // Opening the link (a mail scanner does) changes nothing.
    expect(await settingsOf(user.id)).toEqual({});

    const done = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Gearwatch will no longer send you alert and announcement e-mails.');
    expect(await settingsOf(user.id)).toEqual({ email: false });
  });

  it("answers a bad link with a page in the browser's language", async () => {
    for (const method of ['GET', 'POST'] as const) {
      const page = await ctx.app.inject({ method, url: '/unsubscribe?token=1.nope', headers: { 'accept-language': 'lv-LV,lv;q=0.9' } });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<html lang="lv">');
      expect(page.body).toContain('Šī atrakstīšanās saite nav derīga.');
    }
  });

  it('is public and in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/unsubscribe'].post.security).toEqual([]);
    expect(Object.keys(doc.paths['/api/unsubscribe'].post.responses)).toEqual(['200', '400', '413', '415', '500']);
  });
});
