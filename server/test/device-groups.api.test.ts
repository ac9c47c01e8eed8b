import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  LIST_HEADERS,
  MESSAGE_KEYS,
  deviceGroupDetailSchema,
  deviceGroupPageSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { bearer, createDevice, signedInCompany } from './fixtures.ts';
import type { Fields } from './manage-fixtures.ts';
import { createManageContext, listClient, manageClient } from './manage-fixtures.ts';
import { createDeviceGroup, setCompanyTimezone } from './telemetry-fixtures.ts';
import { dateText } from '../src/time/calendar.ts';
import { timeZone } from '../src/time/time-zone.ts';

/** The company's local date of now, or days before or after it, computed apart from the server's SQL. */
const localToday = (timezone: string, offsetDays = 0) => dateText(timeZone(timezone).dayOf(Date.now()) + offsetDays);

describe('/api/devicegroups: list, form, read, delete', () => {
  let ctx: TestContext;
  let company: TestCompany;
  let other: TestCompany;
  let token: string;
  let otherToken: string;
  let superToken: string;
  const ids: Record<string, number> = {};
  const timezone = 'Pacific/Kiritimati';

  beforeAll(async () => {
    ({ ctx, company, other, token, otherToken, superToken } = await createManageContext());
    const db = ctx.database.db;
    await setCompanyTimezone(db, company.id, timezone);
    ids.press = (await createDevice(db, company.id, 'Press')).id;
    ids.lathe = (await createDevice(db, company.id, 'Lathe')).id;
    ids.mill = (await createDevice(db, company.id, 'Mill')).id;
    ids.foreignDevice = (await createDevice(db, other.id, 'Foreign device')).id;
    ids.foreignGroup = await createDeviceGroup(db, other.id, 'Foreign group', [ids.foreignDevice]);
  });
  afterAll(() => ctx?.close());

  const client = manageClient(
    () => ctx,
    () => token,
    '/api/devicegroups',
    deviceGroupDetailSchema,
  );
  const { get, del, definition, submit, submitEncoded, created, fieldErrors, read, strangerCalls } = client;
  const countGroups = async (companyId: number) =>
    (
      await ctx.database.db
        .selectFrom('device_groups')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n;
  const writeDay = async (deviceId: number, day: string, work: number | null, active: number | null) => {
    const values: [number, number | null][] = [
      [1, work],
      [2, active],
    ];
    const rows = values.flatMap(([parameter, value]) =>
      value === null
        ? []
        : [
            {
              company_id: company.id,
              device_id: deviceId,
              parameter_number: parameter,
              day,
              sum: value,
              count: 1,
              min: value,
              max: value,
              last_ts: new Date(),
              last_value: value,
            },
          ],
    );
    if (rows.length > 0) await ctx.database.db.insertInto('readings_day').values(rows).execute();
  };

  describe('form definitions', () => {
    it("answers the new form: fields in order with their types and flags, the caller's company's devices only, a token", async () => {
      const form = await definition('/api/devicegroups/new');
      expect(Object.keys(form.schema)).toEqual(['name', 'description', 'devices']);
      expect(form.schema.name).toMatchObject({ type: 'text', required: true, maxLength: 128, multiple: false, disabled: false });
      expect(form.schema.description).toMatchObject({ type: 'textarea', required: false, maxLength: 2000 });
      expect(form.schema.devices).toMatchObject({ type: 'entity', required: false, multiple: true, disabled: false });
      expect(Object.values(form.schema).every((f) => typeof f.label === 'string' && f.label.length > 0)).toBe(true);
      expect(form.choices).toEqual({
        devices: [
          { value: ids.lathe, label: 'Lathe' },
          { value: ids.mill, label: 'Mill' },
          { value: ids.press, label: 'Press' },
        ],
      });
      expect(form.data).toEqual({ name: null, description: null, devices: [] });
      expect(form.token).toMatch(/^\d+\.[\w-]{43}$/);
    });

    it('answers the edit form filled with the group, and 404 for an unknown or foreign group', async () => {
      const id = await createDeviceGroup(ctx.database.db, company.id, 'Edit me', [ids.mill!, ids.press!]);
      const form = await definition(`/api/devicegroups/${id}/edit`);
      expect(form.data).toEqual({ name: 'Edit me', description: null, devices: [ids.press, ids.mill] });
      expect(Object.keys(form.schema)).toEqual(['name', 'description', 'devices']);
      expect((await get('/api/devicegroups/999999/edit')).statusCode).toBe(404);
      expect((await get(`/api/devicegroups/${ids.foreignGroup}/edit`)).statusCode).toBe(404);
      expect((await get('/api/devicegroups/abc/edit')).statusCode).toBe(404);
      expect((await del(`/api/devicegroups/${id}`)).statusCode).toBe(409);
      await del(`/api/devicegroups/${id}/devices`);
      expect((await del(`/api/devicegroups/${id}`)).statusCode).toBe(200);
    });
  });

  describe('create, read, update', () => {
    it('creates a group from JSON and reads it back with its devices named', async () => {
      const id = await created({ name: '  Assembly  ', description: 'Hall 2', devices: [ids.press, ids.lathe] });
      const group = await read(id);
      expect(group).toEqual({
        id,
        name: 'Assembly',
        description: 'Hall 2',
        devices: [
          { id: ids.press, name: 'Press' },
          { id: ids.lathe, name: 'Lathe' },
        ].sort((a, b) => a.id! - b.id!),
        deviceCount: 2,
        workAverage: null,
        activityAverage: null,
        productivity: null,
      });
      const form = await definition(`/api/devicegroups/${id}/edit`);
      expect(form.data).toEqual({ name: 'Assembly', description: 'Hall 2', devices: [ids.press, ids.lathe].sort((a, b) => a! - b!) });
    });

    it('creates and updates from a form-encoded submit (repeated keys, name[] and an empty value for none)', async () => {
      const form = await definition('/api/devicegroups/new');
      const body = new URLSearchParams([
        ['token', form.token],
        ['name', 'Encoded'],
        ['description', ''],
        ['devices[]', String(ids.mill)],
        ['devices[]', String(ids.lathe)],
      ]);
      const response = await submitEncoded('POST', '/api/devicegroups', body);
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<{ id: number }>().id;
      expect((await read(id)).devices.map((d) => d.id)).toEqual([ids.lathe, ids.mill].sort((a, b) => a! - b!));
      expect((await read(id)).description).toBeNull();

      const edit = await definition(`/api/devicegroups/${id}/edit`);
      const update = await submitEncoded(
        'PUT',
        `/api/devicegroups/${id}`,
        new URLSearchParams({ token: edit.token, name: 'Encoded', description: 'Now described', devices: '' }),
      );
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toEqual({ id });
      expect(await read(id)).toMatchObject({ description: 'Now described', devices: [], deviceCount: 0 });
    });

    it('replaces the links on update and may keep its own name', async () => {
      const id = await created({ name: 'Replaced', devices: [ids.press, ids.lathe] });
      const response = await submit({ name: 'REPLACED', description: null, devices: [ids.mill, ids.press] }, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id });
      const group = await read(id);
      expect(group.name).toBe('REPLACED');
      expect(group.devices.map((d) => d.id)).toEqual([ids.mill, ids.press].sort((a, b) => a! - b!));
    });
  });

  describe('validation', () => {
    it('refuses a blank, too long or used name, and foreign or unknown devices, writing nothing', async () => {
      await created({ name: 'Taken', devices: [] });
      const before = await countGroups(company.id);
      expect(await fieldErrors({ name: '   ', devices: [] })).toEqual({ name: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ devices: [ids.press] })).toEqual({ name: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ name: 'x'.repeat(129) })).toEqual({ name: [MESSAGE_KEYS.tooLong] });
      expect(await fieldErrors({ name: 'Fine', description: 'd'.repeat(2001) })).toEqual({ description: [MESSAGE_KEYS.tooLong] });
      expect(await fieldErrors({ name: 'tAKEN' })).toEqual({ name: [ENTITY_MESSAGE_KEYS.nameInUse] });
      // One round: the group's own rules are told with the schema's mistakes.
      expect(await fieldErrors({ name: 'taken', description: 'd'.repeat(2001), devices: [ids.foreignDevice] })).toEqual({
        name: [ENTITY_MESSAGE_KEYS.nameInUse],
        description: [MESSAGE_KEYS.tooLong],
        devices: [MESSAGE_KEYS.incorrect],
      });
      expect(await fieldErrors({ name: 'Fine', devices: [ids.press, ids.foreignDevice] })).toEqual({ devices: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ name: 'Fine', devices: [999999] })).toEqual({ devices: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ name: 'Fine', devices: ['abc'] })).toEqual({ devices: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ name: { a: 1 }, devices: 'x' })).toEqual({ name: [MESSAGE_KEYS.incorrect], devices: [MESSAGE_KEYS.incorrect] });
      expect(await countGroups(company.id)).toBe(before);
      // A name another company uses is free.
      await created({ name: 'Foreign group' });
    });

    it('refuses renaming to a name in use, and keeps the group as it was', async () => {
      const id = await created({ name: 'Stays', devices: [ids.press] });
      await created({ name: 'Other name' });
      expect(await fieldErrors({ name: 'other NAME', devices: [ids.mill] }, { id })).toEqual({ name: [ENTITY_MESSAGE_KEYS.nameInUse] });
      expect(await fieldErrors({ name: 'Stays', devices: [ids.foreignDevice] }, { id })).toEqual({ devices: [MESSAGE_KEYS.incorrect] });
      expect(await read(id)).toMatchObject({ name: 'Stays', devices: [{ id: ids.press, name: 'Press' }] });
    });

    it("refuses a missing, forged, foreign or other form's token as a root error", async () => {
      const before = await countGroups(company.id);
      const id = await created({ name: 'Tokened' });
      const newToken = (await definition('/api/devicegroups/new')).token;
      const superNewToken = (await definition('/api/devicegroups/new', superToken)).token;
      const post = (body: Fields) =>
        ctx.app.inject({ method: 'POST', url: '/api/devicegroups', headers: bearer(token), payload: body as Record<string, unknown> });
      const put = (body: Fields) =>
        ctx.app.inject({ method: 'PUT', url: `/api/devicegroups/${id}`, headers: bearer(token), payload: body as Record<string, unknown> });
      const [expires] = newToken.split('.');
      for (const response of [
        await post({ name: 'No token' }),
        await post({ name: 'Forged', token: `${expires}.${'A'.repeat(43)}` }),
        await post({ name: 'Not mine', token: superNewToken }),
        await post({ name: 'Wrong kind', token: 42 }),
        await put({ name: 'New form token', token: newToken }),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(validationErrorSchema.parse(response.json())).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
      }
      expect(await countGroups(company.id)).toBe(before + 1);
      expect((await read(id)).name).toBe('Tokened');
    });

    it('answers 400, never 500, for bodies and ids of the wrong shape', async () => {
      const form = await definition('/api/devicegroups/new');
      for (const payload of [[1, 2], 'text', null]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/devicegroups',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const broken = await ctx.app.inject({
        method: 'POST',
        url: '/api/devicegroups',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(broken.statusCode).toBe(400);
      for (const url of ['/api/devicegroups/0', '/api/devicegroups/-1', '/api/devicegroups/1.5', '/api/devicegroups/99999999999']) {
        expect((await get(url)).statusCode, url).toBe(404);
        expect((await del(url)).statusCode, url).toBe(404);
      }
      const tooBig = await ctx.app.inject({
        method: 'PUT',
        url: '/api/devicegroups/99999999999',
        headers: bearer(token),
        payload: { token: form.token, name: 'x' },
      });
      expect(tooBig.statusCode).toBe(404);
    });
  });

  describe('list', () => {
    let fresh: TestCompany;
    let freshToken: string;
    const g: Record<string, number> = {};
    const d: Record<string, number> = {};

    beforeAll(async () => {
      const db = ctx.database.db;
      ({ company: fresh, token: freshToken } = await signedInCompany(ctx, `Listing ${process.pid}`));
      for (const name of ['A1', 'A2', 'A3', 'B1']) d[name] = (await createDevice(db, fresh.id, name)).id;
      g.beta = await createDeviceGroup(db, fresh.id, 'beta', [d.A1!, d.A2!, d.A3!]);
      g.alpha = await createDeviceGroup(db, fresh.id, 'Alpha', [d.B1!]);
      g.gamma = await createDeviceGroup(db, fresh.id, 'Gamma 100%', []);
      g.delta = await createDeviceGroup(db, fresh.id, 'delta', [d.A1!, d.B1!]);
    });
    const { list, names } = listClient(
      () => ctx,
      () => freshToken,
      '/api/devicegroups',
      deviceGroupPageSchema,
    );

    it('answers the entries the monitors read plus description, device count and the day figures, by name', async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      const entries = deviceGroupPageSchema.parse(response.json()).entries;
      expect(entries.map((e) => e.name)).toEqual(['Alpha', 'beta', 'delta', 'Gamma 100%']);
      expect(entries[1]).toEqual({
        id: g.beta,
        name: 'beta',
        description: null,
        devices: [d.A1, d.A2, d.A3].map((id) => ({ id })),
        deviceCount: 3,
        workAverage: null,
        activityAverage: null,
        productivity: null,
      });
      expect(response.headers[LIST_HEADERS.totalEntries]).toBe('4');
      expect(response.headers[LIST_HEADERS.pageEntries]).toBe('4');
      expect(response.headers[LIST_HEADERS.pageNumber]).toBe('1');
      expect(response.headers[LIST_HEADERS.totalPages]).toBe('1');
    });

    it('searches on the name, literally', async () => {
      expect(await names('?search=ET')).toEqual(['beta']);
      expect(await names('?search=%25')).toEqual(['Gamma 100%']);
      expect((await list('?search=_')).statusCode).toBe(204);
      expect((await list('?search=Foreign')).statusCode).toBe(204);
    });

    it('sorts by id, name and device count, ascending and descending, then by id', async () => {
      expect(await names('?sort=-name')).toEqual(['Gamma 100%', 'delta', 'beta', 'Alpha']);
      expect(await names('?sort=id')).toEqual(['beta', 'Alpha', 'Gamma 100%', 'delta']);
      expect(await names('?sort=-id')).toEqual(['delta', 'Gamma 100%', 'Alpha', 'beta']);
      expect(await names('?sort=deviceCount')).toEqual(['Gamma 100%', 'Alpha', 'delta', 'beta']);
      expect(await names('?sort=-deviceCount,name')).toEqual(['beta', 'delta', 'Alpha', 'Gamma 100%']);
      for (const sort of ['devices', 'company', '-', 'name;drop']) {
        const response = await list(`?sort=${encodeURIComponent(sort)}`);
        expect(response.statusCode, sort).toBe(400);
        expect(response.json()).toEqual({ errors: { sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
      }
    });

    it('pages: page and page_size with the paging headers, page_size=0 for everything, beyond the end empty', async () => {
      const second = await list('?page=2&page_size=3');
      expect(deviceGroupPageSchema.parse(second.json()).entries.map((e) => e.name)).toEqual(['Gamma 100%']);
      expect(second.headers[LIST_HEADERS.pageEntries]).toBe('1');
      expect(second.headers[LIST_HEADERS.pageNumber]).toBe('2');
      expect(second.headers[LIST_HEADERS.totalEntries]).toBe('4');
      expect(second.headers[LIST_HEADERS.totalPages]).toBe('2');
      const all = await list('?page_size=0');
      expect(all.json().entries).toHaveLength(4);
      expect(all.headers[LIST_HEADERS.totalPages]).toBe('1');
      const beyond = await list('?page=5&page_size=3');
      expect(beyond.statusCode).toBe(200);
      expect(beyond.json()).toEqual({ entries: [] });
      for (const query of ['?page=0', '?page_size=-1', '?page_size=1001', '?page=x']) expect((await list(query)).statusCode, query).toBe(400);
    });

    it('answers 204 with the headers when the company has no groups', async () => {
      const response = await list('', (await signedInCompany(ctx)).token);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers[LIST_HEADERS.totalEntries]).toBe('0');
    });

    it("lists only the caller's company, every company for a super-admin", async () => {
      const own = deviceGroupPageSchema.parse((await get('/api/devicegroups?page_size=0')).json()).entries.map((e) => e.id);
      expect(own).not.toContain(ids.foreignGroup);
      expect(own).not.toContain(g.beta);
      const all = deviceGroupPageSchema.parse((await get('/api/devicegroups?page_size=0', superToken)).json()).entries.map((e) => e.id);
      expect(all).toEqual(expect.arrayContaining([ids.foreignGroup, g.beta, ...own]));
    });
  });

  describe("today's figures", () => {
    it("averages today's work and activity over the group's devices, in the company's local today, with the productivity", async () => {
      const db = ctx.database.db;
      const a = (await createDevice(db, company.id, 'Fig A')).id;
      const b = (await createDevice(db, company.id, 'Fig B')).id;
      const c = (await createDevice(db, company.id, 'Fig C')).id;
      const idle = (await createDevice(db, company.id, 'Fig idle')).id;
      await writeDay(a, localToday(timezone), 3600, 7200);
      await writeDay(b, localToday(timezone), 1800, 1800);
      // Yesterday's and tomorrow's rows (company dates) do not count.
      await writeDay(a, localToday(timezone, -1), 99_999, 99_999);
      await writeDay(b, localToday(timezone, 1), 99_999, 99_999);
      await writeDay(idle, localToday(timezone), null, 600);
      const figures = await createDeviceGroup(db, company.id, 'Figures', [a, b, c]);
      const quiet = await createDeviceGroup(db, company.id, 'Quiet', [c]);
      const idling = await createDeviceGroup(db, company.id, 'Idling', [idle]);
      const entries = deviceGroupPageSchema.parse((await get('/api/devicegroups?page_size=0')).json()).entries;
      // 5400 s of work and 9000 s active over three devices.
      expect(entries.find((e) => e.id === figures)).toMatchObject({ deviceCount: 3, workAverage: 1800, activityAverage: 3000, productivity: 60 });
      expect(entries.find((e) => e.id === quiet)).toMatchObject({ deviceCount: 1, workAverage: null, activityAverage: null, productivity: null });
      expect(entries.find((e) => e.id === idling)).toMatchObject({ workAverage: null, activityAverage: 600, productivity: 0 });
      expect(await read(figures)).toMatchObject({ workAverage: 1800, activityAverage: 3000, productivity: 60 });
    });
  });

  describe('delete', () => {
    it('refuses to delete a group holding devices, naming them; unassign then delete', async () => {
      const id = await created({ name: 'Doomed', devices: [ids.press, ids.mill] });
      const blocked = await del(`/api/devicegroups/${id}`);
      expect(blocked.statusCode).toBe(409);
      const problem = problemSchema.parse(blocked.json());
      expect(problem.message).toBe(MESSAGE_KEYS.conflict);
      expect(problem.dependents).toEqual({
        devices: [
          { id: ids.press, name: 'Press' },
          { id: ids.mill, name: 'Mill' },
        ].sort((x, y) => x.id! - y.id!),
      });
      expect((await read(id)).deviceCount).toBe(2);

      const unassign = await del(`/api/devicegroups/${id}/devices`);
      expect(unassign.statusCode).toBe(200);
      expect(unassign.json()).toEqual({});
      expect(await read(id)).toMatchObject({ devices: [], deviceCount: 0 });
      // The devices stay, only the links go.
      expect((await get(`/api/devices/${ids.press}`)).statusCode).toBe(200);

      const deleted = await del(`/api/devicegroups/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({});
      expect((await get(`/api/devicegroups/${id}`)).statusCode).toBe(404);
      expect((await del(`/api/devicegroups/${id}`)).statusCode).toBe(404);
      expect((await del(`/api/devicegroups/${id}/devices`)).statusCode).toBe(404);
    });

    it('deletes an empty group at once', async () => {
      const id = await created({ name: 'Empty doomed' });
      expect((await del(`/api/devicegroups/${id}`)).statusCode).toBe(200);
      expect((await get(`/api/devicegroups/${id}`)).statusCode).toBe(404);
    });
  });

  describe('tenancy', () => {
    it("answers 404 for another company's group on every route, and changes nothing", async () => {
      const id = await created({ name: 'Private', devices: [ids.press] });
      const form = await definition('/api/devicegroups/new', otherToken);
      expect(form.choices.devices).toEqual([{ value: ids.foreignDevice, label: 'Foreign device' }]);
      for (const response of await strangerCalls(id, 'devices', otherToken, form.token)) {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Private');
      }
      expect(await read(id)).toMatchObject({ name: 'Private', deviceCount: 1 });
      // A company user cannot link another company's device even by sending its id.
      expect(await fieldErrors({ name: 'Linking', devices: [ids.press] }, { as: otherToken })).toEqual({ devices: [MESSAGE_KEYS.incorrect] });
    });

    it('requires a signed-in caller', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/devicegroups/new' })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/devicegroups/${ids.foreignGroup}` })).statusCode).toBe(401);
    });
  });

  describe('super-admin', () => {
    it('adds a first, required company field; a new group spans every company with the company named', async () => {
      const form = await definition('/api/devicegroups/new', superToken);
      expect(Object.keys(form.schema)).toEqual(['company', 'name', 'description', 'devices']);
      expect(form.schema.company).toMatchObject({ type: 'entity', required: true, multiple: false, disabled: false });
      expect(form.choices.company).toEqual(
        expect.arrayContaining([
          { value: company.id, label: company.name },
          { value: other.id, label: other.name },
        ]),
      );
      expect(form.choices.devices).toEqual(
        expect.arrayContaining([
          { value: ids.press, label: `${company.name} · Press` },
          { value: ids.foreignDevice, label: `${other.name} · Foreign device` },
        ]),
      );
      expect(form.data).toEqual({ company: null, name: null, description: null, devices: [] });
    });

    it("creates a group in the chosen company, refusing another company's devices and a missing company", async () => {
      expect(await fieldErrors({ name: 'No company' }, { as: superToken })).toEqual({ company: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ company: 999999, name: 'Unknown company' }, { as: superToken })).toEqual({ company: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ company: company.id, name: 'Mixed', devices: [ids.press, ids.foreignDevice] }, { as: superToken })).toEqual({
        devices: [MESSAGE_KEYS.incorrect],
      });
      await created({ name: 'Taken by super' });
      expect(await fieldErrors({ company: company.id, name: 'taken by SUPER' }, { as: superToken })).toEqual({ name: [ENTITY_MESSAGE_KEYS.nameInUse] });
      const id = await created({ company: company.id, name: 'Made by super', devices: [ids.lathe] }, superToken);
      const group = await read(id);
      expect(group.devices).toEqual([{ id: ids.lathe, name: 'Lathe' }]);
      // The company's own users see it.
      expect((await get(`/api/devicegroups/${id}`)).statusCode).toBe(200);
      expect((await get(`/api/devicegroups/${id}`, otherToken)).statusCode).toBe(404);
    });

    it("edits with the company fixed (disabled, sent value ignored) and the company's devices only", async () => {
      const id = await created({ name: 'Fixed company', devices: [ids.mill] });
      const form = await definition(`/api/devicegroups/${id}/edit`, superToken);
      expect(form.schema.company).toMatchObject({ type: 'entity', required: true, disabled: true });
      expect(form.data).toEqual({ company: company.id, name: 'Fixed company', description: null, devices: [ids.mill] });
      expect(form.choices.devices!.map((c) => c.label)).toEqual(['Fig A', 'Fig B', 'Fig C', 'Fig idle', 'Lathe', 'Mill', 'Press']);
      const response = await submit({ company: other.id, name: 'Fixed company', devices: [ids.press] }, { id, as: superToken });
      expect(response.statusCode, response.body).toBe(200);
      expect(await read(id)).toMatchObject({ devices: [{ id: ids.press, name: 'Press' }] });
      expect(await fieldErrors({ name: 'Fixed company', devices: [ids.foreignDevice] }, { id, as: superToken })).toEqual({ devices: [MESSAGE_KEYS.incorrect] });
    });
  });
});
