import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AlertImportance, NotificationSettings } from '@gearwatch/contracts';
import { AlertChangeFeed } from '../src/push/changes/alert-change-feed.ts';
import { AlertNotifier, CATCH_UP_AFTER_MS, DIGEST_LIMIT } from '../src/notifications/alert-notifier.ts';
import { createRepositories } from '../src/repositories.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice, createUser } from './fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { alertWorld, createRule as createEngineRule, settle } from './alert-fixtures.ts';
import { ingest } from './telemetry-fixtures.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Who is told of an alert and how (docs/alerts.md "Delivery"): the rule's users whose preferences accept its
 * importance on a channel, once per opening and per reminder the rule asks for; catch-ups bundled, mails beyond 20 in
 * 10 minutes in a digest, nothing for what happened before the account existed.
 */
describe('alert notifications', () => {
  let ctx: TestContext;
  let companyId: number;
  let device: number;
  let feed: AlertChangeFeed;
  let clock = new Date();

  const db = () => ctx.database.db;
  const drain = async () => {
    while ((await feed.drain()) > 0);
  };
  /** A user of the company with an account since 2020, with these preferences. */
  const user = async (settings: Partial<NotificationSettings> = {}, language: 'pl' | 'en' | 'lv' | 'ru' = 'en') => {
    const created = await createUser(db(), companyId, { language });
    await db()
      .updateTable('users')
      .set({ notification_settings: JSON.stringify(settings) })
      .where('id', '=', created.id)
      .execute();
    await sql`update users set created_at = '2020-01-01T00:00:00Z' where id = ${created.id}`.execute(db());
    return created.id;
  };
  const notificationsOf = (userId: number) => db().selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const mailsOf = (userId: number, kind = 'alert') =>
    db().selectFrom('mail_outbox').selectAll().where('user_id', '=', userId).where('kind', '=', kind).orderBy('id').execute();

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://gearwatch.example' });
    const company = await createCompany(db());
    companyId = company.id;
    await db().updateTable('companies').set({ timezone: 'Europe/Riga' }).where('id', '=', companyId).execute();
    device = (await createDevice(db(), companyId, 'Press 7')).id;
    // The app's own feed must not take the rows this test drains.
    await ctx.services.alertChanges.drain();
    feed = new AlertChangeFeed(db(), createRepositories);
    feed.listen(
      new AlertNotifier({
        repositories: createRepositories,
        publicUrl: ctx.config.PUBLIC_URL,
        unsubscribeLinks: ctx.services.unsubscribeLinks,
        now: () => clock,
      }),
    );
  });
  afterAll(() => ctx?.close());
  beforeEach(() => {
    clock = new Date();
  });

  // The table of preferences: each importance against the channels and levels; `app` and `mail` what the user gets.
  const OFF = false;
  const cases: { importance: AlertImportance; settings: Partial<NotificationSettings>; app: boolean; mail: boolean }[] = [];
  for (const importance of ['info', 'warning', 'error'] as const) {
    const level = ({ info: 'levelInfo', warning: 'levelWarning', error: 'levelError' } as const)[importance];
    const other = importance === 'error' ? 'levelInfo' : 'levelError';
    cases.push(
      { importance, settings: {}, app: true, mail: true },
      { importance, settings: { app: OFF }, app: false, mail: true },
      { importance, settings: { email: OFF }, app: true, mail: false },
      { importance, settings: { app: OFF, email: OFF }, app: false, mail: false },
      { importance, settings: { [level]: OFF }, app: false, mail: false },
      { importance, settings: { [other]: OFF }, app: true, mail: true },
      { importance, settings: { [level]: OFF, app: OFF }, app: false, mail: false },
      { importance, settings: { globalNotifications: OFF }, app: true, mail: true },
    );
  }

  it.each(cases)('$importance alert, preferences $settings → app $app, mail $mail', async ({ importance, settings, app, mail }) => {
    const userId = await user(settings);
    const rule = await createRule(db(), companyId, { importance, devices: [device], users: [userId] });
    const alert = await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, importance, endedAt: new Date() });
    await drain();
    const notifications = await notificationsOf(userId);
    expect(notifications.map((n) => [n.kind, Number(n.alert_id), n.importance])).toEqual(app ? [['alert', alert, importance]] : []);
    expect((await mailsOf(userId)).length).toBe(mail ? 1 : 0);
    const deliveries = await db().selectFrom('alert_deliveries').selectAll().where('user_id', '=', userId).execute();
    expect(deliveries.length).toBe(app || mail ? 1 : 0);
  });

  it("tells only the rule's users (not the company's others, not a super-admin), and a requirement alert its requirement users", async () => {
    const assigned = await user();
    const bystander = await user();
    const root = await user();
    await db().updateTable('users').set({ is_super_admin: true }).where('id', '=', root).execute();
    const inactive = await user();
    await db().updateTable('users').set({ is_active: false }).where('id', '=', inactive).execute();
    const rule = await createRule(db(), companyId, { devices: [device], users: [assigned, inactive] });
    await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, endedAt: new Date() });
    const requirementUser = await user();
    const other = (await createDevice(db(), companyId, 'Lathe 2')).id;
    await db().insertInto('device_requirement_users').values({ company_id: companyId, device_id: other, user_id: requirementUser }).execute();
    const requirementAlert = await insertAlert(db(), { companyId, deviceId: other, ruleId: null });
    await drain();
    expect((await notificationsOf(assigned)).length).toBe(1);
    for (const nobody of [bystander, root, inactive]) expect(await notificationsOf(nobody)).toEqual([]);
    expect((await notificationsOf(requirementUser)).map((n) => Number(n.alert_id))).toEqual([requirementAlert]);
    const [mail] = await mailsOf(requirementUser);
    expect(mail?.subject).toBe('[Gearwatch] Warning: Work requirements on Lathe 2');
  });

  it('writes the mail in the user’s language with the device, rule, company time, link and one-click unsubscribe', async () => {
    const userId = await user({}, 'pl');
    await db().updateTable('users').set({ firstname: 'Anna', lastname: 'Nowak' }).where('id', '=', userId).execute();
    const rule = await createRule(db(), companyId, { name: 'Za gorąco', importance: 'error', devices: [device], users: [userId] });
    const startedAt = new Date('2025-07-01T10:05:00Z');
    clock = new Date(startedAt.getTime() + 60_000);
    const alert = await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, importance: 'error', startedAt, endedAt: clock });
    await drain();
    const [mail] = await mailsOf(userId);
    expect(mail).toMatchObject({
      subject: '[Gearwatch] Krytyczny: Za gorąco na Press 7',
      to_address: expect.stringContaining('@example.test'),
      to_name: 'Anna Nowak',
      state: 'pending',
    });
    expect(mail?.dedupe_key).toBe(`alert:${alert}:user:${userId}`);
    expect(mail?.ref).toEqual({ alertId: alert, occurrence: 1 });
    const body = mail?.text_body ?? '';
    expect(body).toContain('Anna Nowak');
    expect(body).toContain('Press 7');
    // 10:05 UTC is 13:05 in Riga in summer, written as Polish writes a date and time.
    expect(body).toContain('1.07.2025, 13:05 (Europe/Riga)');
    expect(body).toContain(`https://gearwatch.example/alerts/list?alert=${alert}`);
    const link = ctx.services.unsubscribeLinks.forUser(userId);
    expect(body).toContain(link.url);
    expect(mail?.headers).toEqual(link.headers);
  });

  it('sends nothing for repeats of an open alert, and one reminder per occurrence a periodic rule asks for', async () => {
    const userId = await user();
    const rule = await createRule(db(), companyId, { devices: [device], users: [userId] });
    const alert = await insertAlert(db(), { companyId, deviceId: device, ruleId: rule });
    await drain();
    for (const counter of [2, 3, 4]) await db().updateTable('alerts').set({ counter, last_at: new Date() }).where('id', '=', alert).execute();
    await drain();
    await db().updateTable('alerts').set({ ended_at: new Date() }).where('id', '=', alert).execute();
    await drain();
    expect((await notificationsOf(userId)).length).toBe(1);
    expect((await mailsOf(userId)).length).toBe(1);
    // Ended, the next breach opens a new alert: told again.
    await insertAlert(db(), { companyId, deviceId: device, ruleId: rule });
    await drain();
    expect((await notificationsOf(userId)).length).toBe(2);

    const periodic = await createRule(db(), companyId, { type: 'periodic', devices: [device], users: [userId] });
    const due = await insertAlert(db(), { companyId, deviceId: device, ruleId: periodic, type: 'periodic' });
    await db().updateTable('alerts').set({ counter: 2, last_at: new Date() }).where('id', '=', due).execute();
    await drain();
    // Opened and repeated in one batch: told once, of the opening.
    expect((await notificationsOf(userId)).filter((n) => Number(n.alert_id) === due).map((n) => [n.kind, n.occurrence])).toEqual([['alert', 1]]);
    await db().updateTable('alerts').set({ counter: 3, last_at: new Date() }).where('id', '=', due).execute();
    await drain();
    expect((await notificationsOf(userId)).filter((n) => Number(n.alert_id) === due).map((n) => [n.kind, n.occurrence])).toEqual([
      ['alert', 1],
      ['reminder', 3],
    ]);
    const reminders = (await mailsOf(userId)).filter((m) => (m.ref as { alertId: number }).alertId === due);
    expect(reminders.map((m) => m.dedupe_key)).toEqual([`alert:${due}:user:${userId}`, `alert:${due}:user:${userId}:3`]);
    expect(reminders[1]?.text_body).toContain('reminder');
    // A confirmed periodic alert reminds no more.
    await db().updateTable('alerts').set({ confirmed_at: new Date(), counter: 4 }).where('id', '=', due).execute();
    await drain();
    expect((await notificationsOf(userId)).filter((n) => Number(n.alert_id) === due).length).toBe(2);
  });

  it('bundles a catch-up: one notification and one mail per rule and device, however many batches it takes', async () => {
    const userId = await user();
    const rule = await createRule(db(), companyId, { devices: [device], users: [userId] });
    const second = (await createDevice(db(), companyId, 'Press 8')).id;
    await db().insertInto('alert_rule_devices').values({ company_id: companyId, rule_id: rule, device_id: second }).execute();
    // Six hours of a module's data arriving at once: five alerts on one device, two on the other.
    const old = (hours: number) => new Date(clock.getTime() - hours * HOUR);
    const first: number[] = [];
    for (const hours of [6, 5, 4, 3, 2])
      first.push(await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, startedAt: old(hours), endedAt: old(hours - 0.5) }));
    const onSecond: number[] = [];
    for (const hours of [5, 3])
      onSecond.push(await insertAlert(db(), { companyId, deviceId: second, ruleId: rule, startedAt: old(hours), endedAt: old(hours - 0.5) }));
    await drain();
    // The newest of each (rule, device) stands for the others.
    expect((await notificationsOf(userId)).map((n) => [Number(n.alert_id), n.bundled])).toEqual([
      [first[4], 4],
      [onSecond[1], 1],
    ]);
    expect((await mailsOf(userId)).length).toBe(2);
    expect((await mailsOf(userId))[0]?.text_body).toContain('4 earlier alerts');
    // More of the same catch-up in a later batch: nothing new within the hour.
    await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, startedAt: old(1.5), endedAt: old(1.2) });
    await drain();
    expect((await notificationsOf(userId)).length).toBe(2);
    // Live again: told at once.
    const live = await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, startedAt: old(0.1) });
    await drain();
    expect((await notificationsOf(userId)).map((n) => Number(n.alert_id))).toContain(live);
    expect(CATCH_UP_AFTER_MS).toBe(HOUR);
  });

  it('tells nobody of what happened before their account existed (an imported history, the demo’s 90 days)', async () => {
    const newcomer = await createUser(db(), companyId);
    const veteran = await user();
    const rule = await createRule(db(), companyId, { devices: [device], users: [newcomer.id, veteran] });
    for (let day = 90; day >= 1; day--) {
      await insertAlert(db(), {
        companyId,
        deviceId: device,
        ruleId: rule,
        startedAt: new Date(Date.now() - day * DAY),
        endedAt: new Date(Date.now() - day * DAY + HOUR),
      });
    }
    await drain();
    expect(await notificationsOf(newcomer.id)).toEqual([]);
    expect(await mailsOf(newcomer.id)).toEqual([]);
    // A user who had an account then gets one catch-up notification for the (rule, device), not ninety.
    expect((await notificationsOf(veteran)).map((n) => n.bundled)).toEqual([89]);
    expect((await mailsOf(veteran)).length).toBe(1);
  });

  it(`sends a digest instead of mails beyond ${DIGEST_LIMIT} in 10 minutes, every alert still in the app`, async () => {
    const userId = await user();
    const devices: number[] = [];
    for (let i = 0; i < 28; i++) devices.push((await createDevice(db(), companyId, `Robot ${i + 1}`)).id);
    const rule = await createRule(db(), companyId, { name: 'Overheat', devices, users: [userId] });
    const burst = async (from: number, to: number) => {
      for (const deviceId of devices.slice(from, to)) await insertAlert(db(), { companyId, deviceId, ruleId: rule, endedAt: new Date() });
      await drain();
    };
    await burst(0, 15);
    await burst(15, 25);
    expect((await mailsOf(userId)).length).toBe(DIGEST_LIMIT);
    let [digest, ...others] = await mailsOf(userId, 'digest');
    expect(others).toEqual([]);
    expect((digest?.ref as { alertIds: number[] }).alertIds.length).toBe(5);
    expect(digest?.run_at.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(digest?.subject).toBe('[Gearwatch] 5 new alerts');
    // More while the digest collects: into the same digest.
    await burst(25, 27);
    [digest, ...others] = await mailsOf(userId, 'digest');
    expect(others).toEqual([]);
    expect((digest?.ref as { alertIds: number[] }).alertIds.length).toBe(7);
    expect(digest?.subject).toBe('[Gearwatch] 7 new alerts');
    expect(digest?.text_body).toContain('Robot 27');
    expect(digest?.headers).toEqual(ctx.services.unsubscribeLinks.forUser(userId).headers);
    expect((await notificationsOf(userId)).length).toBe(27);
    const viaDigest = await db().selectFrom('alert_deliveries').select('mail_id').where('user_id', '=', userId).where('mail_id', '=', digest!.id).execute();
    expect(viaDigest.length).toBe(7);
    // After the window: single mails again.
    clock = new Date(Date.now() + 11 * 60_000);
    await burst(27, 28);
    expect((await mailsOf(userId)).length).toBe(DIGEST_LIMIT + 1);
  });

  it('writes a notification event for the stream in the same transaction', async () => {
    const userId = await user();
    const rule = await createRule(db(), companyId, { devices: [device], users: [userId] });
    const alert = await insertAlert(db(), { companyId, deviceId: device, ruleId: rule, endedAt: new Date() });
    await drain();
    const [notification] = await notificationsOf(userId);
    const events = await db().selectFrom('user_events').select(['type', 'payload']).where('user_id', '=', userId).execute();
    expect(events).toEqual([{ type: 'notification', payload: { notificationId: Number(notification?.id), alertId: alert } }]);
  });

  it('tells the rule’s user once of an alert the engine opens from ingested data, not of its repeats', async () => {
    const world = await alertWorld(ctx);
    await sql`update users set created_at = '2020-01-01T00:00:00Z' where id = ${world.userId}`.execute(db());
    const unit = world.devices[0]!;
    await createEngineRule(db(), {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 12, date_interval: '10m' }],
      deviceIds: [unit.id],
      userIds: [world.userId],
    });
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await ingest(ctx.services, unit, { readings: [{ parameter: 20, ts: minutesAgo(30), value: 13 }] });
    await settle(ctx);
    expect((await notificationsOf(world.userId)).map((n) => n.kind)).toEqual(['alert']);
    // Breaches past the repeat interval: the counter rises, nobody is told again.
    await ingest(ctx.services, unit, {
      readings: [
        { parameter: 20, ts: minutesAgo(15), value: 14 },
        { parameter: 20, ts: minutesAgo(2), value: 15 },
      ],
    });
    await settle(ctx);
    expect((await db().selectFrom('alerts').select('counter').where('device_id', '=', unit.id).executeTakeFirstOrThrow()).counter).toBe(3);
    expect((await notificationsOf(world.userId)).length).toBe(1);
    expect((await mailsOf(world.userId)).length).toBe(1);
  });
});
