import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGE_KEYS, MESSAGE_KEYS, sensorListSchema, sensorSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { createCompany, createUser, signIn } from './fixtures.ts';
import { adminClient } from './admin-fixtures.ts';

/**
 * A module's send period (docs/teltonika.md): the longest time between its records while the machine works, after
 * which a gap counts as no data. In the module form and answered as `sendPeriodSeconds` (null: the default).
 */
describe('administration: a module’s send period', () => {
  let ctx: TestContext;
  let adminToken: string;
  let factory: TestCompany;
  const { call, formOf, submitForm } = adminClient(
    () => ctx,
    () => adminToken,
  );
  let counter = 0;
  /** A Teltonika module's serial number is its 15-digit IMEI. */
  const imei = () => `35${String(process.pid).padStart(7, '0').slice(-7)}${String(++counter).padStart(6, '0')}`;
  const sensorOf = async (id: number) => sensorSchema.parse((await call('GET', `/api/sensors/${id}`)).json());
  const post = async (fields: Record<string, unknown>) => {
    const definition = await formOf('/api/sensors/new');
    return call('POST', '/api/sensors', {
      token: definition.token,
      company: factory.id,
      name: 'Forklift tracker',
      protocol: 'teltonika',
      serialNumber: imei(),
      timezone: 'Europe/Warsaw',
      active: true,
      ...fields,
    });
  };
  const countSensors = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('sensors')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    factory = await createCompany(ctx.database.db, 'Acme Factory');
    const admin = await createUser(ctx.database.db, factory.id, { superAdmin: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
  });
  afterAll(() => ctx?.close());

  it('is in the form: a whole number of seconds 1–86400, optional, with its help; blank for a new module', async () => {
    const definition = await formOf('/api/sensors/new');
    expect(definition.schema.sendPeriodSeconds).toEqual({
      type: 'number',
      label: 'sensor.field.send-period',
      required: false,
      multiple: false,
      disabled: false,
      icon: null,
      changeToUpperCase: false,
      expanded: false,
      min: 1,
      max: 86400,
      step: 1,
      help: 'sensor.help.send-period',
    });
    expect(definition.data.sendPeriodSeconds).toBeNull();
  });

  it('is stored on create and update, answered in the module, the list and the edit form, and cleared back to null', async () => {
    const definition = await formOf('/api/sensors/new');
    const serialNumber = imei();
    const created = await submitForm('POST', '/api/sensors', {
      token: definition.token,
      company: String(factory.id),
      name: 'Tracker 30 s',
      protocol: 'teltonika',
      serialNumber,
      timezone: 'Europe/Warsaw',
      sendPeriodSeconds: '30',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    expect((await sensorOf(id)).sendPeriodSeconds).toBe(30);
    const list = sensorListSchema.parse((await call('GET', `/api/sensors?search=${serialNumber}`)).json());
    expect(list.entries.map((s) => [s.id, s.sendPeriodSeconds])).toEqual([[id, 30]]);
    expect((await formOf(`/api/sensors/${id}/edit`)).data.sendPeriodSeconds).toBe(30);

    const update = async (sendPeriodSeconds: unknown) => {
      const edit = await formOf(`/api/sensors/${id}/edit`);
      return call('PUT', `/api/sensors/${id}`, { ...edit.data, token: edit.token, sendPeriodSeconds });
    };
    expect((await update(86400)).statusCode).toBe(200);
    expect((await sensorOf(id)).sendPeriodSeconds).toBe(86400);
    expect((await update('')).statusCode).toBe(200);
    expect((await sensorOf(id)).sendPeriodSeconds).toBeNull();
    expect((await formOf(`/api/sensors/${id}/edit`)).data.sendPeriodSeconds).toBeNull();

    // Without the field (a client that knows no send period) the module has none.
    const plain = await post({});
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await sensorOf(plain.json<{ id: number }>().id)).sendPeriodSeconds).toBeNull();
  });

  it('refuses 0, more than a day, a fraction and a word, writing nothing', async () => {
    const before = await countSensors();
    const refusals: [value: unknown, key: string][] = [
      [0, FORM_MESSAGE_KEYS.outOfRange],
      [86401, FORM_MESSAGE_KEYS.outOfRange],
      [-60, FORM_MESSAGE_KEYS.outOfRange],
      ['1.5', MESSAGE_KEYS.incorrect],
      ['minute', MESSAGE_KEYS.incorrect],
    ];
    for (const [sendPeriodSeconds, key] of refusals) {
      const response = await post({ sendPeriodSeconds });
      expect(response.statusCode, String(sendPeriodSeconds)).toBe(400);
      expect(response.json(), String(sendPeriodSeconds)).toEqual({ errors: { sendPeriodSeconds: [key] }, rootErrors: [] });
    }
    expect(await countSensors()).toBe(before);
  });
});
