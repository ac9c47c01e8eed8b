import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRow } from '@gearwatch/contracts';
import {
  ALERT_LIST_TOTAL_LIMIT,
  LIST_HEADERS,
  alarmStatsSchema,
  alarmTotalSchema,
  alertConfirmResultSchema,
  alertListSchema,
  alertRowSchema,
  problemSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { setCompanyTimezone } from './telemetry-fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { parseDate } from '../src/time/calendar.ts';
import { timeZone } from '../src/time/time-zone.ts';

/**
 * A company in Kiritimati (UTC+14, so a day of the company is not a UTC day) with two rules: Anna is assigned to
 * "Heat", Ben to "Noise"; Anna is also alerted about the Press's requirements. A super-admin of another company and
 * a stranger with alerts of their own company complete the cast.
 */
describe('/api/alerts and /api/alarms: visibility, list, confirm, counts', () => {
  let ctx: TestContext;
  let company: TestCompany;
  let foreign: TestCompany;
  const tokens: Record<'anna' | 'ben' | 'root' | 'stranger', string> = { anna: '', ben: '', root: '', stranger: '' };
  type Key =
    | 'anna'
    | 'press'
    | 'lathe'
    | 'mill'
    | 'foreignDevice'
    | 'heat'
    | 'noise'
    | 'foreignRule'
    | 'heatPress'
    | 'heatLathe'
    | 'heatOld'
    | 'requirement'
    | 'noisePress'
    | 'foreignAlert';
  const ids = {} as Record<Key, number>;
  const zone = timeZone('Pacific/Kiritimati');
  /** An instant at `minutes` past local midnight of a company date. */
  const local = (date: string, minutes: number) => new Date(zone.instantAt(parseDate(date), minutes));

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    company = await createCompany(db);
    foreign = await createCompany(db);
    await setCompanyTimezone(db, company.id, zone.name);
    const anna = await createUser(db, company.id);
    const ben = await createUser(db, company.id);
    const root = await createUser(db, foreign.id, { superAdmin: true });
    const stranger = await createUser(db, foreign.id);
    for (const [name, user] of Object.entries({ anna, ben, root, stranger }))
      tokens[name as keyof typeof tokens] = (await signIn(ctx.app, user.username, user.password)).access_token;
    ids.anna = anna.id;
    ids.press = (await createDevice(db, company.id, 'Press')).id;
    ids.lathe = (await createDevice(db, company.id, 'Lathe')).id;
    ids.mill = (await createDevice(db, company.id, 'Mill')).id;
    ids.foreignDevice = (await createDevice(db, foreign.id, 'Foreign')).id;
    await db.insertInto('device_requirement_users').values({ company_id: company.id, device_id: ids.press, user_id: anna.id }).execute();
    ids.heat = await createRule(db, company.id, { name: 'Heat', importance: 'error', devices: [ids.press, ids.lathe], users: [anna.id] });
    ids.noise = await createRule(db, company.id, { name: 'Noise', importance: 'info', devices: [ids.press], users: [ben.id] });
    ids.foreignRule = await createRule(db, foreign.id, { name: 'Foreign rule', users: [stranger.id] });
    const alert = (spec: Omit<Parameters<typeof insertAlert>[1], 'companyId'>) => insertAlert(db, { companyId: company.id, ...spec });
    ids.heatPress = await alert({ deviceId: ids.press, ruleId: ids.heat, importance: 'error', startedAt: local('2026-03-10', 0), counter: 4 });
    ids.heatLathe = await alert({
      deviceId: ids.lathe,
      ruleId: ids.heat,
      importance: 'warning',
      startedAt: local('2026-03-09', 1439),
      endedAt: local('2026-03-10', 60),
    });
    ids.heatOld = await alert({
      deviceId: ids.press,
      ruleId: ids.heat,
      importance: 'info',
      startedAt: local('2026-03-01', 600),
      confirmedAt: local('2026-03-02', 0),
    });
    ids.requirement = await alert({ deviceId: ids.press, ruleId: null, importance: 'warning', startedAt: local('2026-03-11', 30) });
    ids.noisePress = await alert({ deviceId: ids.press, ruleId: ids.noise, importance: 'info', startedAt: local('2026-03-10', 120) });
    ids.foreignAlert = await insertAlert(db, { companyId: foreign.id, deviceId: ids.foreignDevice, ruleId: ids.foreignRule, importance: 'error' });
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, as: string) => ctx.app.inject({ method, url, headers: bearer(as) });
  const listed = async (query: string, as = tokens.anna): Promise<AlertRow[]> => {
    const response = await call('GET', `/api/alerts?${query}`, as);
    if (response.statusCode === 204) return [];
    expect(response.statusCode, response.body).toBe(200);
    return alertListSchema.parse(response.json()).entries;
  };
  const idsOf = async (query: string, as = tokens.anna) => (await listed(query, as)).map((a) => a.id);
  const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
  const total = async (as: string) => alarmTotalSchema.parse((await call('GET', '/api/alarms/total', as)).json());

  it("lists the alerts of the caller's rules and requirement devices, newest first, and nothing of others", async () => {
    expect(await idsOf('')).toEqual([ids.requirement, ids.heatPress, ids.heatLathe, ids.heatOld]);
    expect(await idsOf('', tokens.ben)).toEqual([ids.noisePress]);
    expect(await idsOf('', tokens.stranger)).toEqual([ids.foreignAlert]);
    const all = await idsOf('page_size=0', tokens.root);
    expect(all).toEqual(expect.arrayContaining([ids.requirement, ids.heatPress, ids.noisePress, ids.foreignAlert]));
  });

  it('presents an alert: status, rule, device, message key and parameters, times', async () => {
    const [requirement, heat] = await listed('');
    expect(requirement).toMatchObject({
      source: 'requirement',
      rule: null,
      status: 'active',
      device: { id: ids.press, name: 'Press' },
      message: { key: 'alert.message.requirement' },
    });
    expect(heat).toEqual({
      id: ids.heatPress,
      source: 'rule',
      createdAt: local('2026-03-10', 0).toISOString(),
      lastAt: local('2026-03-10', 0).toISOString(),
      endedAt: null,
      confirmedAt: null,
      counter: 4,
      importance: 'error',
      status: 'active',
      device: { id: ids.press, name: 'Press' },
      // The rule as it is now: its own description (none) and what its description is worded from (no condition).
      rule: { id: ids.heat, name: 'Heat', type: 'value', archived: false, summary: { condition: null, parameter: null } },
      message: { key: 'alert.message.value', params: { parameter: 'temperature', value: 81.5, unit: '°C', operator: 'gt', argument: 80 } },
      description: null,
    });
    const one = await call('GET', `/api/alerts/${ids.heatLathe}`, tokens.anna);
    expect(alertRowSchema.parse(one.json())).toMatchObject({ status: 'ended', importance: 'warning' });
    expect(alertRowSchema.parse((await call('GET', `/api/alerts/${ids.heatOld}`, tokens.anna)).json()).status).toBe('confirmed');
    for (const [id, as] of [
      [ids.noisePress, tokens.anna],
      [ids.heatPress, tokens.ben],
      [ids.heatPress, tokens.stranger],
      [ids.foreignAlert, tokens.anna],
      [999_999, tokens.anna],
    ] as const) {
      const response = await call('GET', `/api/alerts/${id}`, as);
      expect(response.statusCode, String(id)).toBe(404);
      expect(problemSchema.parse(response.json()).message).toBe('error.not-found');
    }
    expect((await call('GET', `/api/alerts/${ids.foreignAlert}`, tokens.root)).statusCode).toBe(200);
  });

  it('filters on status, importance, device, rule and dates of the company (to inclusive)', async () => {
    expect(await idsOf(filter({ status: 'active' }))).toEqual([ids.requirement, ids.heatPress]);
    expect(await idsOf(filter({ status: 'ended' }))).toEqual([ids.heatLathe]);
    expect(await idsOf(filter({ status: 'confirmed' }))).toEqual([ids.heatOld]);
    expect(await idsOf(filter({ status: 'all', importance: 'warning' }))).toEqual([ids.requirement, ids.heatLathe]);
    expect(await idsOf(filter({ device: ids.lathe }))).toEqual([ids.heatLathe]);
    expect(await idsOf(filter({ rule: ids.heat }))).toEqual([ids.heatPress, ids.heatLathe, ids.heatOld]);
    expect(await idsOf(filter({ rule: ids.noise }))).toEqual([]);
    // 2026-03-10 00:00 and 2026-03-09 23:59 in Kiritimati are both 2026-03-09 in UTC: the company's day decides.
    expect(await idsOf(filter({ from: '2026-03-10', to: '2026-03-10' }))).toEqual([ids.heatPress]);
    expect(await idsOf(filter({ to: '2026-03-09' }))).toEqual([ids.heatLathe, ids.heatOld]);
    expect(await idsOf(filter({ from: '2026-03-09', to: '2026-03-11' }))).toEqual([ids.requirement, ids.heatPress, ids.heatLathe]);
    expect(await idsOf(filter({ from: local('2026-03-10', 0).toISOString(), to: local('2026-03-11', 30).toISOString() }))).toEqual([
      ids.requirement,
      ids.heatPress,
    ]);
    for (const bad of [{ status: 'open' }, { importance: 'critical' }, { from: '2026-02-30' }, { device: 'x' }, { sensor: 1 }]) {
      expect((await call('GET', `/api/alerts?${filter(bad)}`, tokens.anna)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('sorts on the declared fields and pages with the list headers', async () => {
    expect(await idsOf('sort=-importance,createdAt')).toEqual([ids.heatPress, ids.heatLathe, ids.requirement, ids.heatOld]);
    expect(await idsOf('sort=-counter')).toEqual([ids.heatPress, ids.heatLathe, ids.heatOld, ids.requirement]);
    expect(await idsOf('sort=status,createdAt')).toEqual([ids.heatPress, ids.requirement, ids.heatLathe, ids.heatOld]);
    expect((await idsOf('sort=device,-createdAt')).slice(0, 1)).toEqual([ids.heatLathe]);
    expect(await idsOf('sort=rule,createdAt')).toEqual([ids.heatOld, ids.heatLathe, ids.heatPress, ids.requirement]);
    const page = await call('GET', '/api/alerts?perPage=3&page=2', tokens.anna);
    expect(page.headers[LIST_HEADERS.totalEntries]).toBe('4');
    expect(page.headers[LIST_HEADERS.totalPages]).toBe('2');
    expect(alertListSchema.parse(page.json()).entries.map((a) => a.id)).toEqual([ids.heatOld]);
    expect((await call('GET', '/api/alerts?sort=message', tokens.anna)).statusCode).toBe(400);
  });

  it('counts the active unconfirmed alerts the caller sees: stats per level and the total with its highest level', async () => {
    const stats = alarmStatsSchema.parse((await call('GET', '/api/alarms/stats', tokens.anna)).json());
    expect(stats).toEqual([
      { level: 'error', count: 1 },
      { level: 'warning', count: 1 },
      { level: 'info', count: 0 },
    ]);
    expect(await total(tokens.anna)).toEqual({ count: 2, level: 'error' });
    expect(await total(tokens.ben)).toEqual({ count: 1, level: 'info' });
    const lathe = alarmStatsSchema.parse((await call('GET', `/api/device/${ids.lathe}/alarms/stats`, tokens.anna)).json());
    expect(lathe.every((s) => s.count === 0)).toBe(true);
    const press = alarmStatsSchema.parse((await call('GET', `/api/device/${ids.press}/alarms/stats`, tokens.ben)).json());
    expect(press).toEqual([
      { level: 'error', count: 0 },
      { level: 'warning', count: 0 },
      { level: 'info', count: 1 },
    ]);
    expect((await call('GET', `/api/device/${ids.press}/alarms/stats`, tokens.stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/device/${ids.foreignDevice}/alarms/stats`, tokens.anna)).statusCode).toBe(404);
    const heat = (await call('GET', `/api/alertrules/${ids.heat}`, tokens.anna)).json();
    expect(heat.stats).toEqual([
      { level: 'error', count: 1 },
      { level: 'warning', count: 0 },
      { level: 'info', count: 0 },
    ]);
    // Ben is not assigned to Heat: its page shows him none of its alerts.
    expect((await call('GET', `/api/alertrules/${ids.heat}`, tokens.ben)).json().stats.every((s: { count: number }) => s.count === 0)).toBe(true);
  });

  it('confirms alerts by id, only those the caller sees, and then the ones matching a filter', async () => {
    const db = ctx.database.db;
    const extra = await insertAlert(db, { companyId: company.id, deviceId: ids.mill, ruleId: ids.heat, importance: 'info', startedAt: local('2026-03-12', 0) });
    const confirmed = await call('PATCH', `/api/alerts/${ids.noisePress},${ids.foreignAlert},${extra}/confirm`, tokens.anna);
    expect(alertConfirmResultSchema.parse(confirmed.json())).toEqual({ confirmed: 1 });
    const row = await db.selectFrom('alerts').select(['confirmed_at', 'confirmed_by']).where('id', '=', extra).executeTakeFirstOrThrow();
    expect(row.confirmed_by).toBe(ids.anna);
    expect(row.confirmed_at).not.toBeNull();
    const untouched = await db.selectFrom('alerts').select('confirmed_at').where('id', 'in', [ids.noisePress, ids.foreignAlert]).execute();
    expect(untouched.every((r) => r.confirmed_at === null)).toBe(true);
    expect((await call('PATCH', `/api/alerts/${extra}/confirm`, tokens.anna)).json()).toEqual({ confirmed: 0 });
    expect((await call('PATCH', '/api/alerts/0,x/confirm', tokens.anna)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/alerts/${ids.noisePress},${ids.foreignAlert}/confirm`, tokens.anna)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/alerts/confirm?${filter({ status: 'nope' })}`, tokens.anna)).statusCode).toBe(400);

    const byFilter = await call('PATCH', `/api/alerts/confirm?${filter({ device: ids.press, importance: 'error' })}`, tokens.anna);
    expect(byFilter.json()).toEqual({ confirmed: 1 });
    expect(await total(tokens.anna)).toEqual({ count: 1, level: 'warning' });
    expect((await call('PATCH', '/api/alerts/confirm', tokens.anna)).json()).toEqual({ confirmed: 2 });
    expect(await total(tokens.anna)).toEqual({ count: 0, level: null });
    expect(await total(tokens.ben)).toEqual({ count: 1, level: 'info' });
    expect(await total(tokens.stranger)).toEqual({ count: 1, level: 'error' });
  });

  it("confirms a super-admin's unnarrowed filter only in their own company; a rule or device reaches a customer's", async () => {
    expect(await total(tokens.ben)).toEqual({ count: 1, level: 'info' });
    expect((await call('PATCH', '/api/alerts/confirm', tokens.root)).json()).toEqual({ confirmed: 1 });
    expect(await total(tokens.stranger)).toEqual({ count: 0, level: null });
    expect(await total(tokens.ben)).toEqual({ count: 1, level: 'info' });
    expect((await call('PATCH', `/api/alerts/confirm?${filter({ rule: ids.noise })}`, tokens.root)).json()).toEqual({ confirmed: 1 });
    expect(await total(tokens.ben)).toEqual({ count: 0, level: null });
  });

  it('blocks deleting a device with unconfirmed alerts until they are confirmed', async () => {
    const db = ctx.database.db;
    const doomed = (await createDevice(db, company.id, 'Doomed')).id;
    const alert = await insertAlert(db, { companyId: company.id, deviceId: doomed, ruleId: ids.noise, importance: 'info' });
    await insertAlert(db, { companyId: company.id, deviceId: doomed, ruleId: ids.heat, importance: 'error', confirmedAt: new Date() });
    const refused = await call('DELETE', `/api/devices/${doomed}`, tokens.anna);
    expect(refused.statusCode).toBe(409);
    expect(problemSchema.parse(refused.json()).dependents).toEqual({ alerts: [{ id: alert, name: 'Noise' }] });
    expect((await call('DELETE', `/api/devices/${doomed}/alerts`, tokens.stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/devices/${doomed}/alerts`, tokens.anna)).statusCode).toBe(200);
    expect((await db.selectFrom('alerts').select('confirmed_by').where('id', '=', alert).executeTakeFirstOrThrow()).confirmed_by).toBe(ids.anna);
    expect((await call('DELETE', `/api/devices/${doomed}`, tokens.anna)).statusCode).toBe(200);
    expect(await db.selectFrom('alerts').select('id').where('device_id', '=', doomed).execute()).toEqual([]);
  });

  it('shows nothing to a user of no rule and no device, and counts a long list up to its limit', async () => {
    const db = ctx.database.db;
    const loner = await createUser(db, company.id);
    const lonerToken = (await signIn(ctx.app, loner.username, loner.password)).access_token;
    expect((await call('GET', '/api/alerts', lonerToken)).statusCode).toBe(204);
    expect(await total(lonerToken)).toEqual({ count: 0, level: null });
    const rule = await createRule(db, company.id, { name: 'Chatty', users: [loner.id] });
    await sql`insert into alerts (company_id, rule_id, device_id, importance, started_at, last_at, ended_at, message_key)
      select ${company.id}, ${rule}, ${ids.mill}, 'info', ts, ts, ts, 'alert.message.value'
      from generate_series(1, ${ALERT_LIST_TOTAL_LIMIT + 5}) as i, lateral (select now() - i * interval '1 minute' as ts) t`.execute(db);
    const first = await call('GET', '/api/alerts?perPage=50', lonerToken);
    expect(first.headers[LIST_HEADERS.totalEntries]).toBe(String(ALERT_LIST_TOTAL_LIMIT));
    expect(alertListSchema.parse(first.json()).entries).toHaveLength(50);
    // Below the limit the total is exact: the ten newest, a minute apart.
    const narrowed = await call('GET', `/api/alerts?${filter({ from: new Date(Date.now() - 10.5 * 60_000).toISOString() })}`, lonerToken);
    expect(narrowed.headers[LIST_HEADERS.totalEntries]).toBe('10');
    const last = await call('GET', `/api/alerts?perPage=50&page=${ALERT_LIST_TOTAL_LIMIT / 50}`, lonerToken);
    expect(alertListSchema.parse(last.json()).entries).toHaveLength(50);
  });

  it('shows an archived rule on its alerts', async () => {
    const db = ctx.database.db;
    const rule = await createRule(db, company.id, { name: 'Retired', users: [ids.anna] });
    const alert = await insertAlert(db, { companyId: company.id, deviceId: ids.lathe, ruleId: rule, endedAt: new Date() });
    // One delete takes the rule's users with it (issue 32 item 7).
    expect((await call('DELETE', `/api/alertrules/${rule}`, tokens.anna)).statusCode).toBe(200);
    // Without users Anna no longer sees its alerts; a super-admin does, with the rule archived.
    expect((await call('GET', `/api/alerts/${alert}`, tokens.anna)).statusCode).toBe(404);
    expect(alertRowSchema.parse((await call('GET', `/api/alerts/${alert}`, tokens.root)).json()).rule).toEqual({
      id: rule,
      name: 'Retired',
      type: 'value',
      archived: true,
      // Its condition went with it: nothing left to word.
      summary: { condition: null, parameter: null },
    });
  });
});
