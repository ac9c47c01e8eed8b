import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  LIST_HEADERS,
  MESSAGE_KEYS,
  operatorGroupDetailSchema,
  operatorGroupPageSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { bearer, signedInCompany } from './fixtures.ts';
import type { Fields } from './manage-fixtures.ts';
import { createManageContext, listClient, manageClient } from './manage-fixtures.ts';
import { createOperator, createOperatorGroup } from './telemetry-fixtures.ts';

describe('/api/deviceoperatorgroups: list, form, read, delete', () => {
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
    ids.anna = await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Nowak' });
    ids.lukasz = await createOperator(db, company.id, { firstname: 'Łukasz', lastname: 'Bąk' });
    ids.lucyna = await createOperator(db, company.id, { firstname: 'Lucyna', lastname: 'Zając' });
    ids.foreignCrew = await createOperatorGroup(db, other.id, 'Foreign crew');
    ids.foreign = await createOperator(db, other.id, { firstname: 'Olaf', lastname: 'Obcy', groupId: ids.foreignCrew });
  });
  afterAll(() => ctx?.close());

  const client = manageClient(
    () => ctx,
    () => token,
    '/api/deviceoperatorgroups',
    operatorGroupDetailSchema,
  );
  const { get, del, definition, submit, submitEncoded, created, fieldErrors, read, strangerCalls } = client;
  const groupOf = async (operatorId: number) =>
    (await ctx.database.db.selectFrom('operators').select('operator_group_id').where('id', '=', operatorId).executeTakeFirstOrThrow()).operator_group_id;
  const countGroups = async (companyId: number) =>
    (
      await ctx.database.db
        .selectFrom('operator_groups')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n;
  const sorted = (...values: (number | undefined)[]) => [...values].sort((a, b) => a! - b!);

  describe('form definitions', () => {
    it("answers the new form: fields in order with their types and flags, the company's operators in Polish order, a token", async () => {
      const form = await definition('/api/deviceoperatorgroups/new');
      expect(Object.keys(form.schema)).toEqual(['name', 'operators']);
      expect(form.schema.name).toMatchObject({ type: 'text', required: true, maxLength: 128, multiple: false, disabled: false });
      expect(form.schema.operators).toMatchObject({ type: 'entity', required: false, multiple: true, disabled: false });
      expect(Object.values(form.schema).every((f) => typeof f.label === 'string' && f.label.length > 0)).toBe(true);
      expect(form.choices).toEqual({
        operators: [
          { value: ids.anna, label: 'Anna Nowak' },
          { value: ids.lucyna, label: 'Lucyna Zając' },
          { value: ids.lukasz, label: 'Łukasz Bąk' },
        ],
      });
      expect(form.data).toEqual({ name: null, operators: [] });
      expect(form.token).toMatch(/^\d+\.[\w-]{43}$/);
    });

    it('answers the edit form filled with the group, and 404 for an unknown or foreign group', async () => {
      const id = await createOperatorGroup(ctx.database.db, company.id, 'Edit me');
      const member = await createOperator(ctx.database.db, company.id, { firstname: 'Edyta', lastname: 'Member', groupId: id });
      const form = await definition(`/api/deviceoperatorgroups/${id}/edit`);
      expect(form.data).toEqual({ name: 'Edit me', operators: [member] });
      expect((await get('/api/deviceoperatorgroups/999999/edit')).statusCode).toBe(404);
      expect((await get(`/api/deviceoperatorgroups/${ids.foreignCrew}/edit`)).statusCode).toBe(404);
      expect((await get('/api/deviceoperatorgroups/abc/edit')).statusCode).toBe(404);
    });
  });

  describe('create, read, update', () => {
    it('creates a group from JSON and reads it back with its operators named', async () => {
      const id = await created({ name: '  Morning crew ', operators: [ids.lukasz, ids.anna] });
      expect(await read(id)).toEqual({
        id,
        name: 'Morning crew',
        operators: [
          { id: ids.anna, name: 'Anna Nowak' },
          { id: ids.lukasz, name: 'Łukasz Bąk' },
        ],
        operatorCount: 2,
        workAverage: null,
        activityAverage: null,
        productivity: null,
      });
      expect(await groupOf(ids.anna!)).toBe(id);
    });

    it('creates and updates from a form-encoded submit (repeated keys, an empty value for none)', async () => {
      const form = await definition('/api/deviceoperatorgroups/new');
      const body = new URLSearchParams([
        ['token', form.token],
        ['name', 'Encoded crew'],
        ['operators[]', String(ids.lucyna)],
      ]);
      const response = await submitEncoded('POST', '/api/deviceoperatorgroups', body);
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<{ id: number }>().id;
      expect((await read(id)).operators).toEqual([{ id: ids.lucyna, name: 'Lucyna Zając' }]);
      const edit = await definition(`/api/deviceoperatorgroups/${id}/edit`);
      const update = await submitEncoded(
        'PUT',
        `/api/deviceoperatorgroups/${id}`,
        new URLSearchParams({ token: edit.token, name: 'Encoded crew 2', operators: '' }),
      );
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toEqual({ id });
      expect(await read(id)).toEqual({
        id,
        name: 'Encoded crew 2',
        operators: [],
        operatorCount: 0,
        workAverage: null,
        activityAverage: null,
        productivity: null,
      });
      expect(await groupOf(ids.lucyna!)).toBeNull();
    });

    it('replaces the members on update: those left out leave, those named join (leaving their former group)', async () => {
      const first = await created({ name: 'First crew', operators: [ids.anna, ids.lukasz] });
      const second = await created({ name: 'Second crew', operators: [ids.lucyna] });
      const response = await submit({ name: 'Second crew', operators: [ids.lucyna, ids.anna] }, { id: second });
      expect(response.statusCode, response.body).toBe(200);
      expect((await read(second)).operators.map((o) => o.id)).toEqual(sorted(ids.lucyna, ids.anna));
      expect((await read(first)).operators.map((o) => o.id)).toEqual([ids.lukasz]);
      expect((await submit({ name: 'second CREW', operators: [ids.anna] }, { id: second })).statusCode).toBe(200);
      expect(await read(second)).toMatchObject({ name: 'second CREW', operators: [{ id: ids.anna, name: 'Anna Nowak' }], operatorCount: 1 });
      expect(await groupOf(ids.lucyna!)).toBeNull();
    });
  });

  describe('validation', () => {
    it('refuses a blank, too long or used name, and foreign or unknown operators, writing nothing', async () => {
      await created({ name: 'Taken crew' });
      const before = await countGroups(company.id);
      expect(await fieldErrors({ name: '' })).toEqual({ name: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ operators: [ids.anna] })).toEqual({ name: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ name: 'x'.repeat(129) })).toEqual({ name: [MESSAGE_KEYS.tooLong] });
      expect(await fieldErrors({ name: 'TAKEN crew' })).toEqual({ name: [ENTITY_MESSAGE_KEYS.nameInUse] });
      // One round: the name in use is told with the schema's refusal of a foreign operator.
      expect(await fieldErrors({ name: 'taken CREW', operators: [ids.foreign] })).toEqual({
        name: [ENTITY_MESSAGE_KEYS.nameInUse],
        operators: [MESSAGE_KEYS.incorrect],
      });
      expect(await fieldErrors({ name: 'Fine', operators: [ids.anna, ids.foreign] })).toEqual({ operators: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ name: 'Fine', operators: [999999] })).toEqual({ operators: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ name: ['a', 'b'], operators: { x: 1 } })).toMatchObject({ operators: [MESSAGE_KEYS.incorrect] });
      expect(await countGroups(company.id)).toBe(before);
      expect(await groupOf(ids.foreign!)).toBe(ids.foreignCrew);
      // A name another company uses is free.
      await created({ name: 'Foreign crew' });
    });

    it("refuses a missing, forged or other form's token as a root error", async () => {
      const id = await created({ name: 'Tokened crew' });
      const newToken = (await definition('/api/deviceoperatorgroups/new')).token;
      const deviceGroupToken = (await definition('/api/devicegroups/new')).token;
      const post = (body: Fields) =>
        ctx.app.inject({ method: 'POST', url: '/api/deviceoperatorgroups', headers: bearer(token), payload: body as Record<string, unknown> });
      const put = (body: Fields) =>
        ctx.app.inject({ method: 'PUT', url: `/api/deviceoperatorgroups/${id}`, headers: bearer(token), payload: body as Record<string, unknown> });
      const before = await countGroups(company.id);
      for (const response of [
        await post({ name: 'No token' }),
        await post({ name: 'Forged', token: 'abc.def' }),
        await post({ name: 'Device group form', token: deviceGroupToken }),
        await put({ name: 'New form token', token: newToken }),
      ]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(validationErrorSchema.parse(response.json())).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
      }
      expect(await countGroups(company.id)).toBe(before);
      expect((await read(id)).name).toBe('Tokened crew');
    });
  });

  describe('list', () => {
    let fresh: TestCompany;
    let freshToken: string;
    const g: Record<string, number> = {};

    beforeAll(async () => {
      const db = ctx.database.db;
      ({ company: fresh, token: freshToken } = await signedInCompany(ctx, `Listing ${process.pid}`));
      for (const name of ['Żaneta', 'Zenon', 'Łukasz', 'Lucyna']) g[name] = await createOperatorGroup(db, fresh.id, name);
      g.o1 = await createOperator(db, fresh.id, { firstname: 'O', lastname: 'One', groupId: g.Zenon });
      g.o2 = await createOperator(db, fresh.id, { firstname: 'O', lastname: 'Two', groupId: g.Zenon });
      g.o3 = await createOperator(db, fresh.id, { firstname: 'O', lastname: 'Three', groupId: g.Lucyna });
    });
    const { list, names } = listClient(
      () => ctx,
      () => freshToken,
      '/api/deviceoperatorgroups',
      operatorGroupPageSchema,
    );

    it('answers what the monitors read plus the operator count, in Polish order', async () => {
      const response = await list();
      const entries = operatorGroupPageSchema.parse(response.json()).entries;
      expect(entries).toEqual([
        { id: g.Lucyna, name: 'Lucyna', operators: [{ id: g.o3 }], operatorCount: 1, workAverage: null, activityAverage: null, productivity: null },
        { id: g.Łukasz, name: 'Łukasz', operators: [], operatorCount: 0, workAverage: null, activityAverage: null, productivity: null },
        { id: g.Zenon, name: 'Zenon', operators: [{ id: g.o1 }, { id: g.o2 }], operatorCount: 2, workAverage: null, activityAverage: null, productivity: null },
        { id: g.Żaneta, name: 'Żaneta', operators: [], operatorCount: 0, workAverage: null, activityAverage: null, productivity: null },
      ]);
      expect(response.headers[LIST_HEADERS.totalEntries]).toBe('4');
    });

    it('searches, sorts both ways, pages, and answers 204 when empty', async () => {
      expect(await names('?search=UKA')).toEqual(['Łukasz']);
      expect((await list('?search=nobody')).statusCode).toBe(204);
      expect(await names('?sort=-name')).toEqual(['Żaneta', 'Zenon', 'Łukasz', 'Lucyna']);
      expect(await names('?sort=id')).toEqual(['Żaneta', 'Zenon', 'Łukasz', 'Lucyna']);
      expect(await names('?sort=-id')).toEqual(['Lucyna', 'Łukasz', 'Zenon', 'Żaneta']);
      const page = await list('?page=2&page_size=3');
      expect(operatorGroupPageSchema.parse(page.json()).entries.map((e) => e.name)).toEqual(['Żaneta']);
      expect(page.headers[LIST_HEADERS.pageNumber]).toBe('2');
      expect(page.headers[LIST_HEADERS.pageEntries]).toBe('1');
      expect(page.headers[LIST_HEADERS.totalPages]).toBe('2');
      expect((await list('?page_size=0')).json().entries).toHaveLength(4);
      expect((await list('?sort=operatorCount')).statusCode).toBe(400);
      expect((await list('', (await signedInCompany(ctx)).token)).statusCode).toBe(204);
    });
  });

  describe('delete', () => {
    it('refuses to delete a group holding operators, naming them; unassign then delete, the operators staying', async () => {
      const id = await created({ name: 'Doomed crew', operators: [ids.lucyna, ids.lukasz] });
      const blocked = await del(`/api/deviceoperatorgroups/${id}`);
      expect(blocked.statusCode).toBe(409);
      const problem = problemSchema.parse(blocked.json());
      expect(problem.dependents).toEqual({
        operators: [
          { id: ids.lukasz, name: 'Łukasz Bąk' },
          { id: ids.lucyna, name: 'Lucyna Zając' },
        ].sort((a, b) => a.id! - b.id!),
      });
      const unassign = await del(`/api/deviceoperatorgroups/${id}/operators`);
      expect(unassign.statusCode).toBe(200);
      expect(unassign.json()).toEqual({});
      expect(await groupOf(ids.lucyna!)).toBeNull();
      expect(await groupOf(ids.lukasz!)).toBeNull();
      expect(await read(id)).toMatchObject({ operators: [], operatorCount: 0 });
      const deleted = await del(`/api/deviceoperatorgroups/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({});
      expect((await get(`/api/deviceoperatorgroups/${id}`)).statusCode).toBe(404);
      expect((await del(`/api/deviceoperatorgroups/${id}`)).statusCode).toBe(404);
      expect((await del(`/api/deviceoperatorgroups/${id}/operators`)).statusCode).toBe(404);
      expect((await get(`/api/deviceoperators/${ids.lucyna}`)).statusCode).toBe(200);
    });
  });

  describe('tenancy', () => {
    it("answers 404 for another company's group on every route, and changes nothing", async () => {
      const id = await created({ name: 'Private crew', operators: [ids.anna] });
      const form = await definition('/api/deviceoperatorgroups/new', otherToken);
      expect(form.choices.operators).toEqual([{ value: ids.foreign, label: 'Olaf Obcy' }]);
      for (const response of await strangerCalls(id, 'operators', otherToken, form.token)) {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Private');
      }
      expect(await read(id)).toMatchObject({ name: 'Private crew', operatorCount: 1 });
      expect(await fieldErrors({ name: 'Grab', operators: [ids.anna] }, { as: otherToken })).toEqual({ operators: [MESSAGE_KEYS.incorrect] });
      expect(await groupOf(ids.anna!)).toBe(id);
    });
  });

  describe('super-admin', () => {
    it('adds a first, required company field; a new group spans every company with the company named', async () => {
      const form = await definition('/api/deviceoperatorgroups/new', superToken);
      expect(Object.keys(form.schema)).toEqual(['company', 'name', 'operators']);
      expect(form.schema.company).toMatchObject({ type: 'entity', required: true, multiple: false, disabled: false });
      expect(form.choices.company).toEqual(
        expect.arrayContaining([
          { value: company.id, label: company.name },
          { value: other.id, label: other.name },
        ]),
      );
      expect(form.choices.operators).toEqual(
        expect.arrayContaining([
          { value: ids.anna, label: `${company.name} · Anna Nowak` },
          { value: ids.foreign, label: `${other.name} · Olaf Obcy` },
        ]),
      );
      expect(form.data).toEqual({ company: null, name: null, operators: [] });
    });

    it("creates in the chosen company, refusing another company's operators; edits with the company fixed", async () => {
      expect(await fieldErrors({ name: 'No company' }, { as: superToken })).toEqual({ company: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ company: company.id, name: 'Mixed', operators: [ids.anna, ids.foreign] }, { as: superToken })).toEqual({
        operators: [MESSAGE_KEYS.incorrect],
      });
      expect(await fieldErrors({ company: other.id, name: 'foreign CREW' }, { as: superToken })).toEqual({ name: [ENTITY_MESSAGE_KEYS.nameInUse] });
      const id = await created({ company: company.id, name: 'Super crew', operators: [ids.lukasz] }, superToken);
      expect(await read(id)).toEqual({
        id,
        name: 'Super crew',
        operators: [{ id: ids.lukasz, name: 'Łukasz Bąk' }],
        operatorCount: 1,
        workAverage: null,
        activityAverage: null,
        productivity: null,
      });
      expect((await get(`/api/deviceoperatorgroups/${id}`, otherToken)).statusCode).toBe(404);

      const edit = await definition(`/api/deviceoperatorgroups/${id}/edit`, superToken);
      expect(edit.schema.company).toMatchObject({ disabled: true, required: true });
      expect(edit.data).toEqual({ company: company.id, name: 'Super crew', operators: [ids.lukasz] });
      expect(edit.choices.operators!.every((c) => !c.label.includes(' · '))).toBe(true);
      expect(edit.choices.operators!.map((c) => c.value)).not.toContain(ids.foreign);
      const moved = await submit({ company: other.id, name: 'Super crew', operators: [ids.lucyna] }, { id, as: superToken });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await read(id)).operators).toEqual([{ id: ids.lucyna, name: 'Lucyna Zając' }]);
      expect((await get(`/api/deviceoperatorgroups/${id}`)).statusCode).toBe(200);
      const everyCompany = operatorGroupPageSchema.parse((await get('/api/deviceoperatorgroups?page_size=0', superToken)).json()).entries.map((e) => e.id);
      expect(everyCompany).toEqual(expect.arrayContaining([id, ids.foreignCrew]));
    });
  });
});
