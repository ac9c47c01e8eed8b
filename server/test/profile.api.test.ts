import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_WEB_CLIENT, PROFILE_LIMITS } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, form, signIn } from './fixtures.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e8b4b20000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 1), Buffer.from('ffd9', 'hex')]);
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002', 'hex');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

const NOT_BLANK = ['form.field.error.not-blank'];
const INCORRECT = ['form.field.error.incorrect'];
const UNSUPPORTED = ['form.field.error.unsupported-file-type'];
const TOO_LARGE = ['form.field.error.file-too-large'];

describe('the profile: GET and PATCH /api/users/current/profile', () => {
  let ctx: TestContext;
  let company: TestCompany;
  let user: TestUser;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    company = await createCompany(ctx.database.db, 'Acme Works');
    user = await createUser(ctx.database.db, company.id, { username: 'mira', firstname: 'Mira', lastname: 'Kowalska', email: 'mira@acme.example' });
    token = (await signIn(ctx.app, 'mira', user.password)).access_token;
  });
  afterAll(() => ctx?.close());

  const get = (accessToken = token) => ctx.app.inject({ method: 'GET', url: '/api/users/current/profile', headers: bearer(accessToken) });
  const patch = (payload: unknown, accessToken = token) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/users/current/profile', headers: bearer(accessToken), payload: payload as object });
  const row = (id = user.id) =>
    ctx.database.db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'avatar', 'notification_settings', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const current = async (accessToken = token) => (await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(accessToken) })).json();

  it('reads the user and the notification preferences, every one true by default', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { firstname: 'Mira', lastname: 'Kowalska', email: 'mira@acme.example', avatar: null },
      settings: DEFAULT_NOTIFICATION_SETTINGS,
      language: 'pl',
    });
  });

  it('saves names, preferences and a png avatar; the current user shows them at once', async () => {
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, email: false, levelInfo: false };
    const response = await patch({ user: { firstname: ' Mirosława ', lastname: 'Nowak' }, settings, avatar: dataUrl('image/png', PNG) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { firstname: 'Mirosława', lastname: 'Nowak', email: 'mira@acme.example', avatar: dataUrl('image/png', PNG) },
      settings,
      language: 'pl',
    });
    expect((await get()).json()).toEqual(response.json());
    const me = await current();
    expect(me).toMatchObject({ firstname: 'Mirosława', lastname: 'Nowak', name: 'Mirosława Nowak', avatar: dataUrl('image/png', PNG) });
  });

  it('keeps what is absent, merges partial preferences and removes the avatar with null', async () => {
    await patch({ avatar: dataUrl('image/png', PNG), settings: DEFAULT_NOTIFICATION_SETTINGS });
    expect((await patch({ settings: { app: false } })).json().settings).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, app: false });
    const kept = await row();
    expect(kept.avatar).toBe(dataUrl('image/png', PNG));
    expect(kept.notification_settings).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, app: false });
    const removed = await patch({ avatar: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatar).toBeNull();
    expect((await current()).avatar).toBeNull();
  });

  it('accepts a jpeg, and stores an image with the type its bytes have', async () => {
    expect((await patch({ avatar: dataUrl('image/jpeg', JPEG) })).json().user.avatar).toBe(dataUrl('image/jpeg', JPEG));
    // Declared png, but the bytes are a jpeg: stored as what it is.
    expect((await patch({ avatar: dataUrl('image/png', JPEG) })).json().user.avatar).toBe(dataUrl('image/jpeg', JPEG));
  });

  it('answers every wrong field with its message key, and writes nothing', async () => {
    await patch({ user: { firstname: 'Mira', lastname: 'Kowalska' }, settings: DEFAULT_NOTIFICATION_SETTINGS, avatar: dataUrl('image/png', PNG) });
    const before = await row();
    const tooLong = 'x'.repeat(PROFILE_LIMITS.nameMaxChars + 1);
    const bigPng = Buffer.concat([PNG, Buffer.alloc(PROFILE_LIMITS.avatarMaxBytes)]);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ user: { firstname: '', lastname: '' } }, { firstname: NOT_BLANK, lastname: NOT_BLANK }],
      [{ user: { firstname: '   ', lastname: 'Nowak' } }, { firstname: NOT_BLANK }],
      [{ user: { firstname: 'Ala', lastname: ' \t ' }, settings: { email: false } }, { lastname: NOT_BLANK }],
      [{ user: { firstname: tooLong, lastname: 'Nowak' } }, { firstname: ['form.field.error.too-long'] }],
      [{ user: { firstname: 'Ala', lastname: tooLong } }, { lastname: ['form.field.error.too-long'] }],
      [{ user: { firstname: 'Ala' } }, { lastname: NOT_BLANK }],
      [{ user: { firstname: 5, lastname: null } }, { firstname: INCORRECT, lastname: NOT_BLANK }],
      // The type is read from the bytes: a gif, declared or disguised as a png, is refused.
      [{ avatar: dataUrl('image/gif', GIF) }, { avatar: UNSUPPORTED }],
      [{ avatar: dataUrl('image/png', GIF) }, { avatar: UNSUPPORTED }],
      [{ avatar: dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')) }, { avatar: UNSUPPORTED }],
      [{ avatar: 'data:image/svg+xml,<svg/>' }, { avatar: UNSUPPORTED }],
      [{ avatar: 'not an image' }, { avatar: INCORRECT }],
      [{ avatar: 'data:image/png;base64,' }, { avatar: INCORRECT }],
      [{ avatar: 'data:image/png;base64,***' }, { avatar: INCORRECT }],
      [{ avatar: 17 }, { avatar: INCORRECT }],
      [{ avatar: dataUrl('image/png', bigPng) }, { avatar: TOO_LARGE }],
      [{ settings: { email: 'no' } }, { 'settings.email': INCORRECT }],
      // Every mistake in one answer, the good parts not written either.
      [
        { user: { firstname: '', lastname: 'Changed' }, settings: { email: false }, avatar: dataUrl('image/gif', GIF) },
        { firstname: NOT_BLANK, avatar: UNSUPPORTED },
      ],
      // Also when the schema refuses a part: the other parts are still checked.
      [
        { user: { firstname: tooLong, lastname: ' ' }, avatar: dataUrl('image/gif', GIF) },
        { firstname: ['form.field.error.too-long'], lastname: NOT_BLANK, avatar: UNSUPPORTED },
      ],
      [
        { user: { firstname: 'Ala', lastname: 'Nowak' }, settings: { app: 1 }, avatar: 'data:image/png;base64,***' },
        { 'settings.app': INCORRECT, avatar: INCORRECT },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(response.json(), JSON.stringify(payload).slice(0, 100)).toEqual({ errors, rootErrors: [] });
    }
    expect(await row()).toEqual(before);
  });

  it('takes the largest allowed image, and answers a body that is no object with a root error', async () => {
    const largest = Buffer.concat([PNG, Buffer.alloc(PROFILE_LIMITS.avatarMaxBytes - PNG.length)]);
    expect((await patch({ avatar: dataUrl('image/png', largest) })).statusCode).toBe(200);
    for (const payload of [[1, 2], 'text']) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/users/current/profile',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().rootErrors).toEqual(INCORRECT);
    }
  });

  it("is one's own profile only: another user, of this company or another, is never read or changed", async () => {
    const colleague = await createUser(ctx.database.db, company.id, { firstname: 'Ola', lastname: 'Kolega' });
    const stranger = await createUser(ctx.database.db, (await createCompany(ctx.database.db)).id, { firstname: 'Obcy', lastname: 'Ktoś' });
    const colleagueToken = (await signIn(ctx.app, colleague.username, colleague.password)).access_token;
    const strangerToken = (await signIn(ctx.app, stranger.username, stranger.password)).access_token;
    const mine = await row();
    expect((await get(colleagueToken)).json().user.firstname).toBe('Ola');
    expect((await patch({ user: { firstname: 'Ola2', lastname: 'K' }, avatar: null }, colleagueToken)).statusCode).toBe(200);
    expect((await patch({ user: { firstname: 'Obcy2', lastname: 'K' }, settings: { email: false } }, strangerToken)).statusCode).toBe(200);
    expect(await row()).toEqual(mine);
    expect((await row(colleague.id)).firstname).toBe('Ola2');
    expect((await row(stranger.id)).firstname).toBe('Obcy2');
    // There is no id to name: a query or a body id changes nothing of whose profile it is.
    const sneaky = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/current/profile?id=${user.id}`,
      headers: bearer(strangerToken),
      payload: { id: user.id, user: { firstname: 'Hacked', lastname: 'X' } },
    });
    expect(sneaky.statusCode).toBe(200);
    expect((await row()).firstname).toBe(mine.firstname);
  });

  it("in an impersonated session is the impersonated user's profile", async () => {
    const root = await createUser(ctx.database.db, (await createCompany(ctx.database.db)).id, { superAdmin: true, impersonate: true });
    const rootToken = (await signIn(ctx.app, root.username, root.password)).access_token;
    const session = await ctx.app.inject({
      method: 'GET',
      url: `/api/impersonate/${user.id}?client_id=${DEFAULT_WEB_CLIENT.clientId}`,
      headers: bearer(rootToken),
    });
    expect(session.statusCode).toBe(200);
    const asMira = session.json().access_token as string;
    expect((await get(asMira)).json().user.email).toBe('mira@acme.example');
    expect((await patch({ settings: { globalNotifications: false } }, asMira)).json().settings.globalNotifications).toBe(false);
    expect((await row()).notification_settings).toMatchObject({ globalNotifications: false });
    expect((await row(root.id)).notification_settings).toEqual({});
  });

  it('requires a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current/profile' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/users/current/profile', payload: { avatar: null } })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/current/password', () => {
  let ctx: TestContext;
  let company: TestCompany;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://gearwatch.example', LOGIN_SLOWDOWN_MS: 0 });
    company = await createCompany(ctx.database.db, 'Acme Works');
  });
  afterAll(() => ctx?.close());

  const change = (payload: unknown, accessToken: string) =>
    ctx.app.inject({ method: 'PUT', url: '/api/users/current/password', headers: bearer(accessToken), payload: payload as object });
  const refresh = (refreshToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      ...form({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: DEFAULT_WEB_CLIENT.clientId,
        client_secret: DEFAULT_WEB_CLIENT.clientSecret,
      }),
    });
  const mails = (userId: number) => ctx.database.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const hashOf = async (userId: number) =>
    (await ctx.database.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;

  it("changes the password, keeps the caller's session, ends the others and mails a notice in the user's language", async () => {
    const user = await createUser(ctx.database.db, company.id, {
      username: 'jan',
      firstname: 'Jan',
      lastname: 'Nowak',
      email: 'jan@acme.example',
      language: 'pl',
    });
    const mine = await signIn(ctx.app, 'jan', user.password);
    const phone = await signIn(ctx.app, 'jan', user.password);
    const laptop = await signIn(ctx.app, 'jan', user.password);
    // The caller's session was refreshed once: its family is still the one kept.
    const rotated = (await refresh(mine.refresh_token)).json();
    const response = await change(
      { currentPassword: user.password, newPassword: 'a new long secret', refreshToken: rotated.refresh_token },
      rotated.access_token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ endedSessions: 2 });

    expect((await refresh(phone.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(laptop.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200);

    await expect(signIn(ctx.app, 'jan', user.password)).rejects.toThrow(/sign-in failed/);
    expect((await signIn(ctx.app, 'jan', 'a new long secret')).access_token).toBeTruthy();

    const [mail, ...more] = await mails(user.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'password-changed', to_address: 'jan@acme.example', to_name: 'Jan Nowak', company_id: company.id, state: 'pending' });
    expect(mail!.subject).toBe('Hasło w Gearwatch zostało zmienione');
    expect(mail!.text_body).toContain('konta jan');
    expect(mail!.text_body).toContain('https://gearwatch.example/reset');
  });

  it("without the caller's refresh token ends every session", async () => {
    const user = await createUser(ctx.database.db, company.id, { language: 'en' });
    const one = await signIn(ctx.app, user.username, user.password);
    const two = await signIn(ctx.app, user.username, user.password);
    const response = await change({ currentPassword: user.password, newPassword: 'another secret' }, one.access_token);
    expect(response.json()).toEqual({ endedSessions: 2 });
    expect((await refresh(one.refresh_token)).statusCode).toBe(400);
    expect((await refresh(two.refresh_token)).statusCode).toBe(400);
    expect((await mails(user.id))[0]!.subject).toBe('Your Gearwatch password was changed');
  });

  it('does not keep a session of another user named by its refresh token', async () => {
    const user = await createUser(ctx.database.db, company.id);
    const other = await createUser(ctx.database.db, company.id);
    const mine = await signIn(ctx.app, user.username, user.password);
    const theirs = await signIn(ctx.app, other.username, other.password);
    const response = await change({ currentPassword: user.password, newPassword: 'fresh password', refreshToken: theirs.refresh_token }, mine.access_token);
    expect(response.json()).toEqual({ endedSessions: 1 });
    expect((await refresh(mine.refresh_token)).statusCode).toBe(400);
    expect((await refresh(theirs.refresh_token)).statusCode).toBe(200);
  });

  it('answers a wrong current password and the password rules per field, changing nothing', async () => {
    const user = await createUser(ctx.database.db, company.id);
    const session = await signIn(ctx.app, user.username, user.password);
    const hash = await hashOf(user.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ currentPassword: 'wrong password', newPassword: 'a fine new one' }, { currentPassword: ['profile.password.wrong-current'] }],
      [
        { currentPassword: '', newPassword: '' },
        { currentPassword: NOT_BLANK, newPassword: NOT_BLANK },
      ],
      [{ currentPassword: user.password, newPassword: 'short' }, { newPassword: ['form.field.error.too-short'] }],
      [{ currentPassword: user.password, newPassword: ' '.repeat(10) }, { newPassword: NOT_BLANK }],
      [{ currentPassword: user.password, newPassword: 'x'.repeat(PROFILE_LIMITS.passwordMaxChars + 1) }, { newPassword: ['form.field.error.too-long'] }],
      [{ currentPassword: user.password, newPassword: user.password }, { newPassword: ['profile.password.same-as-current'] }],
      [{ currentPassword: user.password }, { newPassword: NOT_BLANK }],
    ];
    for (const [payload, errors] of cases) {
      const response = await change(payload, session.access_token);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ errors, rootErrors: [] });
    }
    expect(await hashOf(user.id)).toBe(hash);
    expect(await mails(user.id)).toEqual([]);
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
  });

  it('throttles wrong current passwords on counters of its own: the form is refused, signing in from that address is not', async () => {
    const user = await createUser(ctx.database.db, company.id, { email: 'mistyped@acme.example' });
    const session = await signIn(ctx.app, user.username, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < ctx.config.LOGIN_LOCK_AFTER + 1; i++) {
      statuses.push((await change({ currentPassword: `guess ${i}`, newPassword: 'whatever long' }, session.access_token)).statusCode);
    }
    expect(statuses.slice(0, ctx.config.LOGIN_LOCK_AFTER)).toEqual(Array.from({ length: ctx.config.LOGIN_LOCK_AFTER }, () => 400));
    expect(statuses.at(-1)).toBe(429);
    // Locked, even the right password is refused for now.
    const locked = await change({ currentPassword: user.password, newPassword: 'whatever long' }, session.access_token);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toMatchObject({ statusCode: 429, message: 'error.too-many-requests' });
    // Signing in, by username and by e-mail, from the same address is untouched by the form's guesses.
    expect((await signIn(ctx.app, user.username, user.password)).access_token).toBeTruthy();
    expect((await signIn(ctx.app, 'mistyped@acme.example', user.password)).access_token).toBeTruthy();
  });

  it('is refused in an impersonated session', async () => {
    const user = await createUser(ctx.database.db, company.id);
    const root = await createUser(ctx.database.db, (await createCompany(ctx.database.db)).id, { superAdmin: true, impersonate: true });
    const rootToken = (await signIn(ctx.app, root.username, root.password)).access_token;
    const session = await ctx.app.inject({
      method: 'GET',
      url: `/api/impersonate/${user.id}?client_id=${DEFAULT_WEB_CLIENT.clientId}`,
      headers: bearer(rootToken),
    });
    const response = await change({ currentPassword: user.password, newPassword: 'taken over now' }, session.json().access_token);
    expect(response.statusCode).toBe(403);
    expect(await mails(user.id)).toEqual([]);
  });
});
