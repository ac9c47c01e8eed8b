import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition, FormField } from '@gearwatch/contracts';
import { MESSAGE_KEYS } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { installWriteCounter } from './harness/writes.ts';

/**
 * Issue 31 item 6: a name or a title is one line (contracts' text rules). Every server-driven form's text fields and
 * every JSON input that takes a name are posted with a line break in it: 400 with the field's `incorrect` and nothing
 * written. A form's body is otherwise valid (the same body with a clean value is created), so the refusal is the
 * line break's; its textareas carry two lines and are accepted.
 */

const BROKEN = ['Hall A\nTotal: 0 alerts', 'Hall A\r', '\nHall A', 'Hall\tA', 'Hall\u2028A', 'Hall\u0085A', 'Hall\u001bA'];

let counter = 0;
const unique = () => `${process.pid}x${++counter}`;

/** A value each kind of field accepts (unique where rows must be), from the form's own schema and choices. */
function validValue(name: string, field: FormField, choices: FormDefinition['choices'][string] | undefined): unknown {
  const fit = (text: string) => (field.maxLength !== undefined ? text.slice(-field.maxLength) : text);
  switch (field.type) {
    case 'text':
      if (name === 'phone') return '+48 600 100 200';
      return fit(`V${unique()}`);
    case 'email':
      return `n${unique()}@example.test`;
    case 'textarea':
      return fit('first line\nsecond line');
    case 'number': {
      // Unique where a number must be (a parameter's), inside the field's range.
      const value = (field.min ?? 1) + (counter++ % 1000);
      return field.max !== undefined ? Math.min(field.max, value) : value;
    }
    case 'hour':
      return 6;
    case 'date':
      return '2027-01-15';
    case 'datetime':
      return '2027-01-15T10:00:00Z';
    case 'entity':
    case 'choice':
    case 'radio': {
      const first = choices?.[0]?.value;
      if (first === undefined) return undefined;
      return field.multiple ? [first] : first;
    }
    default:
      return undefined;
  }
}

describe('names and titles refuse control characters', () => {
  let ctx: TestContext;
  let userToken: string;
  let adminToken: string;
  let deviceTypeId: number;
  let writes: () => Promise<number>;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const company = await createCompany(db);
    const user = await createUser(db, company.id);
    const root = await createUser(db, company.id, { superAdmin: true });
    ({ deviceTypeId } = await createDevice(db, company.id));
    userToken = (await signIn(ctx.app, user.username, user.password)).access_token;
    adminToken = (await signIn(ctx.app, root.username, root.password)).access_token;
    writes = await installWriteCounter(db);
  });
  afterAll(() => ctx?.close());

  /** The forms and who fills them in: the company's rows by a company user, the platform's by a super-admin. */
  const FORMS: { resource: string; admin: boolean; query?: () => string }[] = [
    { resource: 'devices', admin: false },
    { resource: 'devicegroups', admin: false },
    { resource: 'deviceoperators', admin: false },
    { resource: 'deviceoperatorgroups', admin: false },
    { resource: 'users', admin: false },
    { resource: 'alertrules', admin: false },
    { resource: 'tasks', admin: false },
    { resource: 'companies', admin: true },
    { resource: 'subscribers', admin: true },
    { resource: 'sensors', admin: true },
    { resource: 'devicetypes', admin: true },
    { resource: 'parameters', admin: true, query: () => `?context=${deviceTypeId}` },
  ];

  async function openForm(resource: string, token: string, query = '') {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/${resource}/new${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FormDefinition>();
  }

  function validBody(definition: FormDefinition): Record<string, unknown> {
    const body: Record<string, unknown> = { token: definition.token };
    for (const [name, field] of Object.entries(definition.schema)) {
      if (field.disabled) continue;
      const typed = field.type === 'text' || field.type === 'email' || field.type === 'textarea';
      if (!field.required && !typed) continue;
      const value = validValue(name, field, definition.choices[name]);
      if (value !== undefined) body[name] = value;
    }
    return body;
  }

  describe.each(FORMS)('the $resource form', ({ resource, admin, query }) => {
    const token = () => (admin ? adminToken : userToken);
    const post = (body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/${resource}${query?.() ?? ''}`, headers: bearer(token()), payload: body });

    it('creates a row from a valid body whose textareas hold two lines', async () => {
      const response = await post(validBody(await openForm(resource, token(), query?.())));
      expect(response.statusCode, response.body).toBe(201);
    });

    it('refuses a line break or another control character in each text field, and writes nothing', async () => {
      const definition = await openForm(resource, token(), query?.());
      const textFields = Object.entries(definition.schema).filter(([, field]) => !field.disabled && (field.type === 'text' || field.type === 'email'));
      expect(textFields.length).toBeGreaterThan(0);
      for (const [name] of textFields) {
        for (const broken of BROKEN) {
          const before = await writes();
          const response = await post({ ...validBody(definition), [name]: broken });
          expect(response.statusCode, `${name} = ${JSON.stringify(broken)}: ${response.body}`).toBe(400);
          expect(response.json<{ errors: Record<string, string[]> }>().errors, `${name} = ${JSON.stringify(broken)}`).toEqual({
            [name]: [MESSAGE_KEYS.incorrect],
          });
          expect(await writes(), `${name} = ${JSON.stringify(broken)} wrote`).toBe(before);
        }
      }
    });
  });

  describe('JSON inputs that take a name', () => {
    const REQUESTS: { what: string; field: string; admin?: boolean; method: 'POST' | 'PATCH'; url: () => string; body: (name: string) => unknown }[] = [
      {
        what: 'a report configuration',
        field: 'name',
        method: 'POST',
        url: () => '/api/reportsconfigurations?context=efficiency-report',
        body: (name) => ({ reportInterval: 'day', groups: [], users: [], format: 'csv', name }),
      },
      {
        what: 'a production view',
        field: 'prodview_name',
        method: 'POST',
        url: () => '/api/productionviews',
        body: (name) => ({ prodview_type: 'efficiency', prodview_name: name, lineParams: [], reset_hours: '06:00' }),
      },
      {
        what: "a production view's line",
        field: 'lineParams.0.lineName',
        method: 'POST',
        url: () => '/api/productionviews',
        body: (name) => ({ prodview_type: 'efficiency', prodview_name: 'View', lineParams: [{ lineName: name }, { lineName: 'B' }], reset_hours: '06:00' }),
      },
      {
        what: 'a production shift',
        field: '0.name',
        method: 'POST',
        url: () => '/api/user/production_shifts',
        body: (name) => [{ name, timeStart: '06:00', timeEnd: '14:00' }],
      },
      {
        what: "the user's first name",
        field: 'firstname',
        method: 'PATCH',
        url: () => '/api/users/current/profile',
        body: (name) => ({ user: { firstname: name, lastname: 'Nowak' } }),
      },
      {
        what: "the user's last name",
        field: 'lastname',
        method: 'PATCH',
        url: () => '/api/users/current/profile',
        body: (name) => ({ user: { firstname: 'Anna', lastname: name } }),
      },
      {
        what: "an announcement's title",
        field: 'title',
        admin: true,
        method: 'POST',
        url: () => '/api/announcements',
        body: (name) => ({ title: name, body: 'first line\nsecond line' }),
      },
      {
        what: "a support mail's subject",
        field: 'subject',
        method: 'POST',
        url: () => '/api/support/mail',
        body: (name) => ({ subject: name, content: 'first line\nsecond line' }),
      },
      {
        what: "a device type's copy",
        field: 'name',
        admin: true,
        method: 'POST',
        url: () => `/api/devicetypes/${deviceTypeId}/duplicate`,
        body: (name) => ({ name }),
      },
    ];

    it.each(REQUESTS)('$what ($field): 400 with the field error, nothing written', async ({ field, admin, method, url, body }) => {
      for (const broken of BROKEN) {
        const before = await writes();
        const response = await ctx.app.inject({ method, url: url(), headers: bearer(admin ? adminToken : userToken), payload: body(broken) as object });
        expect(response.statusCode, `${JSON.stringify(broken)}: ${response.body}`).toBe(400);
        expect(response.json<{ errors: Record<string, string[]> }>().errors[field], JSON.stringify(broken)).toContain(MESSAGE_KEYS.incorrect);
        expect(await writes(), `${JSON.stringify(broken)} wrote`).toBe(before);
      }
    });
  });
});
