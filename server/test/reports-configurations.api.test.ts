import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_HEADERS, REPORT_MESSAGE_KEYS as K } from '@gearwatch/contracts';
import type { ReportConfiguration, ReportFile } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { createDeviceGroup, createOperatorGroup, fakeBuilders, fakeWriters } from './report-fixtures.ts';

/** The wizard's calls: every field error at once, create, list, one, edit, enable/disable, delete, tenancy. */
describe('report configurations API', () => {
  let ctx: TestContext;
  let anna: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let hall: number;
  let crew: number;
  let foreignGroup: number;
  const tokens = new Map<number, string>();
  const db = () => ctx.database.db;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: bearer(tokens.get(user.id) ?? ''), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const count = async (table: 'report_configurations' | 'report_files' | 'report_configuration_users') =>
    Number((await db().selectFrom(table).select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    ctx = await createTestContext({}, { reportBuilders: fakeBuilders().lookup, reportWriters: fakeWriters });
    const company = await createCompany(db());
    await db().updateTable('companies').set({ timezone: 'Europe/Warsaw' }).where('id', '=', company.id).execute();
    anna = await createUser(db(), company.id, { firstname: 'Anna', lastname: 'Nowak' });
    bob = await createUser(db(), company.id, { firstname: 'Bob', lastname: 'Brown' });
    const other = await createCompany(db());
    stranger = await createUser(db(), other.id);
    hall = await createDeviceGroup(db(), company.id, 'Hall A');
    crew = await createOperatorGroup(db(), company.id, 'Crew 1');
    foreignGroup = await createDeviceGroup(db(), other.id, 'Theirs');
    for (const user of [anna, bob, stranger]) tokens.set(user.id, (await signIn(ctx.app, user.username, user.password)).access_token);
  });
  afterAll(() => ctx?.close());

  it('answers every missing field at once and writes nothing', async () => {
    const response = await call(anna, 'POST', '/api/reportsconfigurations', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      reportType: [K.typeRequired],
      name: [K.nameRequired],
      reportInterval: [K.intervalRequired],
      deviceGroups: [K.groupsRequired],
      users: [K.recipientsRequired],
    });
    expect(await count('report_configurations')).toBe(0);
  });

  it('answers every wrong field at once: kinds, other companies’ ids, format of the type, range', async () => {
    const response = await call(anna, 'POST', '/api/reportsconfigurations?context=device-work-details-report', {
      name: 'ab',
      reportInterval: 'hour',
      groups: [hall, foreignGroup],
      users: [anna.id, stranger.id],
      emails: ['ok@example.com', 'not an address'],
      frequency: 'hourly',
      format: 'pdf',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: [K.nameLength],
      reportInterval: [K.intervalRequired],
      deviceGroups: [K.notFound],
      users: [K.notFound],
      emails: [K.emailInvalid],
      frequency: [K.incorrect],
      format: [K.formatUnsupported],
    });
    const range = await call(anna, 'POST', '/api/reportsconfigurations?context=efficiency-report', {
      name: 'Range',
      reportInterval: 'day',
      groups: [hall],
      users: [anna.id],
      from: '2026-02-30',
      to: '2025-01-01',
    });
    expect(range.json().errors).toEqual({ from: [K.rangeInvalid] });
    const reversed = await call(anna, 'POST', '/api/reportsconfigurations?context=efficiency-report', {
      name: 'Range',
      reportInterval: 'day',
      groups: [hall],
      users: [anna.id],
      from: '2026-02-03',
      to: '2026-02-01',
    });
    expect(reversed.json().errors).toEqual({ to: [K.rangeInvalid] });
    const long = await call(anna, 'POST', '/api/reportsconfigurations?context=efficiency-report', {
      name: 'Range',
      reportInterval: 'day',
      groups: [hall],
      users: [anna.id],
      from: '2025-01-01',
      to: '2026-06-01',
    });
    expect(long.json().errors).toEqual({ to: [K.rangeTooLong] });
    // The operator types name their groups deviceOperators; a device group is not one of them.
    const operators = await call(anna, 'POST', '/api/reportsconfigurations?context=device-operators-report', {
      name: 'Crew',
      reportInterval: 'day',
      groups: [hall + crew + 1000],
      users: [anna.id],
    });
    expect(operators.json().errors).toEqual({ deviceOperators: [K.notFound] });
    const mismatch = await call(anna, 'POST', '/api/reportsconfigurations?context=alerts-report', {
      reportType: 'efficiency-report',
      name: 'Mix',
      reportInterval: 'day',
      groups: [hall],
      users: [anna.id],
    });
    expect(mismatch.json().errors).toEqual({ reportType: [K.incorrect] });
    for (const body of ['[]', '"text"', 'null', '{"groups": "1,2", "users": {"a": 1}}']) {
      const odd = await ctx.app.inject({
        method: 'POST',
        url: '/api/reportsconfigurations?context=efficiency-report',
        headers: { ...bearer(tokens.get(anna.id)!), 'content-type': 'application/json' },
        payload: body,
      });
      expect(odd.statusCode).toBe(400);
    }
    expect(await count('report_configurations')).toBe(0);
    expect(await count('report_files')).toBe(0);
  });

  let once: ReportConfiguration;
  let cyclic: ReportConfiguration;

  it('creates a once configuration (the spec’s payload, no frequency) and its file of the last complete month at once', async () => {
    const response = await call(anna, 'POST', '/api/reportsconfigurations?context=efficiency-report', {
      reportType: 'efficiency-report',
      groups: [hall],
      users: [anna.id, bob.id],
      reportInterval: 'week',
      name: '  Hall efficiency ',
    });
    expect(response.statusCode).toBe(201);
    once = response.json<ReportConfiguration>();
    expect(once).toMatchObject({
      reportType: 'efficiency-report',
      name: 'Hall efficiency',
      frequency: 'once',
      format: 'xlsx',
      reportInterval: 'week',
      enabled: true,
      groups: [{ id: hall, name: 'Hall A' }],
      emails: [],
      lastPeriod: null,
    });
    expect(once.users.map((u) => u.id).sort()).toEqual([anna.id, bob.id].sort());
    expect(once.createdBy).toEqual({ id: anna.id, name: 'Anna Nowak' });
    expect(once.from).toMatch(/^\d{4}-\d{2}-01$/);
    const files = (await call(bob, 'GET', '/api/reports/files')).json<{ entries: ReportFile[] }>().entries;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      configurationId: once.id,
      status: 'NEW',
      progress: 0,
      size: null,
      period: { from: once.from, to: once.to },
      requestedBy: { id: anna.id, name: 'Anna Nowak' },
      format: 'xlsx',
    });
    expect(files[0]!.name).toBe(`Hall efficiency-${once.from}-${once.to}.xlsx`);
  });

  it('creates a cyclic operator configuration with typed addresses, lists with filters, edits, switches and deletes it', async () => {
    const created = await call(anna, 'POST', '/api/reportsconfigurations?context=device-operators-report', {
      name: 'Crew weekly',
      reportInterval: 'day',
      groups: [crew],
      users: [],
      emails: ['Boss@Example.com', 'boss@example.com', 'ops@example.com'],
      frequency: 'week',
      format: 'csv',
    });
    expect(created.statusCode).toBe(201);
    cyclic = created.json<ReportConfiguration>();
    expect(cyclic).toMatchObject({
      frequency: 'week',
      format: 'csv',
      groups: [{ id: crew, name: 'Crew 1' }],
      users: [],
      emails: ['Boss@Example.com', 'ops@example.com'],
      from: null,
      to: null,
    });
    expect(await count('report_files')).toBe(1);

    const list = await call(bob, 'GET', `/api/reportsconfigurations?filter=${encodeURIComponent('{"cyclic":true}')}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers[LIST_HEADERS.totalEntries]).toBe('1');
    expect(list.json<{ entries: ReportConfiguration[] }>().entries.map((c) => c.id)).toEqual([cyclic.id]);
    const byType = await call(bob, 'GET', `/api/reportsconfigurations?filter=${encodeURIComponent('{"reportType":"efficiency-report"}')}&sort=name`);
    expect(byType.json<{ entries: ReportConfiguration[] }>().entries.map((c) => c.id)).toEqual([once.id]);
    expect((await call(bob, 'GET', `/api/reportsconfigurations?filter=${encodeURIComponent('{"colour":"red"}')}`)).statusCode).toBe(400);
    expect((await call(bob, 'GET', `/api/reportsconfigurations?search=crew`)).json<{ entries: ReportConfiguration[] }>().entries).toHaveLength(1);

    const edited = await call(bob, 'PUT', `/api/reportsconfigurations/${cyclic.id}`, {
      name: 'Crew monthly',
      reportInterval: 'week',
      groups: [crew],
      users: [bob.id],
      emails: [],
      frequency: 'month',
      format: 'xlsx',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Crew monthly',
      frequency: 'month',
      users: [{ id: bob.id }],
      emails: [],
      reportType: 'device-operators-report',
    });
    const badEdit = await call(bob, 'PUT', `/api/reportsconfigurations/${cyclic.id}`, { name: '', reportInterval: 'week', groups: [], users: [bob.id] });
    expect(badEdit.json().errors).toEqual({ name: [K.nameRequired], deviceOperators: [K.groupsRequired] });
    expect((await call(bob, 'GET', `/api/reportsconfigurations/${cyclic.id}`)).json()).toMatchObject({ name: 'Crew monthly', users: [{ id: bob.id }] });

    expect((await call(anna, 'PATCH', `/api/reportsconfigurations/${cyclic.id}/disable`)).json()).toMatchObject({ enabled: false });
    expect(
      (await call(anna, 'GET', `/api/reportsconfigurations?filter=${encodeURIComponent('{"enabled":false}')}`))
        .json<{ entries: ReportConfiguration[] }>()
        .entries.map((c) => c.id),
    ).toEqual([cyclic.id]);
    expect((await call(anna, 'PATCH', `/api/reportsconfigurations/${cyclic.id}/enable`)).json()).toMatchObject({ enabled: true });
  });

  it('never reaches another company’s configurations', async () => {
    expect((await call(stranger, 'GET', '/api/reportsconfigurations')).statusCode).toBe(204);
    expect((await call(stranger, 'GET', `/api/reportsconfigurations/${once.id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'PUT', `/api/reportsconfigurations/${once.id}`, { name: 'Mine now', reportInterval: 'day', groups: [hall], users: [stranger.id] }))
        .statusCode,
    ).toBe(404);
    expect((await call(stranger, 'PATCH', `/api/reportsconfigurations/${once.id}/disable`)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/reportsconfigurations/${once.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/reports/files')).statusCode).toBe(204);
    expect((await call(anna, 'GET', '/api/reportsconfigurations/0x1')).statusCode).toBe(404);
    expect((await call(anna, 'GET', `/api/reportsconfigurations/${once.id}`)).json()).toMatchObject({ name: 'Hall efficiency', enabled: true });
  });

  it('deletes a configuration and keeps its files', async () => {
    expect((await call(anna, 'DELETE', `/api/reportsconfigurations/${once.id}`)).statusCode).toBe(200);
    expect((await call(anna, 'DELETE', `/api/reportsconfigurations/${once.id}`)).statusCode).toBe(404);
    const files = (await call(anna, 'GET', '/api/reports/files')).json<{ entries: ReportFile[] }>().entries;
    expect(files.map((f) => f.configurationId)).toEqual([null]);
  });
});
