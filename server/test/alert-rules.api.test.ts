import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertRuleType } from '@gearwatch/contracts';
import {
  ALERT_MESSAGE_KEYS,
  ALERT_RULE_TYPES,
  ALERT_EVALUATION,
  FORM_MESSAGE_KEYS,
  MESSAGE_KEYS,
  alertConditionSchemas,
  alertRuleDetailSchema,
  alertRuleListSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { bearer, createUser } from './fixtures.ts';
import type { Fields } from './manage-fixtures.ts';
import { createManageContext, manageClient } from './manage-fixtures.ts';
import { createDeviceGroup, createDeviceType, createTelemetryDevice, setCompanyTimezone } from './telemetry-fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { dateText } from '../src/time/calendar.ts';
import { timeZone } from '../src/time/time-zone.ts';

describe('/api/alertrules: list, form, page, assignments, conditions, delete and archive', () => {
  let ctx: TestContext;
  let company: TestCompany;
  let other: TestCompany;
  let token: string;
  let otherToken: string;
  let superToken: string;
  let colleague: TestUser;
  const ids = {} as Record<'press' | 'lathe' | 'group' | 'me' | 'foreignDevice' | 'foreignGroup' | 'foreignUser', number>;
  const timezone = 'Pacific/Kiritimati';

  beforeAll(async () => {
    ({ ctx, company, other, token, otherToken, superToken } = await createManageContext());
    const db = ctx.database.db;
    await setCompanyTimezone(db, company.id, timezone);
    const type = await createDeviceType(db);
    ids.press = (await createTelemetryDevice(db, company.id, type, 'Press')).id;
    ids.lathe = (await createTelemetryDevice(db, company.id, type, 'Lathe')).id;
    ids.group = await createDeviceGroup(db, company.id, 'Hall', [ids.lathe]);
    colleague = await createUser(db, company.id, { firstname: 'Cora', lastname: 'Colleague' });
    ids.me = (await db.selectFrom('users').select('id').where('company_id', '=', company.id).where('id', '<>', colleague.id).executeTakeFirstOrThrow()).id;
    ids.foreignDevice = (await createTelemetryDevice(db, other.id, type, 'Foreign')).id;
    ids.foreignGroup = await createDeviceGroup(db, other.id, 'Foreign hall', [ids.foreignDevice]);
    ids.foreignUser = (await createUser(db, other.id)).id;
  });
  afterAll(() => ctx?.close());

  const client = manageClient(
    () => ctx,
    () => token,
    '/api/alertrules',
    alertRuleDetailSchema,
  );
  const { get, del, definition, submit, created, fieldErrors, read } = client;
  const patch = (url: string, as = token) => ctx.app.inject({ method: 'PATCH', url, headers: bearer(as) });
  /** Every row the wizard's calls write, so a refused call can be shown to have written nothing. */
  const snapshot = async () =>
    (
      await sql<{ rows: string }>`select (select count(*) from alert_rules) || '/' || (select count(*) from alert_rule_conditions) || '/' ||
        (select count(*) from alert_rule_devices) || '/' || (select count(*) from alert_rule_device_groups) || '/' || (select count(*) from alert_rule_users) || '/' ||
        (select coalesce(string_agg(name || importance || coalesce(description, '') || enabled, ','), '') from alert_rules) || '/' ||
        (select coalesce(string_agg(condition::text, ','), '') from alert_rule_conditions) as rows`.execute(ctx.database.db)
    ).rows[0]!.rows;
  const rootErrors = async (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(400);
    return validationErrorSchema.parse(response.json()).rootErrors;
  };
  const newRule = (fields: Fields = {}) => created({ name: 'Overheat', type: 'value', importance: 'error', description: 'Too hot', ...fields });

  describe('the rule form', () => {
    it('answers the new form: name, type, importance, description; importance warning by default', async () => {
      const form = await definition('/api/alertrules/new');
      expect(Object.keys(form.schema)).toEqual(['name', 'type', 'importance', 'description']);
      expect(form.schema.name).toMatchObject({ type: 'text', required: true, maxLength: 128, label: 'alert-rule.field.name' });
      expect(form.schema.type).toMatchObject({ type: 'choice', required: true, disabled: false });
      expect(form.schema.importance).toMatchObject({ type: 'choice', required: true });
      expect(form.schema.description).toMatchObject({ type: 'textarea', required: false, maxLength: 1000 });
      expect(form.choices.type).toHaveLength(ALERT_RULE_TYPES.length);
      expect(form.choices.type![0]).toEqual({ value: 'authentication', label: 'alert-rule.type.authentication', translate: true });
      expect(form.choices.importance).toEqual(['info', 'warning', 'error'].map((v) => ({ value: v, label: `alert-rule.importance.${v}`, translate: true })));
      expect(form.data).toEqual({ name: null, type: null, importance: 'warning', description: null });
    });

    it('creates a rule, reads it back, and edits name, importance and description but never the type', async () => {
      const id = await newRule();
      const rule = await read(id);
      expect(rule).toMatchObject({
        id,
        name: 'Overheat',
        type: 'value',
        importance: 'error',
        description: 'Too hot',
        // A new rule is a disabled draft until the wizard's Finish enables it (issue 32 item 6).
        enabled: false,
        draft: true,
        archived: false,
        deviceCount: 0,
        userCount: 0,
      });
      expect(rule.stats).toEqual([
        { level: 'error', count: 0 },
        { level: 'warning', count: 0 },
        { level: 'info', count: 0 },
      ]);
      const edit = await definition(`/api/alertrules/${id}/edit`);
      expect(edit.schema.type).toMatchObject({ disabled: true });
      expect(edit.data).toEqual({ name: 'Overheat', type: 'value', importance: 'error', description: 'Too hot' });
      const response = await submit({ name: 'Overheat 2', type: 'lastsync', importance: 'info', description: '' }, { id });
      expect(response.statusCode, response.body).toBe(200);
      expect(await read(id)).toMatchObject({ name: 'Overheat 2', type: 'value', importance: 'info', description: null });
    });

    it('refuses each bad field with its message key and writes nothing', async () => {
      const before = await snapshot();
      expect(await fieldErrors({ type: 'value', importance: 'info' })).toEqual({ name: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ name: 'x'.repeat(129), type: 'value', importance: 'info' })).toEqual({ name: [MESSAGE_KEYS.tooLong] });
      expect(await fieldErrors({ name: 'A', type: 'nonsense', importance: 'info' })).toEqual({ type: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ name: 'A', importance: 'info' })).toEqual({ type: [MESSAGE_KEYS.notBlank] });
      expect(await fieldErrors({ name: 'A', type: 'value', importance: 'critical' })).toEqual({ importance: [MESSAGE_KEYS.incorrect] });
      expect(await fieldErrors({ name: 'A', type: 'value', importance: 'info', description: 'd'.repeat(1001) })).toEqual({
        description: [MESSAGE_KEYS.tooLong],
      });
      expect(await rootErrors(await submit({ name: 'A', type: 'value', importance: 'info' }, { token: 'forged' }))).toEqual([FORM_MESSAGE_KEYS.invalidToken]);
      expect(await snapshot()).toBe(before);
    });

    it("lets a super-admin create a rule in a company they pick, and no one reach another company's rule", async () => {
      const form = await definition('/api/alertrules/new', superToken);
      expect(Object.keys(form.schema)[0]).toBe('company');
      const id = await created({ company: company.id, name: 'By root', type: 'lastsync', importance: 'info' }, superToken);
      expect((await read(id)).name).toBe('By root');
      const response = await get(`/api/alertrules/${id}`, otherToken);
      expect(response.statusCode).toBe(404);
      expect(problemSchema.parse(response.json()).message).toBe(MESSAGE_KEYS.notFound);
      expect((await get(`/api/alertrules/${id}/edit`, otherToken)).statusCode).toBe(404);
      for (const url of [
        `/api/alertrules/${id}/enable`,
        `/api/alertrules/${id}/disable`,
        `/api/alertrules/${id}/devices/${ids.press}/assign`,
        `/api/alertrules/${id}/users/${ids.me}/unassign`,
      ]) {
        expect((await patch(url, otherToken)).statusCode, url).toBe(404);
      }
      expect((await del(`/api/alertrules/${id}/users`, otherToken)).statusCode).toBe(404);
      expect((await del(`/api/alertrules/${id}`, otherToken)).statusCode).toBe(404);
      expect((await get(`/api/alertrules/${id}/conditions/new`, otherToken)).statusCode).toBe(404);
    });
  });

  describe('assignments and enabling', () => {
    it('assigns devices, groups and users of the company and counts the devices each once', async () => {
      const id = await newRule({ name: 'Assigned' });
      expect((await patch(`/api/alertrules/${id}/devices/${ids.press},${ids.lathe}/assign`)).statusCode).toBe(200);
      expect((await patch(`/api/alertrules/${id}/devicegroups/${ids.group}/assign`)).statusCode).toBe(200);
      const response = await patch(`/api/alertrules/${id}/users/${ids.me},${colleague.id}/assign`);
      expect(response.statusCode, response.body).toBe(200);
      const rule = alertRuleDetailSchema.parse(response.json());
      expect(rule).toMatchObject({ deviceCount: 2, userCount: 2, groups: [{ id: ids.group, name: 'Hall' }] });
      expect(rule.devices.map((d) => d.name)).toEqual(['Lathe', 'Press']);
      expect((await patch(`/api/alertrules/${id}/devices/${ids.lathe}/unassign`)).statusCode).toBe(200);
      expect((await read(id)).deviceCount).toBe(2);
      expect((await patch(`/api/alertrules/${id}/devicegroups/${ids.group}/unassign`)).statusCode).toBe(200);
      expect(await read(id)).toMatchObject({ deviceCount: 1, devices: [{ id: ids.press, name: 'Press' }], groups: [] });
    });

    it("refuses another company's or unknown rows with field errors and writes nothing", async () => {
      const id = await newRule({ name: 'Guarded' });
      const before = await snapshot();
      const cases: [string, string][] = [
        [`devices/${ids.press},${ids.foreignDevice}/assign`, 'devices'],
        [`devices/999999/assign`, 'devices'],
        [`devicegroups/${ids.foreignGroup}/assign`, 'groups'],
        [`users/${ids.me},${ids.foreignUser}/assign`, 'users'],
        [`users/${ids.foreignUser}/unassign`, 'users'],
      ];
      for (const [path, kind] of cases) {
        const response = await patch(`/api/alertrules/${id}/${path}`);
        expect(response.statusCode, path).toBe(400);
        expect(validationErrorSchema.parse(response.json()), path).toEqual({ errors: { [kind]: [ALERT_MESSAGE_KEYS.notFound] }, rootErrors: [] });
      }
      expect((await patch(`/api/alertrules/${id}/devices/0,1/assign`)).statusCode).toBe(404);
      expect((await patch(`/api/alertrules/${id}/sensors/1/assign`)).statusCode).toBe(404);
      expect(await snapshot()).toBe(before);
    });

    it('keeps at least one user on an enabled rule, and lets a disabled one lose them all', async () => {
      const id = await newRule({ name: 'Watched' });
      await patch(`/api/alertrules/${id}/users/${ids.me},${colleague.id}/assign`);
      await patch(`/api/alertrules/${id}/enable`);
      expect((await patch(`/api/alertrules/${id}/users/${ids.me}/unassign`)).statusCode).toBe(200);
      const before = await snapshot();
      expect(await rootErrors(await patch(`/api/alertrules/${id}/users/${colleague.id}/unassign`))).toEqual([ALERT_MESSAGE_KEYS.unassignNotAllowed]);
      expect(await snapshot()).toBe(before);
      const disabled = await patch(`/api/alertrules/${id}/disable`);
      expect(alertRuleDetailSchema.parse(disabled.json()).enabled).toBe(false);
      expect((await patch(`/api/alertrules/${id}/users/${colleague.id}/unassign`)).statusCode).toBe(200);
      expect((await read(id)).users).toEqual([]);
      expect(alertRuleDetailSchema.parse((await patch(`/api/alertrules/${id}/enable`)).json()).enabled).toBe(true);
    });
  });

  describe('the list', () => {
    it('filters on type, importance, enabled and device, searches names, sorts, and hides archived rules', async () => {
      const db = ctx.database.db;
      const listed = await createRule(db, company.id, { name: 'Listed sync', type: 'lastsync', importance: 'info', enabled: false, devices: [ids.lathe] });
      const names = async (query: string) => {
        const response = await get(`/api/alertrules?page_size=0&${query}`);
        if (response.statusCode === 204) return [];
        expect(response.statusCode, response.body).toBe(200);
        return alertRuleListSchema.parse(response.json()).entries.map((e) => e.name);
      };
      // 'By root' (a test above) is a disabled lastsync draft too.
      expect(await names(`filter=${encodeURIComponent('{"type":"lastsync","importance":"info","enabled":false}')}`)).toEqual(['By root', 'Listed sync']);
      expect(await names(`filter=${encodeURIComponent(`{"device":${ids.lathe}}`)}`)).toContain('Listed sync');
      expect(await names('search=listed%20S')).toEqual(['Listed sync']);
      const sorted = await names('sort=-name');
      expect(sorted).toEqual([...sorted].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
      expect(await names('')).not.toContain('Archived one');
      expect((await get('/api/alertrules?filter=%7B%22type%22%3A%22nope%22%7D')).statusCode).toBe(400);
      expect((await get('/api/alertrules?page_size=0', otherToken)).statusCode).toBe(204);
      const archived = await createRule(db, company.id, { name: 'Archived one' });
      await db.updateTable('alert_rules').set({ archived_at: new Date() }).where('id', '=', archived).execute();
      expect(await names('filter=%7B%22archived%22%3Atrue%7D')).toEqual(['Archived one']);
      expect(await names('')).toContain('Listed sync');
      expect(listed).toBeGreaterThan(0);
    });
  });

  describe('conditions', () => {
    const conditionUrl = (ruleId: number, rest = '') => `/api/alertrules/${ruleId}/conditions${rest}`;
    const addCondition = async (ruleId: number, fields: Fields, as = token) => {
      const form = await definition(conditionUrl(ruleId, '/new'), as);
      return ctx.app.inject({ method: 'POST', url: conditionUrl(ruleId), headers: bearer(as), payload: { ...fields, token: form.token } });
    };
    const ruleOfType = async (type: AlertRuleType) => {
      const id = await newRule({ name: `Of ${type}`, type });
      await patch(`/api/alertrules/${id}/devices/${ids.press}/assign`);
      return id;
    };

    it('writes no description: the summary the reader words is the rule as it is now (issue 32 item 3)', async () => {
      const id = await ruleOfType('value');
      expect((await read(id)).summary).toEqual({ condition: null, parameter: null });
      const added = await addCondition(id, { variable: 20, operator: 'lt', argument: 45, date_interval: '10m' });
      const conditionId = added.json<{ id: number }>().id;
      expect((await read(id)).summary).toEqual({
        condition: { variable: 20, operator: 'lt', argument: 45, date_interval: '10m' },
        parameter: { name: 'battery voltage', unit: 'V' },
      });
      const edit = await definition(conditionUrl(id, `/${conditionId}/edit`));
      await ctx.app.inject({
        method: 'PUT',
        url: conditionUrl(id, `/${conditionId}`),
        headers: bearer(token),
        payload: { token: edit.token, variable: 20, operator: 'lt', argument: 44, date_interval: '10m' },
      });
      const rule = await read(id);
      expect(rule.summary.condition).toMatchObject({ argument: 44 });
      expect(rule.description).toBe('Too hot');
    });

    it("refuses a threshold outside its parameter's unit range with the out-of-range field error (issue 32 item 8)", async () => {
      const id = await ruleOfType('value');
      const before = await snapshot();
      for (const argument of [-99_999_999_999, 1001]) {
        const refused = await addCondition(id, { variable: 20, operator: 'lt', argument, date_interval: '10m' });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(validationErrorSchema.parse(refused.json()).errors).toEqual({ argument: [FORM_MESSAGE_KEYS.outOfRange] });
      }
      expect(await snapshot()).toBe(before);
      // Amperes reach further than volts: the range is the unit's.
      expect((await addCondition(id, { variable: 22, operator: 'gt', argument: 5000, date_interval: '10m' })).statusCode).toBe(201);
      const form = await definition(conditionUrl(id, '/new'));
      expect(form.schema.date_interval).toMatchObject({ label: 'alert-rule.field.repeat-interval' });
    });

    it('answers each type its contract fields with their field types', async () => {
      for (const type of [
        'value',
        'geolocation',
        'effective-work-time',
        'part-replace',
        'periodic',
        'percentage-change',
        'charging',
        'lastsync',
        'work-efficiency',
      ] as const) {
        const form = await definition(conditionUrl(await ruleOfType(type), '/new'));
        expect(Object.keys(form.schema), type).toEqual(Object.keys(alertConditionSchemas[type].shape));
        // On arrival the interval is how often an open alert may repeat, and its label says so (issue 32 item 8).
        const label = (name: string) =>
          name === 'date_interval' && ALERT_EVALUATION[type] === 'arrival' ? 'alert-rule.field.repeat-interval' : `alert-rule.field.${name}`;
        for (const [name, spec] of Object.entries(form.schema)) expect(spec.label, name).toBe(label(name));
      }
      const value = await definition(conditionUrl(await ruleOfType('value'), '/new'));
      expect(value.schema).toMatchObject({
        variable: { type: 'choice', required: true },
        operator: { type: 'choice', required: true },
        argument: { type: 'number', required: true },
        date_interval: { type: 'choice', required: true },
        fromHour: { type: 'hour', required: false },
        toHour: { type: 'hour', required: false },
        workDays: { type: 'choice', multiple: true, expanded: true, required: false },
      });
      expect(value.data).toMatchObject({ operator: 'gt', date_interval: '10m', workDays: [], variable: null, argument: null });
      expect(value.choices.variable!.map((c) => c.value)).not.toContain(10000);
      expect(value.choices.variable).toContainEqual({ value: 20, label: 'battery voltage', unit: 'V' });
      expect(value.choices.operator![0]).toEqual({ value: 'eq', label: 'alert-rule.operator.eq', translate: true });
      expect(value.choices.workDays).toHaveLength(7);
      expect(value.choices.workDays![0]).toEqual({ value: 1, label: 'weekday.1', translate: true });

      const window = await definition(conditionUrl(await ruleOfType('effective-work-time'), '/new'));
      expect(window.data).toMatchObject({ date_interval: '60m', excludeDaysWithoutData: false });
      expect(window.schema.excludeDaysWithoutData).toMatchObject({ type: 'checkbox' });
      const part = await definition(conditionUrl(await ruleOfType('part-replace'), '/new'));
      expect(part.choices.variable!.map((c) => c.value)).toEqual([23]);
      expect(part.schema.firstAlarmDate).toMatchObject({ type: 'date', required: true });
      expect(part.data.firstAlarmDate).toBe(dateText(timeZone(timezone).dayOf(Date.now())));
      const charging = await definition(conditionUrl(await ruleOfType('charging'), '/new'));
      expect(charging.choices.variable!.map((c) => c.value)).toEqual([10003]);
      const geo = await definition(conditionUrl(await ruleOfType('geolocation'), '/new'));
      expect(geo.schema.polygon).toMatchObject({ type: 'geopolygon', required: true });
      expect(geo.schema.geofence).toMatchObject({ type: 'radio' });
      expect(geo.data.geofence).toBe('leave');
      const periodic = await definition(conditionUrl(await ruleOfType('periodic'), '/new'));
      expect(periodic.schema.repeatAlarmArgument).toMatchObject({ type: 'number', min: 1, max: 100, step: 1 });
      expect(periodic.data).toMatchObject({ repeatAlarmEvery: 'day', repeatAlarmArgument: 1 });
      const change = await definition(conditionUrl(await ruleOfType('percentage-change'), '/new'));
      expect(change.schema.change).toMatchObject({ type: 'radio', required: true });
      expect(change.choices.change!.map((c) => c.label)).toEqual(['alert-rule.change.increase', 'alert-rule.change.decrease']);
      const efficiency = await definition(conditionUrl(await ruleOfType('work-efficiency'), '/new'));
      expect(efficiency.schema).toMatchObject({
        bound: { type: 'radio', required: true },
        efficiency: { type: 'number', required: true, min: 1, max: 100, step: 1 },
        date_interval: { type: 'choice', required: true },
        excludeDaysWithoutData: { type: 'checkbox', required: false },
      });
      expect(efficiency.choices.bound).toEqual([
        { value: 'below', label: 'alert-rule.bound.below', translate: true },
        { value: 'above', label: 'alert-rule.bound.above', translate: true },
      ]);
      expect(efficiency.data).toMatchObject({ bound: 'below', efficiency: 1, date_interval: '60m', excludeDaysWithoutData: false });
    });

    it('stores a valid condition as its contract JSON, edits and removes it', async () => {
      const id = await ruleOfType('value');
      const response = await addCondition(id, {
        variable: 20,
        operator: 'lt',
        argument: '11,5',
        date_interval: '30m',
        fromHour: 22,
        toHour: 6,
        workDays: [1, 2],
      });
      expect(response.statusCode, response.body).toBe(201);
      const conditionId = response.json<{ id: number }>().id;
      const rule = await read(id);
      expect(rule.conditions).toEqual([
        {
          id: conditionId,
          position: 1,
          condition: { variable: 20, operator: 'lt', argument: 11.5, date_interval: '30m', fromHour: 22, toHour: 6, workDays: [1, 2] },
        },
      ]);
      const edit = await definition(conditionUrl(id, `/${conditionId}/edit`));
      expect(edit.data).toEqual({ variable: 20, operator: 'lt', argument: 11.5, date_interval: '30m', fromHour: 22, toHour: 6, workDays: [1, 2] });
      const put = await ctx.app.inject({
        method: 'PUT',
        url: conditionUrl(id, `/${conditionId}`),
        headers: bearer(token),
        payload: { token: edit.token, variable: 1, operator: 'gte', argument: 3, date_interval: '10m' },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await read(id)).conditions[0]!.condition).toEqual({ variable: 1, operator: 'gte', argument: 3, date_interval: '10m' });
      const second = await addCondition(id, { variable: 2, operator: 'gt', argument: 0, date_interval: '10m' });
      expect((await read(id)).conditions.map((c) => c.position)).toEqual([1, 2]);
      expect((await del(conditionUrl(id, `/${conditionId}`))).statusCode).toBe(200);
      expect((await read(id)).conditions.map((c) => c.id)).toEqual([second.json<{ id: number }>().id]);
      expect((await del(conditionUrl(id, `/${conditionId}`))).statusCode).toBe(404);
    });

    it('refuses each bad condition with field errors and writes nothing', async () => {
      const value = await ruleOfType('value');
      const geo = await ruleOfType('geolocation');
      const percent = await ruleOfType('effective-work-percentage');
      const part = await ruleOfType('part-replace');
      const workEfficiency = await ruleOfType('work-efficiency');
      const valid = { variable: 20, operator: 'gt', argument: 5, date_interval: '10m' };
      const square = [
        [21, 56],
        [21.1, 56],
        [21.1, 56.1],
        [21, 56.1],
      ];
      const cases: [number, Fields, Record<string, string[]>][] = [
        [value, { ...valid, variable: null }, { variable: [MESSAGE_KEYS.notBlank] }],
        [value, { ...valid, variable: 10000 }, { variable: [MESSAGE_KEYS.incorrect] }],
        [value, { ...valid, operator: 'approx' }, { operator: [MESSAGE_KEYS.incorrect] }],
        [value, { ...valid, argument: 'five' }, { argument: [MESSAGE_KEYS.incorrect] }],
        [value, { ...valid, argument: '' }, { argument: [MESSAGE_KEYS.notBlank] }],
        [value, { ...valid, date_interval: '5m' }, { date_interval: [MESSAGE_KEYS.incorrect] }],
        [value, { ...valid, fromHour: 25 }, { fromHour: [FORM_MESSAGE_KEYS.outOfRange] }],
        [value, { ...valid, toHour: 1.5 }, { toHour: [MESSAGE_KEYS.incorrect] }],
        [value, { ...valid, workDays: [0] }, { workDays: [MESSAGE_KEYS.incorrect] }],
        [geo, { polygon: square, geofence: 'leave' }, { polygon: [FORM_MESSAGE_KEYS.areaNotClosed] }],
        [geo, { polygon: [...square, square[0]], geofence: 'around' }, { geofence: [MESSAGE_KEYS.incorrect] }],
        [geo, { geofence: 'enter' }, { polygon: [MESSAGE_KEYS.notBlank] }],
        [percent, { operator: 'lt', efficiency: 0, date_interval: 'day' }, { efficiency: [FORM_MESSAGE_KEYS.outOfRange] }],
        [percent, { operator: 'lt', efficiency: 101, date_interval: 'day' }, { efficiency: [FORM_MESSAGE_KEYS.outOfRange] }],
        [workEfficiency, { bound: 'sideways', efficiency: 50, date_interval: 'day' }, { bound: [MESSAGE_KEYS.incorrect] }],
        [workEfficiency, { efficiency: 50, date_interval: 'day' }, { bound: [MESSAGE_KEYS.notBlank] }],
        [workEfficiency, { bound: 'above', efficiency: 101, date_interval: 'day' }, { efficiency: [FORM_MESSAGE_KEYS.outOfRange] }],
        [part, { variable: 23, argument: 500, firstAlarmDate: '2026-02-30' }, { firstAlarmDate: [MESSAGE_KEYS.incorrect] }],
        [part, { variable: 23, argument: 0, firstAlarmDate: '2026-02-03' }, { argument: [FORM_MESSAGE_KEYS.outOfRange] }],
        [part, { variable: 20, argument: 500, firstAlarmDate: '2026-02-03' }, { variable: [MESSAGE_KEYS.incorrect] }],
      ];
      const before = await snapshot();
      for (const [ruleId, fields, errors] of cases) {
        const response = await addCondition(ruleId, fields);
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(validationErrorSchema.parse(response.json()), JSON.stringify(fields)).toEqual({ errors, rootErrors: [] });
      }
      const forged = await ctx.app.inject({ method: 'POST', url: conditionUrl(value), headers: bearer(token), payload: { ...valid, token: 'forged' } });
      expect(await rootErrors(forged)).toEqual([FORM_MESSAGE_KEYS.invalidToken]);
      expect(await snapshot()).toBe(before);
      expect((await addCondition(geo, { polygon: [...square, square[0]], geofence: 'enter' })).statusCode).toBe(201);
      expect((await addCondition(workEfficiency, { bound: 'above', efficiency: 90, date_interval: 'week', fromHour: 6, toHour: 22 })).statusCode).toBe(201);
    });

    it('refuses conditions for a type without any, and reaches no condition through another rule', async () => {
      const auth = await ruleOfType('authentication');
      expect(await rootErrors(await get(conditionUrl(auth, '/new')))).toEqual([ALERT_MESSAGE_KEYS.noConditions]);
      const valueForm = await definition(conditionUrl(await ruleOfType('value'), '/new'));
      const post = await ctx.app.inject({ method: 'POST', url: conditionUrl(auth), headers: bearer(token), payload: { token: valueForm.token } });
      expect(await rootErrors(post)).toEqual([ALERT_MESSAGE_KEYS.noConditions]);
      const owner = await ruleOfType('value');
      const conditionId = (await addCondition(owner, { variable: 20, operator: 'gt', argument: 1, date_interval: '10m' })).json<{ id: number }>().id;
      const stranger = await ruleOfType('value');
      expect((await get(conditionUrl(stranger, `/${conditionId}/edit`))).statusCode).toBe(404);
      expect((await del(conditionUrl(stranger, `/${conditionId}`))).statusCode).toBe(404);
      expect((await get(conditionUrl(owner, `/${conditionId}/edit`), otherToken)).statusCode).toBe(404);
      expect((await del(conditionUrl(owner, `/${conditionId}`), otherToken)).statusCode).toBe(404);
      expect((await read(owner)).conditions).toHaveLength(1);
    });
  });

  describe('delete and archive', () => {
    /** A rule with a device, a group, a user and a condition: everything a configured rule owns. */
    const configuredRule = async (name: string) => {
      const id = await newRule({ name });
      await patch(`/api/alertrules/${id}/devices/${ids.press}/assign`);
      await patch(`/api/alertrules/${id}/devicegroups/${ids.group}/assign`);
      await patch(`/api/alertrules/${id}/users/${ids.me}/assign`);
      const form = await definition(`/api/alertrules/${id}/conditions/new`);
      const condition = await ctx.app.inject({
        method: 'POST',
        url: `/api/alertrules/${id}/conditions`,
        headers: bearer(token),
        payload: { token: form.token, variable: 1, operator: 'gt', argument: 1, date_interval: '10m' },
      });
      expect(condition.statusCode, condition.body).toBe(201);
      return id;
    };
    const owned = async (id: number) =>
      (
        await sql<{
          rows: number;
        }>`select (select count(*) from alert_rule_devices where rule_id = ${id}) + (select count(*) from alert_rule_device_groups where rule_id = ${id})
          + (select count(*) from alert_rule_users where rule_id = ${id}) + (select count(*) from alert_rule_conditions where rule_id = ${id}) as rows`.execute(
          ctx.database.db,
        )
      ).rows[0]!.rows;

    it('deletes a configured rule at once, with its devices, groups, users and conditions (issue 32 item 7)', async () => {
      const id = await configuredRule('Doomed');
      expect(Number(await owned(id))).toBe(4);
      const response = await del(`/api/alertrules/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect((await get(`/api/alertrules/${id}`)).statusCode).toBe(404);
      expect(Number(await owned(id))).toBe(0);
    });

    it('keeps the alert history of a deleted configured rule: archived without its links and conditions', async () => {
      const id = await configuredRule('Remembered');
      const alert = await insertAlert(ctx.database.db, { companyId: company.id, deviceId: ids.press, ruleId: id });
      expect((await del(`/api/alertrules/${id}`)).statusCode).toBe(200);
      expect(await read(id)).toMatchObject({ archived: true, enabled: false, devices: [], groups: [], users: [], conditions: [] });
      expect(Number(await owned(id))).toBe(0);
      const kept = await ctx.database.db.selectFrom('alerts').select('rule_id').where('id', '=', alert).executeTakeFirstOrThrow();
      expect(kept.rule_id).toBe(id);
    });

    it('archives a rule alerts refer to: read-only, shown with archived=true, its alerts kept', async () => {
      const id = await newRule({ name: 'Historic' });
      const alert = await insertAlert(ctx.database.db, { companyId: company.id, deviceId: ids.press, ruleId: id, endedAt: new Date() });
      expect((await del(`/api/alertrules/${id}`)).statusCode).toBe(200);
      expect(await read(id)).toMatchObject({ archived: true, enabled: false });
      const before = await snapshot();
      const form = await definition(`/api/alertrules/${id}/edit`);
      const writes = [
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/alertrules/${id}`,
          headers: bearer(token),
          payload: { token: form.token, name: 'Revived', importance: 'info' },
        }),
        await patch(`/api/alertrules/${id}/enable`),
        await patch(`/api/alertrules/${id}/devices/${ids.press}/assign`),
        await del(`/api/alertrules/${id}`),
      ];
      for (const response of writes) expect(await rootErrors(response)).toEqual([ALERT_MESSAGE_KEYS.archived]);
      const conditionForm = await definition(`/api/alertrules/${id}/conditions/new`);
      const condition = await ctx.app.inject({
        method: 'POST',
        url: `/api/alertrules/${id}/conditions`,
        headers: bearer(token),
        payload: { token: conditionForm.token, variable: 1, operator: 'gt', argument: 1, date_interval: '10m' },
      });
      expect(await rootErrors(condition)).toEqual([ALERT_MESSAGE_KEYS.archived]);
      expect(await snapshot()).toBe(before);
      const kept = await ctx.database.db.selectFrom('alerts').select('rule_id').where('id', '=', alert).executeTakeFirstOrThrow();
      expect(kept.rule_id).toBe(id);
    });
  });
});
