import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_OPERATOR_HISTORY_LIMIT,
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  LIST_HEADERS,
  MAX_OPERATORS_PER_DEVICE,
  MESSAGE_KEYS,
  deviceOperatorDetailSchema,
  deviceOperatorListSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { bearer, createDevice, signedInCompany } from './fixtures.ts';
import { createManageContext, manageClient } from './manage-fixtures.ts';
import { createOperator, createOperatorGroup } from './telemetry-fixtures.ts';

describe('/api/deviceoperators: list, form, read, delete', () => {
  let ctx: TestContext;
  let company: TestCompany;
  let other: TestCompany;
  let token: string;
  let otherToken: string;
  let superToken: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ ctx, company, other, token, otherToken, superToken } = await createManageContext());
    const db = ctx.database.db;
    ids.crew = await createOperatorGroup(db, company.id, 'Crew');
    ids.night = await createOperatorGroup(db, company.id, 'Night');
    ids.foreignCrew = await createOperatorGroup(db, other.id, 'Foreign crew');
    ids.press = (await createDevice(db, company.id, 'Press')).id;
    ids.lathe = (await createDevice(db, company.id, 'Lathe')).id;
    ids.mill = (await createDevice(db, company.id, 'Mill')).id;
    ids.foreignDevice = (await createDevice(db, other.id, 'Foreign device')).id;
  });
  afterAll(() => ctx?.close());

  const client = manageClient(
    () => ctx,
    () => token,
    '/api/deviceoperators',
    deviceOperatorDetailSchema,
  );
  const { get, del, definition, submit, submitEncoded, created, fieldErrors } = client;
  const countOperators = async (companyId: number) =>
    (
      await ctx.database.db
        .selectFrom('operators')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n;

  describe('form definitions', () => {
    it("answers the new form: fields in order with their types and flags, choices of the caller's company only, a token", async () => {
      const form = await definition('/api/deviceoperators/new');
      expect(Object.keys(form.schema)).toEqual([
        'firstname',
        'lastname',
        'email',
        'group',
        'position',
        'rfid',
        'phone',
        'supervisor',
        'companyName',
        'devices',
      ]);
      expect(form.schema.firstname).toMatchObject({ type: 'text', required: true, maxLength: 64, icon: 'person', disabled: false });
      expect(form.schema.lastname).toMatchObject({ type: 'text', required: true, maxLength: 64, icon: 'person' });
      expect(form.schema.email).toMatchObject({ type: 'email', required: false, maxLength: 180, icon: 'email' });
      expect(form.schema.group).toMatchObject({ type: 'entity', required: false, multiple: false, icon: 'group' });
      expect(form.schema.position).toMatchObject({ type: 'text', maxLength: 128 });
      expect(form.schema.rfid).toMatchObject({ type: 'text', changeToUpperCase: true, maxLength: 64, icon: 'rfid' });
      expect(form.schema.phone).toMatchObject({ type: 'text', icon: 'phone' });
      expect(form.schema.supervisor).toMatchObject({ type: 'text', required: false });
      expect(form.schema.companyName).toMatchObject({ type: 'text', required: false });
      expect(form.schema.devices).toMatchObject({ type: 'entity', multiple: true, icon: 'device', required: false });
      expect(Object.values(form.schema).every((f) => typeof f.label === 'string' && f.label.length > 0)).toBe(true);
      expect(form.choices.group).toEqual([
        { value: ids.crew, label: 'Crew' },
        { value: ids.night, label: 'Night' },
      ]);
      expect(form.choices.devices).toEqual([
        { value: ids.lathe, label: 'Lathe' },
        { value: ids.mill, label: 'Mill' },
        { value: ids.press, label: 'Press' },
      ]);
      expect(form.choices.company).toBeUndefined();
      expect(form.data).toEqual({
        firstname: null,
        lastname: null,
        email: null,
        group: null,
        position: null,
        rfid: null,
        phone: null,
        supervisor: null,
        companyName: null,
        devices: [],
      });
      expect(form.token).toMatch(/^\d+\.[\w-]{43}$/);
    });

    it('answers the edit form filled with the row', async () => {
      const id = await created({ firstname: 'Edith', lastname: 'Form', rfid: 'ed1', group: ids.night, devices: [ids.mill], phone: '+48 600 100 200' });
      const form = await definition(`/api/deviceoperators/${id}/edit`);
      expect(form.data).toEqual({
        firstname: 'Edith',
        lastname: 'Form',
        email: null,
        group: ids.night,
        position: null,
        rfid: 'ED1',
        phone: '+48 600 100 200',
        supervisor: null,
        companyName: null,
        devices: [ids.mill],
      });
      expect(form.schema.company).toBeUndefined();
    });
  });

  describe('create, read and update', () => {
    it('creates an operator from JSON and reads it back with its devices', async () => {
      const id = await created({
        firstname: ' Anna ',
        lastname: 'Nowak',
        email: 'anna@example.test',
        group: ids.crew,
        position: 'Forklift driver',
        rfid: 'ab12cd',
        phone: '+48 601-234-567',
        supervisor: 'Jan Kowalski',
        companyName: 'Temp Agency',
        devices: [ids.press, ids.lathe],
      });
      const response = await get(`/api/deviceoperators/${id}`);
      expect(response.statusCode).toBe(200);
      expect(deviceOperatorDetailSchema.parse(response.json())).toEqual({
        id,
        name: 'Anna Nowak',
        firstname: 'Anna',
        lastname: 'Nowak',
        email: 'anna@example.test',
        group: { id: ids.crew, name: 'Crew' },
        position: 'Forklift driver',
        rfid: 'AB12CD',
        phone: '+48 601-234-567',
        supervisor: 'Jan Kowalski',
        companyName: 'Temp Agency',
        deviceCount: 2,
        devices: [
          { id: ids.lathe, name: 'Lathe' },
          { id: ids.press, name: 'Press' },
        ],
        history: [],
      });
    });

    it('creates from a form-encoded submit: repeated keys or name[] for several devices, name= for none', async () => {
      const form = await definition('/api/deviceoperators/new');
      const post = (pairs: [string, string][]) => submitEncoded('POST', '/api/deviceoperators', new URLSearchParams([...pairs, ['token', form.token]]));
      const repeated = await post([
        ['firstname', 'Form'],
        ['lastname', 'Encoded'],
        ['group', String(ids.night)],
        ['devices', String(ids.press)],
        ['devices', String(ids.mill)],
        ['email', ''],
      ]);
      expect(repeated.statusCode, repeated.body).toBe(201);
      const first = deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${repeated.json().id}`)).json());
      expect(first.devices.map((d) => d.id)).toEqual([ids.mill, ids.press]);
      expect(first).toMatchObject({ email: null, group: { id: ids.night } });
      const brackets = await post([
        ['firstname', 'Brackets'],
        ['lastname', 'Encoded'],
        ['devices[]', String(ids.lathe)],
      ]);
      expect(brackets.statusCode, brackets.body).toBe(201);
      expect(deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${brackets.json().id}`)).json()).devices.map((d) => d.id)).toEqual([ids.lathe]);
      const none = await post([
        ['firstname', 'None'],
        ['lastname', 'Encoded'],
        ['devices', ''],
      ]);
      expect(none.statusCode, none.body).toBe(201);
      expect(deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${none.json().id}`)).json()).deviceCount).toBe(0);
      const invalid = await submitEncoded(
        'POST',
        '/api/deviceoperators',
        new URLSearchParams([
          ['firstname', 'No'],
          ['lastname', 'Token'],
        ]),
      );
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    });

    it('updates an operator, replacing its device links', async () => {
      const id = await created({ firstname: 'Bartek', lastname: 'Kowal', rfid: 'B-1', devices: [ids.press, ids.lathe] });
      const response = await submit({ firstname: 'Bartosz', lastname: 'Kowal', rfid: 'b-1', group: ids.night, devices: [ids.mill, ids.lathe] }, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id });
      const read = deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${id}`)).json());
      expect(read).toMatchObject({ name: 'Bartosz Kowal', rfid: 'B-1', group: { id: ids.night, name: 'Night' }, deviceCount: 2 });
      expect(read.devices).toEqual([
        { id: ids.lathe, name: 'Lathe' },
        { id: ids.mill, name: 'Mill' },
      ]);
      // Clearing fields clears them: an absent value is empty.
      expect((await submit({ firstname: 'Bartosz', lastname: 'Kowal' }, { id })).statusCode).toBe(200);
      expect(deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${id}`)).json())).toMatchObject({
        rfid: null,
        group: null,
        devices: [],
        deviceCount: 0,
      });
    });

    it('reads the last sessions newest first, with work and active summed over their dates, at most 50', async () => {
      const db = ctx.database.db;
      const id = await created({ firstname: 'Session', lastname: 'Reader', rfid: 'SES-1', devices: [ids.press] });
      const elsewhere = await created({ firstname: 'Someone', lastname: 'Else', rfid: 'SES-2' });
      // 55 older closed sessions a day apart, with no work recorded; then one spanning two dates and one still open.
      await sql`
        insert into operator_sessions (company_id, device_id, operator_id, rfid, started_at, ended_at)
        select ${company.id}::int, ${ids.lathe}::int, ${id}::int, 'SES-1', timestamptz '2026-01-01 06:00+00' - make_interval(days => n), timestamptz '2026-01-01 07:00+00' - make_interval(days => n)
        from generate_series(1, 55) n`.execute(db);
      const spanning = await db
        .insertInto('operator_sessions')
        .values({
          company_id: company.id,
          device_id: ids.press!,
          operator_id: id,
          rfid: 'SES-1',
          started_at: new Date('2026-01-14T22:00:00Z'),
          ended_at: new Date('2026-01-15T02:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('operator_session_days')
        .values([
          { session_id: spanning.id, company_id: company.id, day: '2026-01-14', work: 600, active: 900 },
          { session_id: spanning.id, company_id: company.id, day: '2026-01-15', work: 300, active: null },
        ])
        .execute();
      await db
        .insertInto('operator_sessions')
        .values([
          { company_id: company.id, device_id: ids.press!, operator_id: id, rfid: 'SES-1', started_at: new Date('2026-01-16T08:00:00Z'), ended_at: null },
          { company_id: company.id, device_id: ids.mill!, operator_id: elsewhere, rfid: 'SES-2', started_at: new Date('2026-01-17T08:00:00Z'), ended_at: null },
          { company_id: company.id, device_id: ids.mill!, operator_id: null, rfid: 'UNKNOWN', started_at: new Date('2026-01-18T08:00:00Z'), ended_at: null },
        ])
        .execute();
      const body = deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${id}`)).json());
      expect(body.history).toHaveLength(DEVICE_OPERATOR_HISTORY_LIMIT);
      expect(body.history.slice(0, 3)).toEqual([
        { device: { id: ids.press, name: 'Press' }, start: '2026-01-16T08:00:00.000Z', end: null, workSeconds: null, activeSeconds: null },
        { device: { id: ids.press, name: 'Press' }, start: '2026-01-14T22:00:00.000Z', end: '2026-01-15T02:00:00.000Z', workSeconds: 900, activeSeconds: 900 },
        {
          device: { id: ids.lathe, name: 'Lathe' },
          start: '2025-12-31T06:00:00.000Z',
          end: '2025-12-31T07:00:00.000Z',
          workSeconds: null,
          activeSeconds: null,
        },
      ]);
      expect(body.history.at(-1)!.start).toBe('2025-11-14T06:00:00.000Z');
    });
  });

  describe('the list', () => {
    let listToken: string;
    const list: Record<string, number> = {};

    beforeAll(async () => {
      const db = ctx.database.db;
      const { company: listed, token: listedToken } = await signedInCompany(ctx);
      listToken = listedToken;
      list.lucyna = await createOperatorGroup(db, listed.id, 'Lucyna');
      list.lukasz = await createOperatorGroup(db, listed.id, 'Łukasz');
      const device = await createDevice(db, listed.id, 'Listed device');
      const add = async (key: string, firstname: string, lastname: string, rfid: string | null, groupId: number | null, email: string | null = null) => {
        list[key] = await createOperator(db, listed.id, { firstname, lastname, rfid, groupId });
        if (email) await db.updateTable('operators').set({ email }).where('id', '=', list[key]!).execute();
      };
      await add('zak', 'Ewa', 'Żak', 'RF-10', list.lukasz);
      await add('zajac', 'Adam', 'Zając', null, list.lucyna, 'adam@zajac.test');
      await add('lukowska', 'Ola', 'Łukowska', 'RF-2', null);
      await add('lis', 'Piotr', 'Lis', 'RF-1', list.lucyna);
      await add('cwik', 'Ćma', 'Ćwik', null, list.lukasz);
      await add('czech', 'Jan', 'Czech', 'RF-3', null);
      await add('lisAnna', 'Anna', 'Lis', 'RF-4', null);
      await db.insertInto('device_operators').values({ company_id: listed.id, device_id: device.id, operator_id: list.lis! }).execute();
    });

    const listIds = async (url: string) => {
      const response = await get(url, listToken);
      expect(response.statusCode, url).toBe(200);
      return deviceOperatorListSchema.parse(response.json()).entries.map((e) => e.id);
    };

    it('answers the full entries by last name, then first name, in the Polish collation', async () => {
      const response = await get('/api/deviceoperators', listToken);
      const entries = deviceOperatorListSchema.parse(response.json()).entries;
      expect(entries.map((e) => e.name)).toEqual(['Jan Czech', 'Ćma Ćwik', 'Anna Lis', 'Piotr Lis', 'Ola Łukowska', 'Adam Zając', 'Ewa Żak']);
      expect(entries.find((e) => e.id === list.lis)).toEqual({
        id: list.lis,
        name: 'Piotr Lis',
        firstname: 'Piotr',
        lastname: 'Lis',
        email: null,
        group: { id: list.lucyna, name: 'Lucyna' },
        position: null,
        rfid: 'RF-1',
        phone: null,
        supervisor: null,
        companyName: null,
        deviceCount: 1,
      });
      expect(response.headers[LIST_HEADERS.totalEntries]).toBe('7');
      expect(await listIds('/api/deviceoperators?sort=-name&page_size=0')).toEqual([
        list.zak,
        list.zajac,
        list.lukowska,
        list.lis,
        list.lisAnna,
        list.cwik,
        list.czech,
      ]);
    });

    it('sorts by id, rfid and group (absent values last), in either direction', async () => {
      const all = Object.values(list).filter((id) => id !== list.lucyna && id !== list.lukasz);
      expect(await listIds('/api/deviceoperators?sort=id&page_size=0')).toEqual([...all].sort((a, b) => a - b));
      expect(await listIds('/api/deviceoperators?sort=-id&page_size=0')).toEqual([...all].sort((a, b) => b - a));
      // Numeric collation: RF-2 before RF-10; equal keys (no card) by id.
      expect(await listIds('/api/deviceoperators?sort=rfid&page_size=0')).toEqual([
        list.lis,
        list.lukowska,
        list.czech,
        list.lisAnna,
        list.zak,
        list.zajac,
        list.cwik,
      ]);
      expect(await listIds('/api/deviceoperators?sort=-rfid&page_size=0')).toEqual([
        list.zajac,
        list.cwik,
        list.zak,
        list.lisAnna,
        list.czech,
        list.lukowska,
        list.lis,
      ]);
      expect(await listIds('/api/deviceoperators?sort=group,name&page_size=0')).toEqual([
        list.lis,
        list.zajac,
        list.cwik,
        list.zak,
        list.czech,
        list.lisAnna,
        list.lukowska,
      ]);
      expect(await listIds('/api/deviceoperators?sort=-group,name&page_size=0')).toEqual([
        list.czech,
        list.lisAnna,
        list.lukowska,
        list.cwik,
        list.zak,
        list.lis,
        list.zajac,
      ]);
      expect(await listIds('/api/deviceoperators?sort=firstname&page_size=0')).toEqual([
        list.zajac,
        list.lisAnna,
        list.cwik,
        list.zak,
        list.czech,
        list.lukowska,
        list.lis,
      ]);
    });

    it('searches names ("first last" and "last first"), e-mail and RFID without regard to case', async () => {
      expect(await listIds('/api/deviceoperators?search=lis')).toEqual([list.lisAnna, list.lis]);
      expect(await listIds('/api/deviceoperators?search=piotr%20lis')).toEqual([list.lis]);
      expect(await listIds('/api/deviceoperators?search=lis%20anna')).toEqual([list.lisAnna]);
      expect(await listIds('/api/deviceoperators?search=%40ZAJAC')).toEqual([list.zajac]);
      expect(await listIds('/api/deviceoperators?search=rf-1')).toEqual([list.lis, list.zak]);
      expect((await get('/api/deviceoperators?search=nobody', listToken)).statusCode).toBe(204);
      expect((await get('/api/deviceoperators?search=%25', listToken)).statusCode).toBe(204);
    });

    it('filters by operator group', async () => {
      const filter = (value: unknown) => `/api/deviceoperators?filter=${encodeURIComponent(JSON.stringify(value))}`;
      expect(await listIds(filter({ group: list.lucyna }))).toEqual([list.lis, list.zajac]);
      expect(await listIds(filter({ group: String(list.lukasz) }))).toEqual([list.cwik, list.zak]);
      expect((await get(filter({ group: ids.crew }), listToken)).statusCode).toBe(204);
      for (const bad of [{ group: 'x' }, { group: -1 }, { group: 1.5 }, { group: [1] }, { group: 1e12 }]) {
        const response = await get(filter(bad), listToken);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json()).toEqual({ errors: { filter: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
      }
      expect((await get('/api/deviceoperators?filter=%7Bnot', listToken)).json()).toEqual({ errors: { filter: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    });

    it('pages after sorting, with the paging headers; page_size=0 is every entry', async () => {
      const page = await get('/api/deviceoperators?page=2&page_size=3', listToken);
      expect(page.statusCode).toBe(200);
      expect(page.json().entries.map((e: { id: number }) => e.id)).toEqual([list.lis, list.lukowska, list.zajac]);
      expect(page.headers[LIST_HEADERS.pageEntries]).toBe('3');
      expect(page.headers[LIST_HEADERS.pageNumber]).toBe('2');
      expect(page.headers[LIST_HEADERS.totalEntries]).toBe('7');
      expect(page.headers[LIST_HEADERS.totalPages]).toBe('3');
      const last = await get('/api/deviceoperators?page=3&page_size=3', listToken);
      expect(last.json().entries.map((e: { id: number }) => e.id)).toEqual([list.zak]);
      const beyond = await get('/api/deviceoperators?page=9&page_size=3', listToken);
      expect(beyond.statusCode).toBe(200);
      expect(beyond.json().entries).toEqual([]);
      const every = await get('/api/deviceoperators?page_size=0', listToken);
      expect(every.json().entries).toHaveLength(7);
      expect(every.headers[LIST_HEADERS.totalPages]).toBe('1');
    });

    it('refuses a bad sort or page without a 500', async () => {
      for (const query of ['sort=devices', 'sort=name,-email', 'page=0', 'page_size=-1', 'page_size=x', 'page=1.5']) {
        const response = await get(`/api/deviceoperators?${query}`, listToken);
        expect(response.statusCode, query).toBe(400);
        expect(Object.keys(validationErrorSchema.parse(response.json()).errors).length, query).toBe(1);
      }
    });

    it('shows no other company its operators; a super-admin sees every company', async () => {
      const stranger = await get('/api/deviceoperators?page_size=0', otherToken);
      const strangerIds = stranger.statusCode === 204 ? [] : deviceOperatorListSchema.parse(stranger.json()).entries.map((e) => e.id);
      expect(strangerIds).not.toContain(list.lis);
      const everything = deviceOperatorListSchema.parse((await get('/api/deviceoperators?page_size=0', superToken)).json()).entries.map((e) => e.id);
      expect(everything).toEqual(expect.arrayContaining(Object.values(list).filter((id) => id !== list.lucyna && id !== list.lukasz)));
    });
  });

  describe('validation', () => {
    it('refuses blank and too long names, a bad e-mail, a too long position or card', async () => {
      expect(await fieldErrors({ firstname: '  ', lastname: '' })).toEqual({ firstname: [MESSAGE_KEYS.notBlank], lastname: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ lastname: 'x' })).toEqual({ firstname: [MESSAGE_KEYS.notBlank] });
      expect(
        await fieldErrors({ firstname: 'x'.repeat(65), lastname: 'y'.repeat(65), email: 'not-an-email', position: 'p'.repeat(129), rfid: 'r'.repeat(65) }),
      ).toEqual({
        firstname: [MESSAGE_KEYS.tooLong],
        lastname: [MESSAGE_KEYS.tooLong],
        email: [MESSAGE_KEYS.incorrect],
        position: [MESSAGE_KEYS.tooLong],
        rfid: [MESSAGE_KEYS.tooLong],
      });
      expect(await fieldErrors({ firstname: 'x', lastname: 'y', email: `${'e'.repeat(176)}@a.pl` })).toEqual({ email: [MESSAGE_KEYS.tooLong] });
      expect((await submit({ firstname: 'x'.repeat(64), lastname: 'y'.repeat(64), email: 'ok@example.test' })).statusCode).toBe(201);
    });

    it('refuses a card another operator of the company has, in any letter case, but not one of another company', async () => {
      const id = await created({ firstname: 'Card', lastname: 'Holder', rfid: 'CaRd-77' });
      expect(await fieldErrors({ firstname: 'Second', lastname: 'Holder', rfid: 'card-77' })).toEqual({ rfid: [ENTITY_MESSAGE_KEYS.rfidInUse] });
      // The holder keeps it on update.
      expect((await submit({ firstname: 'Card', lastname: 'Holder', rfid: 'card-77' }, { id })).statusCode).toBe(200);
      const other = await created({ firstname: 'Other', lastname: 'Company', rfid: 'card-77' }, otherToken);
      expect(deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${other}`, otherToken)).json()).rfid).toBe('CARD-77');
      // Another operator may not take it on update either.
      const second = await created({ firstname: 'Second', lastname: 'Holder' });
      expect(await fieldErrors({ firstname: 'Second', lastname: 'Holder', rfid: 'CARD-77' }, { id: second })).toEqual({
        rfid: [ENTITY_MESSAGE_KEYS.rfidInUse],
      });
    });

    it('lets one of two submits of a new card at once have it; the other is told it is in use', async () => {
      const forms = await Promise.all([definition('/api/deviceoperators/new'), definition('/api/deviceoperators/new')]);
      const responses = await Promise.all(
        forms.map((form, n) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/deviceoperators',
            headers: bearer(token),
            payload: { token: form.token, firstname: `Racer ${n}`, lastname: 'Card', rfid: 'race-1' },
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(responses.find((r) => r.statusCode === 400)!.json()).toEqual({ errors: { rfid: [ENTITY_MESSAGE_KEYS.rfidInUse] }, rootErrors: [] });
    });

    it('tells the card in use and a bad phone together with the schema’s mistakes, in one round', async () => {
      await created({ firstname: 'Card', lastname: 'Owner', rfid: 'one-round' });
      expect(await fieldErrors({ firstname: '', lastname: 'Late', email: 'not-an-email', rfid: 'ONE-ROUND', phone: '600100200' })).toEqual({
        firstname: [MESSAGE_KEYS.notBlank],
        email: [MESSAGE_KEYS.incorrect],
        rfid: [ENTITY_MESSAGE_KEYS.rfidInUse],
        phone: [ENTITY_MESSAGE_KEYS.phone],
      });
      // A field the schema refused is not checked again: a too long card is only too long.
      expect(await fieldErrors({ firstname: 'x', lastname: 'y', rfid: 'r'.repeat(65), phone: 'abc' })).toEqual({
        rfid: [MESSAGE_KEYS.tooLong],
        phone: [ENTITY_MESSAGE_KEYS.phone],
      });
    });

    it("refuses a phone without '+' and an area code, or too short, or with letters", async () => {
      for (const phone of ['48 600 100 200', '600100200', '+48', '+48 1', '+4812', 'phone', '+48 600 abc 200', '++48600100200']) {
        expect(await fieldErrors({ firstname: 'Phone', lastname: 'Owner', phone }), phone).toEqual({ phone: [ENTITY_MESSAGE_KEYS.phone] });
      }
      for (const phone of ['+48600100200', '+1 555-0100-22', '+371 2000 0000']) {
        expect((await submit({ firstname: 'Phone', lastname: 'Owner', phone })).statusCode, phone).toBe(201);
      }
    });

    it(`refuses the ${MAX_OPERATORS_PER_DEVICE + 1}th operator of a device, writing nothing`, async () => {
      const db = ctx.database.db;
      const full = await createDevice(db, company.id, 'Full device');
      const crew: number[] = [];
      for (let n = 0; n < MAX_OPERATORS_PER_DEVICE; n++) crew.push(await createOperator(db, company.id, { firstname: 'Full', lastname: `Crew ${n}` }));
      await db
        .insertInto('device_operators')
        .values(crew.map((operator_id) => ({ company_id: company.id, device_id: full.id, operator_id })))
        .execute();
      const before = await countOperators(company.id);
      expect(await fieldErrors({ firstname: 'One', lastname: 'Too many', devices: [ids.press, full.id] })).toEqual({
        devices: [ENTITY_MESSAGE_KEYS.tooManyOperators],
      });
      expect(await countOperators(company.id)).toBe(before);
      const outsider = await created({ firstname: 'Out', lastname: 'Sider', devices: [ids.press] });
      expect(await fieldErrors({ firstname: 'Out', lastname: 'Sider', devices: [full.id] }, { id: outsider })).toEqual({
        devices: [ENTITY_MESSAGE_KEYS.tooManyOperators],
      });
      // The update failed as a whole: the links are those before it.
      expect(deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${outsider}`)).json()).devices.map((d) => d.id)).toEqual([ids.press]);
      // One of the sixteen keeps the device when saved again.
      expect((await submit({ firstname: 'Full', lastname: 'Crew 0', devices: [full.id, ids.mill] }, { id: crew[0]! })).statusCode).toBe(200);
    });

    it("refuses another company's or an unknown group or device, and values of the wrong kind", async () => {
      const before = await countOperators(company.id);
      expect(await fieldErrors({ firstname: 'A', lastname: 'B', group: ids.foreignCrew, devices: [ids.foreignDevice] })).toEqual({
        group: [MESSAGE_KEYS.incorrect],
        devices: [MESSAGE_KEYS.incorrect],
      });
      expect(await fieldErrors({ firstname: 'A', lastname: 'B', group: 999999, devices: [ids.press, 999999] })).toEqual({
        group: [MESSAGE_KEYS.incorrect],
        devices: [MESSAGE_KEYS.incorrect],
      });
      expect(await fieldErrors({ firstname: { a: 1 }, lastname: ['B', 'C', { x: 1 }], group: 'crew', devices: 'x', email: 5 })).toEqual({
        firstname: [MESSAGE_KEYS.incorrect],
        lastname: [MESSAGE_KEYS.incorrect],
        group: [MESSAGE_KEYS.incorrect],
        devices: [MESSAGE_KEYS.incorrect],
        email: [MESSAGE_KEYS.incorrect],
      });
      // A number where text is expected is taken as its text: here a phone without '+'.
      expect(await fieldErrors({ firstname: 'A', lastname: 'B', phone: 48600100200 })).toEqual({ phone: [ENTITY_MESSAGE_KEYS.phone] });
      expect(await countOperators(company.id)).toBe(before);
    });

    it('refuses a missing, forged or foreign token before anything else', async () => {
      const rootError = { errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] };
      const missing = await submit({ firstname: '', lastname: '' }, { token: null });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual(rootError);
      const forged = await submit({ firstname: 'A', lastname: 'B' }, { token: `${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}` });
      expect(forged.json()).toEqual(rootError);
      expect((await submit({ firstname: 'A', lastname: 'B' }, { token: 'nonsense' })).json()).toEqual(rootError);
      // Another row's token, and another user's.
      const first = await created({ firstname: 'Token', lastname: 'One' });
      const second = await created({ firstname: 'Token', lastname: 'Two' });
      const firstToken = (await definition(`/api/deviceoperators/${first}/edit`)).token;
      expect((await submit({ firstname: 'X', lastname: 'Y' }, { id: second, token: firstToken })).json()).toEqual(rootError);
      const strangersToken = (await definition('/api/deviceoperators/new', otherToken)).token;
      expect((await submit({ firstname: 'X', lastname: 'Y' }, { token: strangersToken })).json()).toEqual(rootError);
      // A token of the new form is not one for editing.
      const newToken = (await definition('/api/deviceoperators/new')).token;
      expect((await submit({ firstname: 'X', lastname: 'Y' }, { id: first, token: newToken })).json()).toEqual(rootError);
    });

    it('answers 400, never 500, for bodies that are not a form', async () => {
      for (const payload of ['[1,2]', '"text"', '{bad json', 'null']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/deviceoperators',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, payload).toBe(400);
      }
      const id = await created({ firstname: 'Param', lastname: 'Checks' });
      for (const url of ['/api/deviceoperators/abc', '/api/deviceoperators/0', '/api/deviceoperators/99999999999', `/api/deviceoperators/${id}.5`]) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
      expect((await del('/api/deviceoperators/abc')).statusCode).toBe(404);
      // Text PostgreSQL cannot store or compare (NUL).
      expect(await fieldErrors({ firstname: 'a\u0000b', lastname: 'Nul', rfid: 'r\u0000', phone: '+48 600\u0000100 200' })).toEqual({
        firstname: [MESSAGE_KEYS.incorrect],
        rfid: [MESSAGE_KEYS.incorrect],
        phone: [MESSAGE_KEYS.incorrect],
      });
      for (const url of ['/api/deviceoperators?search=a%00b', '/api/deviceoperatorgroups?search=%00']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ errors: { search: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
      }
    });
  });

  describe('delete', () => {
    it('refuses to delete an operator assigned to devices, naming them; unassigns them; then deletes it, keeping its sessions', async () => {
      const db = ctx.database.db;
      const id = await created({ firstname: 'Leaving', lastname: 'Soon', rfid: 'LEAVE-1', devices: [ids.press, ids.lathe] });
      await db
        .insertInto('operator_sessions')
        .values({
          company_id: company.id,
          device_id: ids.press!,
          operator_id: id,
          rfid: 'LEAVE-1',
          started_at: new Date('2026-02-01T08:00:00Z'),
          ended_at: new Date('2026-02-01T09:00:00Z'),
        })
        .execute();
      const blocked = await del(`/api/deviceoperators/${id}`);
      expect(blocked.statusCode).toBe(409);
      expect(problemSchema.parse(blocked.json()).dependents).toEqual({
        devices: [
          { id: ids.lathe, name: 'Lathe' },
          { id: ids.press, name: 'Press' },
        ],
      });
      expect((await get(`/api/deviceoperators/${id}`)).statusCode).toBe(200);
      const unassigned = await del(`/api/deviceoperators/${id}/devices`);
      expect(unassigned.statusCode).toBe(200);
      expect(unassigned.json()).toEqual({});
      expect(deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${id}`)).json())).toMatchObject({ devices: [], deviceCount: 0 });
      const deleted = await del(`/api/deviceoperators/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({});
      expect((await get(`/api/deviceoperators/${id}`)).statusCode).toBe(404);
      expect((await del(`/api/deviceoperators/${id}`)).statusCode).toBe(404);
      expect((await del(`/api/deviceoperators/${id}/devices`)).statusCode).toBe(404);
      // The session stays, as one of a card no operator carries.
      const sessions = await db.selectFrom('operator_sessions').select(['operator_id', 'rfid']).where('rfid', '=', 'LEAVE-1').execute();
      expect(sessions).toEqual([{ operator_id: null, rfid: 'LEAVE-1' }]);
      // Its card is free again.
      expect((await submit({ firstname: 'New', lastname: 'Holder', rfid: 'leave-1' })).statusCode).toBe(201);
    });
  });

  describe('tenancy', () => {
    it("answers 404 for another company's operator and for an unknown one, on every route", async () => {
      const id = await created({ firstname: 'Private', lastname: 'Person', devices: [ids.press] });
      const strangerForm = await definition('/api/deviceoperators/new', otherToken);
      for (const [as, target] of [
        [otherToken, id],
        [token, 999999],
      ] as const) {
        expect((await get(`/api/deviceoperators/${target}`, as)).statusCode).toBe(404);
        expect((await get(`/api/deviceoperators/${target}/edit`, as)).statusCode).toBe(404);
        const put = await ctx.app.inject({
          method: 'PUT',
          url: `/api/deviceoperators/${target}`,
          headers: bearer(as),
          payload: { firstname: 'Taken', lastname: 'Over', token: strangerForm.token },
        });
        expect(put.statusCode).toBe(404);
        expect((await del(`/api/deviceoperators/${target}/devices`, as)).statusCode).toBe(404);
        expect((await del(`/api/deviceoperators/${target}`, as)).statusCode).toBe(404);
      }
      const untouched = deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${id}`)).json());
      expect(untouched).toMatchObject({ firstname: 'Private', deviceCount: 1 });
      expect((await get(`/api/deviceoperators/${id}`)).body).not.toContain(other.name);
    });
  });

  describe('a super-admin', () => {
    it('first picks the company of a new operator; choices span companies, prefixed with the company', async () => {
      const form = await definition('/api/deviceoperators/new', superToken);
      expect(Object.keys(form.schema)[0]).toBe('company');
      expect(form.schema.company).toMatchObject({ type: 'entity', required: true, disabled: false, multiple: false });
      expect(form.data.company).toBeNull();
      expect(form.choices.company).toEqual(
        expect.arrayContaining([
          { value: company.id, label: company.name },
          { value: other.id, label: other.name },
        ]),
      );
      expect(form.choices.group).toEqual(
        expect.arrayContaining([
          { value: ids.crew, label: `${company.name} · Crew` },
          { value: ids.foreignCrew, label: `${other.name} · Foreign crew` },
        ]),
      );
      expect(form.choices.devices).toEqual(expect.arrayContaining([{ value: ids.foreignDevice, label: `${other.name} · Foreign device` }]));
    });

    it("creates an operator in the chosen company, refusing links into another company's rows", async () => {
      expect(await fieldErrors({ firstname: 'No', lastname: 'Company' }, { as: superToken })).toEqual({ company: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ company: 999999, firstname: 'Bad', lastname: 'Company' }, { as: superToken })).toEqual({ company: [MESSAGE_KEYS.incorrect] });
      const before = await countOperators(company.id);
      expect(
        await fieldErrors(
          { company: company.id, firstname: 'Cross', lastname: 'Links', group: ids.foreignCrew, devices: [ids.press, ids.foreignDevice] },
          { as: superToken },
        ),
      ).toEqual({
        group: [MESSAGE_KEYS.incorrect],
        devices: [MESSAGE_KEYS.incorrect],
      });
      expect(await countOperators(company.id)).toBe(before);
      const id = await created({ company: company.id, firstname: 'Admin', lastname: 'Made', group: ids.crew, devices: [ids.mill], rfid: 'adm-1' }, superToken);
      const row = await ctx.database.db.selectFrom('operators').select('company_id').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.company_id).toBe(company.id);
      // The company's own user sees it; the card counts within that company.
      expect(deviceOperatorDetailSchema.parse((await get(`/api/deviceoperators/${id}`)).json())).toMatchObject({
        group: { id: ids.crew },
        devices: [{ id: ids.mill, name: 'Mill' }],
      });
      expect(await fieldErrors({ firstname: 'Same', lastname: 'Card', rfid: 'ADM-1' })).toEqual({ rfid: [ENTITY_MESSAGE_KEYS.rfidInUse] });

      // Editing: the company is shown, fixed, and the choices are that company's.
      const edit = await definition(`/api/deviceoperators/${id}/edit`, superToken);
      expect(edit.schema.company).toMatchObject({ disabled: true });
      expect(edit.data.company).toBe(company.id);
      expect(edit.choices.group!.map((c) => c.value)).not.toContain(ids.foreignCrew);
      expect(edit.choices.devices!.map((c) => c.value)).toContain(ids.mill);
      // Within one company the choices are named without it.
      expect(edit.choices.devices!.every((c) => !c.label.includes(' · '))).toBe(true);
      // A submitted company is ignored on update: the row stays in its company.
      const update = await submit({ company: other.id, firstname: 'Admin', lastname: 'Edited', devices: [ids.press] }, { id, as: superToken });
      expect(update.statusCode, update.body).toBe(200);
      expect((await ctx.database.db.selectFrom('operators').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()).company_id).toBe(company.id);
      expect(await fieldErrors({ firstname: 'Admin', lastname: 'Edited', devices: [ids.foreignDevice] }, { id, as: superToken })).toEqual({
        devices: [MESSAGE_KEYS.incorrect],
      });
      // A super-admin reads and deletes any company's operator.
      expect((await get(`/api/deviceoperators/${id}`, superToken)).statusCode).toBe(200);
      expect((await del(`/api/deviceoperators/${id}/devices`, superToken)).statusCode).toBe(200);
      expect((await del(`/api/deviceoperators/${id}`, superToken)).statusCode).toBe(200);
    });

    it('is the only one who gets the company field', async () => {
      const form = await definition('/api/deviceoperators/new');
      expect(form.schema.company).toBeUndefined();
      // A company user's submitted company is ignored: the operator is theirs.
      const id = await created({ company: other.id, firstname: 'Own', lastname: 'Company' });
      expect((await ctx.database.db.selectFrom('operators').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()).company_id).toBe(company.id);
    });
  });
});
