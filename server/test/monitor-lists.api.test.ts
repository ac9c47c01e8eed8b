import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_HEADERS,
  MESSAGE_KEYS,
  companyUserListSchema,
  deviceGroupListSchema,
  deviceOperatorGroupListSchema,
  deviceOperatorListEntrySchema,
  deviceOperatorListSchema,
  deviceTypeMonitorListSchema,
  productionShiftListSchema,
  userSettingSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import {
  TEST_PARAMETERS,
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createOperatorGroup,
  createShifts,
  createTelemetryDevice,
} from './telemetry-fixtures.ts';

describe('the model lists of the monitors', () => {
  let ctx: TestContext;
  let token: string;
  let superToken: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const company = await createCompany(db);
    const other = await createCompany(db);
    const user = await createUser(db, company.id, { firstname: 'Zofia', lastname: 'Adamska' });
    await createUser(db, company.id, { firstname: 'Adam', lastname: 'Zieliński' });
    await createUser(db, other.id, { firstname: 'Outside', lastname: 'Person' });
    const superAdmin = await createUser(db, other.id, { superAdmin: true, firstname: 'Super', lastname: 'Admin' });
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    superToken = (await signIn(ctx.app, superAdmin.username, superAdmin.password)).access_token;

    ids.type = await createDeviceType(db, TEST_PARAMETERS, 'Monitor type');
    ids.unusedType = await createDeviceType(db, TEST_PARAMETERS.slice(0, 2), 'Unused type');
    ids.otherType = await createDeviceType(db, TEST_PARAMETERS.slice(0, 2), 'Other company type');
    const d = [];
    for (const n of [1, 2, 3]) d.push(await createTelemetryDevice(db, company.id, ids.type, `Device ${n}`));
    await createTelemetryDevice(db, other.id, ids.otherType, 'Outside device');
    ids.lineB = await createDeviceGroup(db, company.id, 'Line B', [d[1]!.id, d[0]!.id]);
    ids.lineA = await createDeviceGroup(db, company.id, 'line a', [d[2]!.id]);
    ids.empty = await createDeviceGroup(db, company.id, 'Empty', []);
    await createDeviceGroup(db, other.id, 'Outside group', []);
    Object.assign(ids, { d1: d[0]!.id, d2: d[1]!.id, d3: d[2]!.id });

    for (const name of ['Żaneta', 'Zenon', 'Łukasz', 'Lucyna', 'Marek', 'Ćma', 'Czesław']) ids[name] = await createOperatorGroup(db, company.id, name);
    await createOperatorGroup(db, other.id, 'Outside crew');
    ids.ola = await createOperator(db, company.id, { firstname: 'Ola', lastname: 'Nowak', rfid: 'RF-1', groupId: ids.Lucyna });
    ids.ewa = await createOperator(db, company.id, { firstname: 'Ewa', lastname: 'Kowalska', rfid: null, groupId: ids.Lucyna });
    ids.jan = await createOperator(db, company.id, { firstname: 'Jan', lastname: 'Bez', rfid: 'RF-2' });
    await createOperator(db, other.id, { firstname: 'Outside', lastname: 'Operator' });
  });
  afterAll(() => ctx?.close());

  const get = (url: string, as = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });

  it("lists device groups by name with their device ids, paged, searchable, only the company's", async () => {
    const response = await get('/api/devicegroups');
    expect(response.statusCode).toBe(200);
    expect(deviceGroupListSchema.parse(response.json()).entries).toEqual([
      { id: ids.empty, name: 'Empty', devices: [] },
      { id: ids.lineA, name: 'line a', devices: [{ id: ids.d3 }] },
      { id: ids.lineB, name: 'Line B', devices: [{ id: ids.d1 }, { id: ids.d2 }] },
    ]);
    expect(response.headers[LIST_HEADERS.totalEntries]).toBe('3');
    const page = await get('/api/devicegroups?sort=-name&page=2&page_size=2');
    expect(page.json().entries.map((g: { name: string }) => g.name)).toEqual(['Empty']);
    expect(page.headers[LIST_HEADERS.totalPages]).toBe('2');
    expect((await get('/api/devicegroups?search=LINE&page_size=0')).json().entries).toHaveLength(2);
    expect((await get('/api/devicegroups?search=Outside')).statusCode).toBe(204);
    expect((await get('/api/devicegroups?sort=devices')).json()).toEqual({ errors: { sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
  });

  it('lists device operators with their group, filtered by group, searched by name or card', async () => {
    const response = await get('/api/deviceoperators');
    // What the monitors read of each entry (the list answers more, for the management screen); by last name.
    const entries = deviceOperatorListSchema.parse(response.json()).entries.map((e) => deviceOperatorListEntrySchema.parse(e));
    expect(entries).toEqual([
      { id: ids.jan, name: 'Jan Bez', firstname: 'Jan', lastname: 'Bez', rfid: 'RF-2', group: null },
      { id: ids.ewa, name: 'Ewa Kowalska', firstname: 'Ewa', lastname: 'Kowalska', rfid: null, group: { id: ids.Lucyna, name: 'Lucyna' } },
      { id: ids.ola, name: 'Ola Nowak', firstname: 'Ola', lastname: 'Nowak', rfid: 'RF-1', group: { id: ids.Lucyna, name: 'Lucyna' } },
    ]);
    const byLastname = await get('/api/deviceoperators?sort=lastname');
    expect(byLastname.json().entries.map((o: { lastname: string }) => o.lastname)).toEqual(['Bez', 'Kowalska', 'Nowak']);
    const inGroup = await get(`/api/deviceoperators?filter=${encodeURIComponent(JSON.stringify({ group: ids.Lucyna }))}`);
    expect(inGroup.json().entries.map((o: { id: number }) => o.id)).toEqual([ids.ewa, ids.ola]);
    expect((await get('/api/deviceoperators?search=rf-2')).json().entries.map((o: { id: number }) => o.id)).toEqual([ids.jan]);
    expect((await get('/api/deviceoperators?search=ola%20now')).json().entries.map((o: { id: number }) => o.id)).toEqual([ids.ola]);
  });

  it('lists operator groups in Polish collation order, with their operator ids, paged after sorting', async () => {
    const response = await get('/api/deviceoperatorgroups');
    const entries = deviceOperatorGroupListSchema.parse(response.json()).entries;
    expect(entries.map((g) => g.name)).toEqual(['Czesław', 'Ćma', 'Lucyna', 'Łukasz', 'Marek', 'Zenon', 'Żaneta']);
    expect(entries.find((g) => g.name === 'Lucyna')!.operators).toEqual([{ id: Math.min(ids.ola!, ids.ewa!) }, { id: Math.max(ids.ola!, ids.ewa!) }]);
    expect(response.headers[LIST_HEADERS.totalEntries]).toBe('7');
    const page = await get('/api/deviceoperatorgroups?page=2&page_size=3');
    expect(page.json().entries.map((g: { name: string }) => g.name)).toEqual(['Łukasz', 'Marek', 'Zenon']);
    expect(page.headers[LIST_HEADERS.totalPages]).toBe('3');
    const reversed = await get('/api/deviceoperatorgroups?sort=-name&page_size=0');
    expect(reversed.json().entries.map((g: { name: string }) => g.name)).toEqual(['Żaneta', 'Zenon', 'Marek', 'Łukasz', 'Lucyna', 'Ćma', 'Czesław']);
    expect((await get('/api/deviceoperatorgroups?search=z')).json().entries.map((g: { name: string }) => g.name)).toEqual(['Czesław', 'Łukasz', 'Zenon']);
    expect((await get('/api/deviceoperatorgroups?search=Outside')).statusCode).toBe(204);
  });

  it("lists the device types of the company's devices with the parameters a monitor offers (never 10000)", async () => {
    const response = await get('/api/devicetypes?context=devicetypes_monitor');
    expect(response.headers[LIST_HEADERS.contexts]).toBe('devicetypes_monitor');
    const [type, ...rest] = deviceTypeMonitorListSchema.parse(response.json()).entries;
    expect(rest).toEqual([]);
    expect(type!.name).toBe('Monitor type');
    expect(type!.parameters.map((p) => p.number)).toEqual([1, 2, 3, 20, 21, 22, 23, 24]);
    expect(type!.parameters[0]).toEqual({
      number: 1,
      name: 'work',
      tags: ['effective work time'],
      aggregation: 'sum',
      unit: { short: 's', long: 'seconds', min: null, max: null },
    });
    expect(type!.parameters.at(-1)!.unit).toEqual({ short: '', long: '', min: null, max: null });
    const all = await get('/api/devicetypes?page_size=0', superToken);
    expect(all.json().entries.map((t: { id: number }) => t.id)).toEqual(expect.arrayContaining([ids.type, ids.unusedType, ids.otherType]));
    expect((await get('/api/devicetypes?context=devicetypes_admin')).json()).toEqual({ errors: { context: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
  });

  it("lists the company's users by name", async () => {
    const response = await get('/api/users');
    const entries = companyUserListSchema.parse(response.json()).entries;
    expect(entries.map((u) => u.name)).toEqual(['Adam Zieliński', 'Zofia Adamska']);
    expect(entries[0]).toEqual({ id: expect.any(Number), name: 'Adam Zieliński', firstname: 'Adam', lastname: 'Zieliński' });
    expect((await get('/api/users?search=zof')).json().entries.map((u: { name: string }) => u.name)).toEqual(['Zofia Adamska']);
    expect((await get('/api/users?search=Outside')).statusCode).toBe(204);
  });

  it("leaves super-administrators out of a company's users (their edit and delete would be refused)", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const colleague = await createUser(db, company.id, { firstname: 'Ada', lastname: 'Colleague' });
    await createUser(db, company.id, { superAdmin: true, firstname: 'Root', lastname: 'Administrator' });
    const colleagueToken = (await signIn(ctx.app, colleague.username, colleague.password)).access_token;
    const names = (await get('/api/users?page_size=0', colleagueToken)).json().entries.map((u: { name: string }) => u.name);
    expect(names).toEqual(['Ada Colleague']);
  });

  it('stores the monitors of a page as the user setting named after its route', async () => {
    const monitors = [
      {
        type: 'device-parameters',
        devices: [ids.d1, ids.d2],
        deviceGroups: [],
        byGroups: false,
        parameters: [1, 2],
        interval: 'hour',
        edited: false,
        expanded: true,
        magicType: 'bar',
      },
      {
        type: 'device-operators',
        deviceOperators: [],
        deviceOperatorsGroups: [ids.Lucyna],
        byGroups: true,
        interval: '5min',
        parameter: 1,
        edited: true,
        expanded: false,
      },
      { type: 'geo', devices: [ids.d3], deviceGroups: [], byGroups: false, edited: false, expanded: false, agps: true },
      { type: 'async', device: ids.d1, parameters: [20, 23], edited: false, expanded: false },
    ];
    for (const key of ['diagnostics', 'dashboard']) {
      const put = await ctx.app.inject({ method: 'PUT', url: `/api/users/current/settings/${key}`, headers: bearer(token), payload: { value: monitors } });
      expect(put.statusCode, key).toBe(200);
      const read = await get(`/api/users/current/settings/${key}`);
      expect(userSettingSchema.parse(read.json())).toEqual({ key, value: monitors });
    }
  });

  it("lists the caller's company shifts in order, a night shift ending the next day, and an empty list without shifts", async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const planner = await createUser(db, company.id);
    const plannerToken = (await signIn(ctx.app, planner.username, planner.password)).access_token;
    expect((await get('/api/user/production_shifts', plannerToken)).json()).toEqual({ entries: [] });
    await createShifts(db, company.id, [
      { name: 'Morning', hourStart: 6, hourEnd: 14 },
      { name: 'Afternoon', hourStart: 14, hourEnd: 22 },
      { name: 'Night', hourStart: 22, hourEnd: 6 },
    ]);
    const response = await get('/api/user/production_shifts', plannerToken);
    expect(response.statusCode).toBe(200);
    const entries = productionShiftListSchema.parse(response.json()).entries;
    expect(entries.map(({ id: _id, ...shift }) => shift)).toEqual([
      { index: 0, name: 'Morning', timeStart: '06:00', timeEnd: '14:00' },
      { index: 1, name: 'Afternoon', timeStart: '14:00', timeEnd: '22:00' },
      { index: 2, name: 'Night', timeStart: '22:00', timeEnd: '06:00' },
    ]);
    // Another company's user, the super-admin included, sees their own company's shifts only.
    expect((await get('/api/user/production_shifts')).json()).toEqual({ entries: [] });
    expect((await get('/api/user/production_shifts', superToken)).json()).toEqual({ entries: [] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/production_shifts' })).statusCode).toBe(401);
  });
});
