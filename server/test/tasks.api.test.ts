import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORM_MESSAGE_KEYS,
  LIST_HEADERS,
  MESSAGE_KEYS,
  TASK_MESSAGE_KEYS,
  TASK_TYPES,
  taskListSchema,
  taskSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { manageClient } from './manage-fixtures.ts';

const HOUR = 3_600_000;

describe('/api/tasks: list, filters, form, status, delete', () => {
  let ctx: TestContext;
  let company: TestCompany;
  let other: TestCompany;
  let me: TestUser;
  let colleague: TestUser;
  let stranger: TestUser;
  let token: string;
  let colleagueToken: string;
  let otherToken: string;
  let superToken: string;
  const ids = { press: 0, lathe: 0, foreignDevice: 0, inspection: 0, overdue: 0, undated: 0, doneLate: 0 };

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    company = await createCompany(db, `Acme ${process.pid}`);
    other = await createCompany(db, `Beta ${process.pid}`);
    me = await createUser(db, company.id, { firstname: 'Anna', lastname: 'Nowak' });
    colleague = await createUser(db, company.id, { firstname: 'Bartek', lastname: 'Kowal' });
    stranger = await createUser(db, other.id, { firstname: 'Zed', lastname: 'Other' });
    const superAdmin = await createUser(db, other.id, { superAdmin: true });
    token = (await signIn(ctx.app, me.username, me.password)).access_token;
    colleagueToken = (await signIn(ctx.app, colleague.username, colleague.password)).access_token;
    otherToken = (await signIn(ctx.app, stranger.username, stranger.password)).access_token;
    superToken = (await signIn(ctx.app, superAdmin.username, superAdmin.password)).access_token;
    ids.press = (await createDevice(db, company.id, 'Press')).id;
    ids.lathe = (await createDevice(db, company.id, 'Lathe')).id;
    ids.foreignDevice = (await createDevice(db, other.id, 'Foreign device')).id;
  });
  afterAll(() => ctx?.close());

  const client = manageClient(
    () => ctx,
    () => token,
    '/api/tasks',
    taskSchema,
  );
  const { get, del, definition, submit, created, fieldErrors, read } = client;
  const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
  const names = async (filter: Record<string, unknown>, as = token, extra = '') => {
    const response = await get(`/api/tasks?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`, as);
    if (response.statusCode === 204) return [];
    expect(response.statusCode, response.body).toBe(200);
    return taskListSchema.parse(response.json()).entries.map((t) => t.name);
  };

  it('answers the new form: fields in order, the types, the company users and devices only, the author as assignee', async () => {
    const form = await definition('/api/tasks/new');
    expect(Object.keys(form.schema)).toEqual(['name', 'type', 'description', 'assignee', 'responsible', 'devices', 'deadline', 'reminderAt']);
    expect(form.schema.name).toMatchObject({ type: 'text', required: true, maxLength: 128, label: 'task.field.name' });
    expect(form.schema.type).toMatchObject({ type: 'choice', required: true });
    expect(form.schema.devices).toMatchObject({ type: 'entity', multiple: true });
    expect(form.schema.deadline).toMatchObject({ type: 'datetime', required: false });
    expect(form.choices.type?.map((c) => c.value)).toEqual([...TASK_TYPES]);
    expect(form.choices.assignee?.map((c) => c.value).sort()).toEqual([me.id, colleague.id].sort());
    expect(form.choices.devices).toEqual([
      { value: ids.lathe, label: 'Lathe' },
      { value: ids.press, label: 'Press' },
    ]);
    expect(form.data).toMatchObject({ name: null, type: 'inspection', assignee: me.id, responsible: me.id, devices: [] });
    expect(form.choices.company).toBeUndefined();
  });

  it('creates a task and reads it back with its people and devices', async () => {
    const deadline = inHours(48);
    ids.inspection = await created({
      name: 'Inspect press',
      type: 'inspection',
      description: 'Yearly',
      assignee: colleague.id,
      responsible: me.id,
      devices: [ids.press, ids.lathe],
      deadline,
      reminderAt: inHours(24),
    });
    const task = await read(ids.inspection);
    expect(task).toMatchObject({
      name: 'Inspect press',
      type: 'inspection',
      description: 'Yearly',
      status: 'open',
      overdue: false,
      assignee: { id: colleague.id, name: 'Bartek Kowal' },
      responsible: { id: me.id, name: 'Anna Nowak' },
      devices: [
        { id: ids.lathe, name: 'Lathe' },
        { id: ids.press, name: 'Press' },
      ],
      deadline,
      createdBy: { id: me.id, name: 'Anna Nowak' },
    });
    const edit = await definition(`/api/tasks/${ids.inspection}/edit`);
    expect(edit.data).toMatchObject({ name: 'Inspect press', assignee: colleague.id, devices: [ids.lathe, ids.press], deadline });
  });

  it('refuses blank, too long and unknown values with field errors and writes nothing', async () => {
    const before = (await names({})).length;
    expect(await fieldErrors({ name: '', type: 'nonsense' })).toEqual({ name: [MESSAGE_KEYS.notBlank], type: [MESSAGE_KEYS.incorrect] });
    expect(await fieldErrors({ name: 'x'.repeat(129), type: 'repair', deadline: 'tomorrow' })).toEqual({
      name: [MESSAGE_KEYS.tooLong],
      deadline: [MESSAGE_KEYS.incorrect],
    });
    expect(await fieldErrors({ name: 'Late reminder', type: 'repair', deadline: inHours(1), reminderAt: inHours(2) })).toEqual({
      reminderAt: [TASK_MESSAGE_KEYS.reminderAfterDeadline],
    });
    // One submit names every mistake: the schema refuses the name while the task rule refuses the reminder.
    expect(await fieldErrors({ name: '', type: 'repair', deadline: inHours(1), reminderAt: inHours(2) })).toEqual({
      name: [MESSAGE_KEYS.notBlank],
      reminderAt: [TASK_MESSAGE_KEYS.reminderAfterDeadline],
    });
    expect((await names({})).length).toBe(before);
  });

  it('refuses users and devices of another company', async () => {
    expect(await fieldErrors({ name: 'Foreign', type: 'other', assignee: stranger.id, responsible: stranger.id, devices: [ids.foreignDevice] })).toEqual({
      assignee: [MESSAGE_KEYS.incorrect],
      responsible: [MESSAGE_KEYS.incorrect],
      devices: [MESSAGE_KEYS.incorrect],
    });
  });

  it('refuses a submit without the form token', async () => {
    const response = await submit({ name: 'No token', type: 'other' }, { token: null });
    expect(response.statusCode).toBe(400);
    expect(validationErrorSchema.parse(response.json()).rootErrors).toEqual([FORM_MESSAGE_KEYS.invalidToken]);
  });

  it('filters mine, overdue and by device, and sorts by deadline with undated tasks last', async () => {
    ids.overdue = await created({
      name: 'Overdue repair',
      type: 'repair',
      assignee: me.id,
      responsible: colleague.id,
      devices: [ids.lathe],
      deadline: inHours(-5),
    });
    ids.undated = await created({ name: 'Someday', type: 'other', assignee: colleague.id, responsible: colleague.id });
    ids.doneLate = await created({ name: 'Done late', type: 'maintenance', assignee: colleague.id, responsible: colleague.id, deadline: inHours(-10) });
    const done = await ctx.app.inject({ method: 'PATCH', url: `/api/tasks/${ids.doneLate}/status`, headers: bearer(token), payload: { status: 'done' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(taskSchema.parse(done.json())).toMatchObject({ status: 'done', overdue: false });

    expect(await names({})).toEqual(['Done late', 'Overdue repair', 'Inspect press', 'Someday']);
    expect(await names({ mine: true })).toEqual(['Overdue repair', 'Inspect press']);
    expect(await names({ mine: true }, colleagueToken)).toEqual(['Done late', 'Overdue repair', 'Inspect press', 'Someday']);
    expect(await names({ overdue: true })).toEqual(['Overdue repair']);
    expect(await names({ device: ids.lathe })).toEqual(['Overdue repair', 'Inspect press']);
    expect(await names({ device: ids.press, mine: true })).toEqual(['Inspect press']);
    expect(await names({ status: 'done' })).toEqual(['Done late']);
    expect(await names({}, token, '&sort=-deadline')).toEqual(['Inspect press', 'Overdue repair', 'Done late', 'Someday']);
    expect(await names({}, token, '&search=REPAIR')).toEqual(['Overdue repair']);
    const paged = await get('/api/tasks?page=2&page_size=3');
    expect(paged.headers[LIST_HEADERS.totalEntries]).toBe('4');
    expect(taskListSchema.parse(paged.json()).entries.map((t) => t.name)).toEqual(['Someday']);
    const overdue = await read(ids.overdue);
    expect(overdue.overdue).toBe(true);
    expect((await get('/api/tasks?filter={"nonsense":1}')).statusCode).toBe(400);
  });

  it('sets the status back to open and refuses an unknown status', async () => {
    const reopen = await ctx.app.inject({ method: 'PATCH', url: `/api/tasks/${ids.doneLate}/status`, headers: bearer(token), payload: { status: 'open' } });
    expect(taskSchema.parse(reopen.json())).toMatchObject({ status: 'open', overdue: true, doneAt: null });
    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/tasks/${ids.doneLate}/status`, headers: bearer(token), payload: { status: 'finished' } });
    expect(bad.statusCode).toBe(400);
  });

  it('updates a task and replaces its devices', async () => {
    const response = await submit({ name: 'Inspect press and lathe', type: 'inspection', assignee: me.id, devices: [ids.press] }, { id: ids.inspection });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read(ids.inspection)).toMatchObject({
      name: 'Inspect press and lathe',
      assignee: { id: me.id },
      responsible: null,
      devices: [{ id: ids.press }],
      deadline: null,
    });
  });

  it('keeps every task call of another company a 404 and lists none of its tasks', async () => {
    const foreignForm = await definition('/api/tasks/new', otherToken);
    expect(foreignForm.choices.devices).toEqual([{ value: ids.foreignDevice, label: 'Foreign device' }]);
    const calls = [
      await get(`/api/tasks/${ids.inspection}`, otherToken),
      await get(`/api/tasks/${ids.inspection}/edit`, otherToken),
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/tasks/${ids.inspection}`,
        headers: bearer(otherToken),
        payload: { token: foreignForm.token, name: 'Stolen', type: 'other' },
      }),
      await ctx.app.inject({ method: 'PATCH', url: `/api/tasks/${ids.inspection}/status`, headers: bearer(otherToken), payload: { status: 'done' } }),
      await del(`/api/tasks/${ids.inspection}`, otherToken),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await get('/api/tasks', otherToken)).statusCode).toBe(204);
    expect((await read(ids.inspection)).status).toBe('open');
  });

  it('lets a super-admin pick the company of a new task and checks its links against it', async () => {
    const form = await definition('/api/tasks/new', superToken);
    expect(Object.keys(form.schema)[0]).toBe('company');
    expect(form.choices.devices?.map((c) => c.label)).toContain(`${company.name} · Press`);
    const errors = await fieldErrors(
      { company: company.id, name: 'Cross', type: 'other', devices: [ids.foreignDevice], assignee: stranger.id },
      { as: superToken },
    );
    expect(errors).toEqual({ devices: [MESSAGE_KEYS.incorrect], assignee: [MESSAGE_KEYS.incorrect] });
    const id = await created({ company: company.id, name: 'From admin', type: 'other', devices: [ids.press], assignee: colleague.id }, superToken);
    expect((await read(id)).devices).toEqual([{ id: ids.press, name: 'Press' }]);
    expect(await names({ device: ids.press }, token)).toContain('From admin');
  });

  it('deletes a task', async () => {
    expect((await del(`/api/tasks/${ids.undated}`)).statusCode).toBe(200);
    expect((await get(`/api/tasks/${ids.undated}`)).statusCode).toBe(404);
    expect((await del(`/api/tasks/${ids.undated}`)).statusCode).toBe(404);
  });

  it('drops a deleted device from its tasks and a deleted user from their role', async () => {
    const db = ctx.database.db;
    const device = await createDevice(db, company.id, 'Temporary');
    const user = await createUser(db, company.id);
    const id = await created({ name: 'Short lived links', type: 'other', assignee: user.id, devices: [device.id, ids.press] });
    await db.deleteFrom('devices').where('id', '=', device.id).execute();
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await read(id)).toMatchObject({ assignee: null, devices: [{ id: ids.press }] });
  });
});
