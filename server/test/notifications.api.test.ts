import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_HEADERS } from '@gearwatch/contracts';
import type { Announcement, AlertDeliveries, Notification } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';

/** The notification centre API, an alert's deliveries and announcements (docs/api.md "Notifications"). */
describe('notifications API', () => {
  let ctx: TestContext;
  let companyId: number;
  let device: number;
  let anna: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let root: TestUser;
  const tokens = new Map<number, string>();

  const db = () => ctx.database.db;
  const drain = async () => {
    while ((await ctx.services.alertChanges.drain()) > 0);
  };
  const call = (user: TestUser, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(tokens.get(user.id) ?? ''), ...(payload ? { payload } : {}) });
  const eventsOf = (userId: number, type: string) =>
    db().selectFrom('user_events').select('payload').where('user_id', '=', userId).where('type', '=', type).orderBy('id').execute();

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    companyId = company.id;
    device = (await createDevice(db(), companyId, 'Forklift 3')).id;
    anna = await createUser(db(), companyId, { firstname: 'Anna', lastname: 'Nowak' });
    bob = await createUser(db(), companyId, { firstname: 'Bob', lastname: 'Brown' });
    stranger = await createUser(db(), (await createCompany(db())).id);
    root = await createUser(db(), (await createCompany(db())).id, { superAdmin: true });
    for (const user of [anna, bob, stranger, root]) tokens.set(user.id, (await signIn(ctx.app, user.username, user.password)).access_token);
  });
  afterAll(() => ctx?.close());

  it('lists the caller’s notifications newest first with the unread count, marks one and all read, and writes the events', async () => {
    const rule = await createRule(db(), companyId, { name: 'Overload', importance: 'error', devices: [device], users: [anna.id, bob.id] });
    const alerts = [];
    for (let i = 0; i < 3; i++) alerts.push(await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, importance: 'error', endedAt: new Date() }));
    await drain();

    const list = await call(anna, 'GET', '/api/notifications');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-unread']).toBe('3');
    expect(list.headers[LIST_HEADERS.totalEntries]).toBe('3');
    const entries = list.json<{ entries: Notification[] }>().entries;
    expect(entries.map((n) => n.alert?.id)).toEqual([...alerts].reverse());
    expect(entries[0]).toMatchObject({
      kind: 'alert',
      importance: 'error',
      readAt: null,
      announcement: null,
      alert: { device: { id: device, name: 'Forklift 3' }, rule: { id: rule, name: 'Overload', type: 'value' }, occurrence: 1, bundled: 0 },
    });
    expect((await call(anna, 'GET', '/api/notifications/unread')).json()).toEqual({ count: 3 });

    const first = entries[2]!.id;
    const marked = await call(anna, 'PATCH', `/api/notifications/${first}/read`);
    expect(marked.json()).toEqual({ marked: 1, unread: 2 });
    // Again: nothing more to mark, still the caller's, so 200.
    expect((await call(anna, 'PATCH', `/api/notifications/${first}/read`)).json()).toEqual({ marked: 0, unread: 2 });
    const unreadOnly = await call(anna, 'GET', `/api/notifications?filter=${encodeURIComponent('{"unread":true}')}`);
    expect(unreadOnly.json<{ entries: Notification[] }>().entries.map((n) => n.id)).not.toContain(first);
    expect((await call(anna, 'GET', '/api/notifications')).json<{ entries: Notification[] }>().entries[2]!.readAt).not.toBeNull();

    expect((await call(anna, 'PATCH', '/api/notifications/read')).json()).toEqual({ marked: 2, unread: 0 });
    expect((await call(anna, 'GET', '/api/notifications/unread')).json()).toEqual({ count: 0 });
    expect((await call(anna, 'GET', '/api/notifications')).headers['x-unread']).toBe('0');
    expect(await eventsOf(anna.id, 'notifications-read')).toEqual([
      { payload: { ids: [first], unread: 2 } },
      { payload: { ids: expect.any(Array), unread: 0 } },
    ]);
    expect((await eventsOf(anna.id, 'notification')).length).toBe(3);
    // Bob's are his own: untouched.
    expect((await call(bob, 'GET', '/api/notifications/unread')).json()).toEqual({ count: 3 });
  });

  it('never reaches another user’s notifications', async () => {
    const bobs = (await call(bob, 'GET', '/api/notifications')).json<{ entries: Notification[] }>().entries;
    expect((await call(anna, 'PATCH', `/api/notifications/${bobs[0]!.id}/read`)).statusCode).toBe(404);
    expect((await call(stranger, 'PATCH', `/api/notifications/${bobs[0]!.id}/read`)).statusCode).toBe(404);
    expect((await call(root, 'PATCH', `/api/notifications/${bobs[0]!.id}/read`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/notifications')).statusCode).toBe(204);
    expect((await call(stranger, 'GET', '/api/notifications')).headers['x-unread']).toBe('0');
    expect((await call(bob, 'GET', '/api/notifications/unread')).json()).toEqual({ count: 3 });
    expect((await call(anna, 'PATCH', '/api/notifications/0x1/read')).statusCode).toBe(404);
    expect((await call(anna, 'GET', '/api/notifications?filter={"read":true}')).statusCode).toBe(400);
  });

  it('shows an alert’s deliveries to those who see it: read in the app, mail pending, sent or failed with its reason', async () => {
    const carol = await createUser(db(), companyId, { firstname: 'Carol', lastname: 'Clark' });
    await db()
      .updateTable('users')
      .set({ notification_settings: JSON.stringify({ app: false }) })
      .where('id', '=', carol.id)
      .execute();
    tokens.set(carol.id, (await signIn(ctx.app, carol.username, carol.password)).access_token);
    const rule = await createRule(db(), companyId, { devices: [device], users: [anna.id, bob.id, carol.id] });
    const alert = await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, endedAt: new Date() });
    await drain();
    const annas = (await call(anna, 'GET', '/api/notifications')).json<{ entries: Notification[] }>().entries.find((n) => n.alert?.id === alert)!;
    await call(anna, 'PATCH', `/api/notifications/${annas.id}/read`);
    const mailOf = async (userId: number) =>
      (
        await db()
          .selectFrom('mail_outbox')
          .select('id')
          .where('user_id', '=', userId)
          .where('ref', '@>', JSON.stringify({ alertId: alert }))
          .executeTakeFirstOrThrow()
      ).id;
    await db()
      .updateTable('mail_outbox')
      .set({ state: 'sent', sent_at: new Date('2026-01-05T10:00:00Z'), attempts: 1 })
      .where('id', '=', await mailOf(anna.id))
      .execute();
    await db()
      .updateTable('mail_outbox')
      .set({ state: 'failed', attempts: 8, last_error: '550 mailbox unavailable' })
      .where('id', '=', await mailOf(bob.id))
      .execute();

    const response = await call(anna, 'GET', `/api/alerts/${alert}/deliveries`);
    expect(response.statusCode).toBe(200);
    const byName = Object.fromEntries(response.json<AlertDeliveries>().entries.map((d) => [d.user.name, d]));
    expect(Object.keys(byName).sort()).toEqual(['Anna Nowak', 'Bob Brown', 'Carol Clark']);
    expect(byName['Anna Nowak']).toMatchObject({
      occurrence: 1,
      app: { readAt: expect.any(String) },
      mail: { state: 'sent', digest: false, sentAt: '2026-01-05T10:00:00.000Z', lastError: null },
    });
    expect(byName['Bob Brown']).toMatchObject({ app: { readAt: null }, mail: { state: 'failed', attempts: 8, lastError: '550 mailbox unavailable' } });
    expect(byName['Carol Clark']).toMatchObject({ app: null, mail: { state: 'pending', sentAt: null } });
    // A super-admin sees every alert; another company's user and a user not assigned to the rule do not.
    expect((await call(root, 'GET', `/api/alerts/${alert}/deliveries`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/alerts/${alert}/deliveries`)).statusCode).toBe(404);
    const dave = await createUser(db(), companyId);
    tokens.set(dave.id, (await signIn(ctx.app, dave.username, dave.password)).access_token);
    expect((await call(dave, 'GET', `/api/alerts/${alert}/deliveries`)).statusCode).toBe(404);
  });

  it('lets a super-admin announce to every user who has global notifications on, in the app and by mail as they chose', async () => {
    const muted = await createUser(db(), companyId);
    await db()
      .updateTable('users')
      .set({ notification_settings: JSON.stringify({ globalNotifications: false }) })
      .where('id', '=', muted.id)
      .execute();
    const appOnly = await createUser(db(), (await createCompany(db())).id, { language: 'lv' });
    await db()
      .updateTable('users')
      .set({ notification_settings: JSON.stringify({ email: false }) })
      .where('id', '=', appOnly.id)
      .execute();
    const gone = await createUser(db(), companyId, { active: false });

    expect((await call(anna, 'POST', '/api/announcements', { title: 'Maintenance', body: 'Down at 22:00' })).statusCode).toBe(403);
    expect((await call(anna, 'GET', '/api/announcements')).statusCode).toBe(403);
    const blank = await call(root, 'POST', '/api/announcements', { title: ' ', body: 'x' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['title']);

    const created = await call(root, 'POST', '/api/announcements', { title: 'Planned maintenance', body: 'Gearwatch is down on Sunday 22:00–23:00.' });
    expect(created.statusCode).toBe(201);
    const { id, appRecipients, mailRecipients } = created.json<{ id: number; appRecipients: number; mailRecipients: number }>();
    const users = await db().selectFrom('users').select('id').where('is_active', '=', true).execute();
    // Everyone active but the muted one; in the app not Carol (app off), by mail not the app-only one.
    expect(appRecipients).toBe(users.length - 2);
    expect(mailRecipients).toBe(users.length - 2);

    const recipientsOf = async (kind: 'notifications' | 'mail') =>
      kind === 'notifications'
        ? (await db().selectFrom('notifications').select('user_id').where('announcement_id', '=', id).execute()).map((r) => r.user_id)
        : (
            await db()
              .selectFrom('mail_outbox')
              .select('user_id')
              .where('kind', '=', 'announcement')
              .where('ref', '@>', JSON.stringify({ announcementId: id }))
              .execute()
          ).map((r) => r.user_id);
    expect(await recipientsOf('notifications')).toEqual(expect.arrayContaining([anna.id, stranger.id, root.id, appOnly.id]));
    expect(await recipientsOf('notifications')).not.toContain(muted.id);
    expect(await recipientsOf('notifications')).not.toContain(gone.id);
    expect(await recipientsOf('mail')).not.toContain(appOnly.id);
    expect(await recipientsOf('mail')).toContain(stranger.id);
    const [mail] = await db().selectFrom('mail_outbox').selectAll().where('user_id', '=', stranger.id).where('kind', '=', 'announcement').execute();
    expect(mail).toMatchObject({ subject: '[Gearwatch] Planned maintenance', dedupe_key: `announcement:${id}:user:${stranger.id}` });
    expect(mail?.text_body).toContain('Gearwatch is down on Sunday 22:00–23:00.');
    expect(mail?.headers).toEqual(ctx.services.unsubscribeLinks.forUser(stranger.id).headers);

    const strangers = (await call(stranger, 'GET', '/api/notifications')).json<{ entries: Notification[] }>().entries;
    expect(strangers[0]).toMatchObject({ kind: 'announcement', importance: null, alert: null, announcement: { id, title: 'Planned maintenance' } });
    expect((await eventsOf(stranger.id, 'notification')).at(-1)).toEqual({ payload: { notificationId: strangers[0]!.id, announcementId: id } });

    const listed = (await call(root, 'GET', '/api/announcements')).json<{ entries: Announcement[] }>().entries;
    expect(listed[0]).toMatchObject({ id, title: 'Planned maintenance', appRecipients, mailRecipients, createdBy: { id: root.id } });
  });
});
