import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { appendUserEvents } from '../src/push/streams/event-log.ts';
import { parseLastEventId } from '../src/push/streams/routes.ts';
import { SseTestClient } from './sse-client.ts';

/** `GET /api/events` over real HTTP (fetch with the bearer header, as the web client reads it). */
describe('the event stream', () => {
  let ctx: TestContext;
  let base: string;
  let userId: number;
  let token: string;
  const open: SseTestClient[] = [];

  const connect = async (lastEventId?: number | string, as = token) => {
    const client = await SseTestClient.open(base, as, lastEventId);
    open.push(client);
    return client;
  };
  /** Events for a user, committed in one transaction; answers their ids. */
  const emit = async (user: number, count: number, type: 'alert' | 'notification' = 'notification'): Promise<number[]> => {
    await ctx.database.db.transaction().execute((trx) =>
      appendUserEvents(
        trx,
        Array.from({ length: count }, (_, i) => ({ userId: user, type, payload: { n: i } })),
      ),
    );
    const rows = await ctx.database.db.selectFrom('user_events').select('id').where('user_id', '=', user).orderBy('id', 'desc').limit(count).execute();
    return rows.map((r) => r.id).reverse();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    userId = user.id;
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await ctx?.close();
  });

  it('answers 401 without a valid token', async () => {
    const client = await connect(undefined, 'nope');
    expect(client.status).toBe(401);
  });

  it("sends the user's new events, with ids, and not other users'", async () => {
    const other = await createUser(ctx.database.db, (await createCompany(ctx.database.db)).id);
    const client = await connect();
    expect(client.status).toBe(200);
    await ctx.services.events.settled();
    await emit(other.id, 1);
    const ids = await emit(userId, 2);
    const first = await client.next();
    const second = await client.next();
    expect([first.id, second.id]).toEqual(ids.map(String));
    expect(first).toMatchObject({ type: 'notification', data: { n: 0 } });
    expect(second.data).toEqual({ n: 1 });
    client.close();
  });

  it('resumes after a dropped connection: what was missed arrives once, then what comes', async () => {
    const first = await connect();
    await ctx.services.events.settled();
    const seen = await emit(userId, 3);
    for (const id of seen) expect((await first.next()).id).toBe(String(id));
    first.close();
    // Missed while away: two commits.
    const missed = [...(await emit(userId, 2)), ...(await emit(userId, 1))];
    const resumed = await connect(seen[seen.length - 1]);
    const later = await (async () => {
      const got: string[] = [];
      for (let i = 0; i < missed.length; i++) got.push((await resumed.next()).id!);
      expect(got).toEqual(missed.map(String));
      return emit(userId, 1);
    })();
    expect((await resumed.next()).id).toBe(String(later[0]));
    // Nothing twice: a last event arrives next, after exactly what was sent before it.
    const [last] = await emit(userId, 1);
    expect((await resumed.next()).id).toBe(String(last));
    expect(resumed.events.map((e) => e.id)).toEqual([...missed, ...later, last].map(String));
    resumed.close();
  });

  it('resumes a backlog longer than one read in order, each event once, while new ones arrive', async () => {
    const first = await connect();
    await ctx.services.events.settled();
    const [mark] = await emit(userId, 1);
    await first.next();
    first.close();
    const backlog = await emit(userId, 2500);
    const resumed = await connect(mark);
    const fresh = await emit(userId, 5);
    const expected = [...backlog, ...fresh].map(String);
    const got: string[] = [];
    while (got.length < expected.length) got.push((await resumed.next(10_000)).id!);
    expect(got).toEqual(expected);
    resumed.close();
  }, 60_000);

  it('gives two tabs of one user each event once', async () => {
    const a = await connect();
    const b = await connect();
    await ctx.services.events.settled();
    const ids = (await emit(userId, 2)).map(String);
    expect([(await a.next()).id, (await a.next()).id]).toEqual(ids);
    expect([(await b.next()).id, (await b.next()).id]).toEqual(ids);
    a.close();
    b.close();
  });

  it("ignores a Last-Event-ID that is not an id, and brings one from the future back to the log's head", async () => {
    expect(parseLastEventId('12')).toBe(12);
    expect(parseLastEventId(' 7 ')).toBe(7);
    for (const bad of ['abc', '-1', '1e3', '', '99999999999999999999', undefined]) expect(parseLastEventId(bad)).toBeNull();
    const garbage = await connect('a\u00ffb');
    expect(garbage.status).toBe(200);
    const future = await connect(999_999_999_999);
    await ctx.services.events.settled();
    const [id] = await emit(userId, 1);
    expect((await garbage.next()).id).toBe(String(id));
    expect((await future.next()).id).toBe(String(id));
    garbage.close();
    future.close();
  });

  /** The next event that is not a notification (the notifier writes those for the rule's users in the same transaction). */
  const nextAlertEvent = async (client: SseTestClient) => {
    for (;;) {
      const event = await client.next();
      if (event.type !== 'notification') return event;
    }
  };

  it("tells the alert's users and super-admins of a new alert and their new total, and nobody else", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const device = await createDevice(db, company.id);
    const watcher = await createUser(db, company.id);
    const colleague = await createUser(db, company.id);
    const stranger = await createUser(db, (await createCompany(db)).id);
    const root = await createUser(db, (await createCompany(db)).id, { superAdmin: true });
    const rule = await createRule(db, company.id, { devices: [device.id], users: [watcher.id], importance: 'error' });
    const tokens = await Promise.all([watcher, colleague, stranger, root].map(async (u) => (await signIn(ctx.app, u.username, u.password)).access_token));
    const [watching, colleagues, strangers, roots] = (await Promise.all(tokens.map((t) => connect(undefined, t)))) as [
      SseTestClient,
      SseTestClient,
      SseTestClient,
      SseTestClient,
    ];
    await ctx.services.events.settled();

    const alertId = await insertAlert(db, { companyId: company.id, deviceId: device.id, ruleId: rule, importance: 'error' });
    await ctx.services.jobs.runUntilIdle();
    for (const [client, t] of [
      [watching, tokens[0]],
      [roots, tokens[3]],
    ] as const) {
      const alert = await nextAlertEvent(client);
      expect(alert).toMatchObject({ type: 'alert', data: { alertId, deviceId: device.id, ruleId: rule, kind: 'opened' } });
      const total = await nextAlertEvent(client);
      expect(total.type).toBe('alarm-total');
      // The same total GET /api/alarms/total answers.
      const answered = await ctx.app.inject({ method: 'GET', url: '/api/alarms/total', headers: bearer(t!) });
      expect(total.data).toEqual(answered.json());
    }
    expect(watching.events.at(-1)!.data).toEqual({ count: 1, level: 'error' });
    // The rule's user is also notified; the super-admin, who sees the alert but is not its user, is not.
    expect(watching.events.filter((e) => e.type === 'notification').map((e) => e.data)).toEqual([expect.objectContaining({ alertId })]);
    expect(roots.events.filter((e) => e.type === 'notification')).toEqual([]);

    // Confirming ends it: the count goes back.
    await ctx.app.inject({ method: 'PATCH', url: `/api/alerts/${alertId}/confirm`, headers: bearer(tokens[0]!) });
    await ctx.services.jobs.runUntilIdle();
    expect(await nextAlertEvent(watching)).toMatchObject({ type: 'alert', data: { alertId, kind: 'confirmed' } });
    expect(await nextAlertEvent(watching)).toMatchObject({ type: 'alarm-total', data: { count: 0, level: null } });

    // The colleague and the stranger each get one event of their own now; whatever the alert sent them would be before it.
    for (const [client, user] of [
      [colleagues, colleague],
      [strangers, stranger],
    ] as const) {
      const [own] = await emit(user.id, 1);
      expect((await client.next()).id).toBe(String(own));
      expect(client.events.map((e) => e.id)).toEqual([String(own)]);
    }
    for (const client of [watching, colleagues, strangers, roots]) client.close();
  });

  it("sends a requirement alert to the device's requirement users", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const device = await createDevice(db, company.id);
    const user = await createUser(db, company.id);
    await db.insertInto('device_requirement_users').values({ company_id: company.id, device_id: device.id, user_id: user.id }).execute();
    const client = await connect(undefined, (await signIn(ctx.app, user.username, user.password)).access_token);
    await ctx.services.events.settled();
    const alertId = await insertAlert(db, { companyId: company.id, deviceId: device.id, ruleId: null });
    await ctx.services.jobs.runUntilIdle();
    expect(await nextAlertEvent(client)).toMatchObject({ type: 'alert', data: { alertId, ruleId: null, kind: 'opened' } });
    expect(await nextAlertEvent(client)).toMatchObject({ type: 'alarm-total', data: { count: 1, level: 'warning' } });
    client.close();
  });

  it('prunes events older than a day', async () => {
    const [old] = await emit(userId, 1);
    await sql`update user_events set created_at = now() - interval '25 hours' where id = ${old!}`.execute(ctx.database.db);
    const [recent] = await emit(userId, 1);
    await ctx.services.jobs.enqueueTick('user-events-prune', new Date());
    await ctx.services.jobs.runUntilIdle();
    const left = (await ctx.database.db.selectFrom('user_events').select('id').where('id', 'in', [old!, recent!]).execute()).map((r) => r.id);
    expect(left).toEqual([recent]);
  });

  it('ends every stream when the server closes', async () => {
    const client = await connect();
    await ctx.services.events.settled();
    expect(ctx.services.events.size).toBeGreaterThan(0);
    await ctx.services.events.close();
    expect((await client.next()).data).toEqual({ reason: 'shutdown' });
    await client.closed();
  });
});

describe('the event stream and the access token', () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it('ends the stream with an end event when the token expires', async () => {
    ctx = await createTestContext({ ACCESS_TOKEN_TTL_SECONDS: 2 });
    const base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await createUser(ctx.database.db, (await createCompany(ctx.database.db)).id);
    const token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const client = await SseTestClient.open(base, token);
    expect(client.status).toBe(200);
    // The stream's own timer ends it when the token expires (2 s), not a later heartbeat (20 s).
    const end = await client.next(15_000);
    expect(end).toMatchObject({ type: 'end', data: { reason: 'token-expired' } });
    expect(client.heartbeats).toBe(0);
    await client.closed();
    expect(ctx.services.events.size).toBe(0);
    // The expired token opens nothing.
    const again = await SseTestClient.open(base, token);
    expect(again.status).toBe(401);
  }, 30_000);
});
