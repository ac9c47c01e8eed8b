import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportConfiguration, ReportFile } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { createDeviceGroup, fakeBuilders, fakeWriters } from './report-fixtures.ts';

/**
 * The user's language is one setting (issue 32): the profile reads and changes it, and the current user, the mails
 * and the report files follow what it holds.
 */
describe('the profile language: GET and PATCH /api/users/current/profile', () => {
  let ctx: TestContext;
  let user: TestUser;
  let token: string;
  let hall: number;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext(
      { PUBLIC_URL: 'https://gearwatch.example', LOGIN_SLOWDOWN_MS: 0 },
      { reportBuilders: fakeBuilders().lookup, reportWriters: fakeWriters },
    );
    const company = await createCompany(db(), 'Acme Works');
    user = await createUser(db(), company.id, { username: 'ewa', firstname: 'Ewa', lastname: 'Lis', language: 'pl' });
    token = (await signIn(ctx.app, 'ewa', user.password)).access_token;
    hall = await createDeviceGroup(db(), company.id);
  });
  afterAll(() => ctx?.close());

  const get = () => ctx.app.inject({ method: 'GET', url: '/api/users/current/profile', headers: bearer(token) });
  const patch = (payload: object) => ctx.app.inject({ method: 'PATCH', url: '/api/users/current/profile', headers: bearer(token), payload });
  const stored = async () => (await db().selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirstOrThrow()).language;

  it('answers the stored language and changes it alone, keeping every other field', async () => {
    const before = (await get()).json();
    expect(before.language).toBe('pl');
    const response = await patch({ language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, language: 'en' });
    expect(await stored()).toBe('en');
    expect((await get()).json().language).toBe('en');
    const current = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(token) });
    expect(current.json().language).toBe('en');
  });

  it('refuses a language the product does not have, with the field named, and writes nothing', async () => {
    await patch({ language: 'lv' });
    for (const language of ['de', '', 7, null]) {
      const response = await patch({ language, user: { firstname: 'Changed', lastname: 'Lis' } });
      expect(response.statusCode, String(language)).toBe(400);
      expect(response.json(), String(language)).toEqual({ errors: { language: ['form.field.error.incorrect'] }, rootErrors: [] });
    }
    expect(await stored()).toBe('lv');
    expect((await get()).json().user.firstname).toBe('Ewa');
  });

  it('writes the mails in the language just chosen', async () => {
    await patch({ language: 'en' });
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/current/password',
      headers: bearer(token),
      payload: { currentPassword: user.password, newPassword: 'an english secret' },
    });
    expect(change.statusCode).toBe(200);
    const mail = await db().selectFrom('mail_outbox').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Your Gearwatch password was changed');
    expect(mail.text_body).toMatch(/^Hello Ewa Lis,\n/);
    token = (await signIn(ctx.app, 'ewa', 'an english secret')).access_token;
  });

  it('writes the report files the user asks for in the language just chosen', async () => {
    const fileLanguage = async (language: string, name: string) => {
      expect((await patch({ language })).statusCode).toBe(200);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/reportsconfigurations?context=efficiency-report',
        headers: bearer(token),
        payload: { name, reportInterval: 'day', groups: [hall], users: [user.id], format: 'csv', from: '2026-10-01', to: '2026-10-02' },
      });
      expect(created.statusCode).toBe(201);
      const configuration = created.json<ReportConfiguration>();
      await ctx.services.reportGenerator.drainUntilIdle();
      const filter = encodeURIComponent(JSON.stringify({ configuration: configuration.id }));
      const list = await ctx.app.inject({ method: 'GET', url: `/api/reports/files?filter=${filter}`, headers: bearer(token) });
      const file = list.json<{ entries: ReportFile[] }>().entries[0]!;
      const download = await ctx.app.inject({ method: 'GET', url: `/api/reports/files/${file.id}/download`, headers: bearer(token) });
      // The fake writer's first line ends with the language it was asked to write in.
      return download.body.split('\n')[0]!.split(' ').at(-1);
    };
    expect(await fileLanguage('ru', 'Efficiency ru')).toBe('ru');
    expect(await fileLanguage('en', 'Efficiency en')).toBe('en');
  });
});
