import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_MESSAGE_KEYS, FORM_MESSAGE_KEYS, MESSAGE_KEYS, adminParameterSchema, deviceTypeDetailSchema, parameterListSchema } from '@gearwatch/contracts';
import { ParametersRepository } from '../src/device-types/parameters-repository.ts';
import { ParametersService } from '../src/device-types/parameters-service.ts';
import { ValidationError } from '../src/http/errors.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createUser, signIn } from './fixtures.ts';
import { adminClient } from './admin-fixtures.ts';

/**
 * A device type's parameter may take its value from a Teltonika IO element (docs/teltonika.md, "IO mapping and
 * presets"): the IO id, multiplier and offset in the parameter form and in the parameter answers, and their rules.
 */
describe('device type parameters: Teltonika IO mapping', () => {
  let ctx: TestContext;
  let adminToken: string;
  let adminUserId: number;
  let adminCompanyId: number;
  const { call, formOf, submitForm } = adminClient(
    () => ctx,
    () => adminToken,
  );
  let typeCounter = 0;

  const createType = async () => {
    const definition = await formOf('/api/devicetypes/new');
    const response = await call('POST', '/api/devicetypes', { token: definition.token, name: `Teltonika type ${process.pid}-${++typeCounter}` });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const postParameter = async (deviceType: number, fields: Record<string, unknown>) => {
    const definition = await formOf('/api/parameters/new');
    return call('POST', '/api/parameters', { token: definition.token, deviceType, aggregation: 'avg', ...fields });
  };
  const createParameter = async (deviceType: number, fields: Record<string, unknown>) => {
    const response = await postParameter(deviceType, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const putParameter = async (id: number, fields: Record<string, unknown>) => {
    const edit = await formOf(`/api/parameters/${id}/edit`);
    return call('PUT', `/api/parameters/${id}`, { token: edit.token, aggregation: 'avg', ...fields });
  };
  const parameterOf = async (id: number) => adminParameterSchema.parse((await call('GET', `/api/parameters/${id}`)).json());
  /** Every stored column of the type's parameters, to show a refused submit wrote nothing. */
  const storedParameters = (deviceTypeId: number) =>
    ctx.database.db.selectFrom('parameters').selectAll().where('device_type_id', '=', deviceTypeId).orderBy('id').execute();

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    adminCompanyId = (await createCompany(db)).id;
    const admin = await createUser(db, adminCompanyId, { superAdmin: true });
    adminUserId = admin.id;
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
  });
  afterAll(() => ctx?.close());

  it('offers the IO id (0–65535, whole), multiplier and offset, defaulting to no IO id, × 1 and + 0', async () => {
    const definition = await formOf('/api/parameters/new');
    expect(definition.schema.teltonikaIoId).toMatchObject({
      type: 'number',
      label: 'parameter.field.teltonika-io-id',
      required: false,
      min: 0,
      max: 65535,
      step: 1,
      help: 'parameter.help.teltonika-io-id',
    });
    expect(definition.schema.teltonikaMultiplier).toMatchObject({ type: 'number', label: 'parameter.field.teltonika-multiplier', required: false });
    expect(definition.schema.teltonikaOffset).toMatchObject({ type: 'number', label: 'parameter.field.teltonika-offset', required: false });
    // Any fraction: 0.001 turns millivolts into volts.
    expect(definition.schema.teltonikaMultiplier?.step).toBeUndefined();
    expect(definition.data).toMatchObject({ teltonikaIoId: null, teltonikaMultiplier: 1, teltonikaOffset: 0 });
  });

  it('stores the mapping from a form-encoded submit and answers it in the parameter, the list, the type and the edit form', async () => {
    const typeId = await createType();
    const definition = await formOf('/api/parameters/new');
    const created = await submitForm('POST', '/api/parameters', {
      token: definition.token,
      deviceType: String(typeId),
      number: '66',
      name: 'External voltage',
      aggregation: 'avg',
      teltonikaIoId: '66',
      // A decimal comma is read like a point.
      teltonikaMultiplier: '0,001',
      teltonikaOffset: '-0.5',
    });
    expect(created.statusCode, created.body).toBe(201);
    const voltage = created.json<{ id: number }>().id;
    const plain = await createParameter(typeId, { number: 5, name: 'Typed in' });

    expect((await parameterOf(voltage)).teltonika).toEqual({ ioId: 66, multiplier: 0.001, offset: -0.5 });
    expect((await parameterOf(plain)).teltonika).toBeNull();
    const list = parameterListSchema.parse((await call('GET', `/api/parameters?filter=${encodeURIComponent(JSON.stringify({ deviceType: typeId }))}`)).json());
    expect(list.entries.map((p) => [p.number, p.teltonika])).toEqual([
      [5, null],
      [66, { ioId: 66, multiplier: 0.001, offset: -0.5 }],
    ]);
    const detail = deviceTypeDetailSchema.parse((await call('GET', `/api/devicetypes/${typeId}`)).json());
    expect(detail.parameters.find((p) => p.id === voltage)?.teltonika).toEqual({ ioId: 66, multiplier: 0.001, offset: -0.5 });
    expect((await formOf(`/api/parameters/${voltage}/edit`)).data).toMatchObject({ teltonikaIoId: 66, teltonikaMultiplier: 0.001, teltonikaOffset: -0.5 });

    // Blank multiplier and offset are the defaults.
    const odometer = await createParameter(typeId, { number: 16, name: 'Odometer', teltonikaIoId: 16, teltonikaMultiplier: '', teltonikaOffset: '' });
    expect((await parameterOf(odometer)).teltonika).toEqual({ ioId: 16, multiplier: 1, offset: 0 });
  });

  it('updates the mapping, keeps the parameter’s own IO id, and clears it', async () => {
    const typeId = await createType();
    const id = await createParameter(typeId, { number: 21, name: 'GSM signal', teltonikaIoId: 21 });
    // Saving the parameter with its own IO id is no conflict with itself.
    expect((await putParameter(id, { number: 21, name: 'GSM', teltonikaIoId: 21, teltonikaMultiplier: 20, teltonikaOffset: 0 })).statusCode).toBe(200);
    expect((await parameterOf(id)).teltonika).toEqual({ ioId: 21, multiplier: 20, offset: 0 });
    expect((await putParameter(id, { number: 21, name: 'GSM', teltonikaIoId: 24, teltonikaMultiplier: 1, teltonikaOffset: 3 })).statusCode).toBe(200);
    expect((await parameterOf(id)).teltonika).toEqual({ ioId: 24, multiplier: 1, offset: 3 });
    expect((await putParameter(id, { number: 21, name: 'GSM', teltonikaIoId: '' })).statusCode).toBe(200);
    expect((await parameterOf(id)).teltonika).toBeNull();
  });

  it('refuses an IO id on work (1) and active (2), on create and on an update that moves a mapped parameter there; nothing is written', async () => {
    const typeId = await createType();
    for (const number of [1, 2]) {
      const refused = await postParameter(typeId, { number, name: 'derived', teltonikaIoId: 239 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errors: { teltonikaIoId: [ENTITY_MESSAGE_KEYS.teltonikaIoDerived] }, rootErrors: [] });
    }
    expect(await storedParameters(typeId)).toEqual([]);
    // Work and active themselves are fine without an IO id.
    const work = await createParameter(typeId, { number: 1, name: 'work', aggregation: 'sum' });
    const mapped = await createParameter(typeId, { number: 7, name: 'Speed', teltonikaIoId: 24 });
    const before = await storedParameters(typeId);
    expect((await putParameter(mapped, { number: 2, name: 'Speed', teltonikaIoId: 24 })).json()).toEqual({
      errors: { teltonikaIoId: [ENTITY_MESSAGE_KEYS.teltonikaIoDerived] },
      rootErrors: [],
    });
    expect((await putParameter(work, { number: 1, name: 'work', aggregation: 'sum', teltonikaIoId: 239 })).json()).toEqual({
      errors: { teltonikaIoId: [ENTITY_MESSAGE_KEYS.teltonikaIoDerived] },
      rootErrors: [],
    });
    expect(await storedParameters(typeId)).toEqual(before);
  });

  it('allows one parameter per IO id in a type, the same IO id in another type', async () => {
    const typeId = await createType();
    const otherType = await createType();
    await createParameter(typeId, { number: 10, name: 'External voltage', teltonikaIoId: 66, teltonikaMultiplier: 0.001 });
    const before = await storedParameters(typeId);
    expect((await postParameter(typeId, { number: 11, name: 'Voltage again', teltonikaIoId: 66 })).json()).toEqual({
      errors: { teltonikaIoId: [FORM_MESSAGE_KEYS.notUnique] },
      rootErrors: [],
    });
    const other = await createParameter(typeId, { number: 12, name: 'Battery voltage', teltonikaIoId: 67 });
    expect((await putParameter(other, { number: 12, name: 'Battery voltage', teltonikaIoId: 66 })).json()).toEqual({
      errors: { teltonikaIoId: [FORM_MESSAGE_KEYS.notUnique] },
      rootErrors: [],
    });
    expect((await storedParameters(typeId)).filter((p) => p.id !== other)).toEqual(before);
    expect((await parameterOf(other)).teltonika).toMatchObject({ ioId: 67 });
    const elsewhere = await createParameter(otherType, { number: 10, name: 'External voltage', teltonikaIoId: 66 });
    expect((await parameterOf(elsewhere)).teltonika).toMatchObject({ ioId: 66 });
  });

  it('names each bad mapping field: multiplier 0 or not a finite number, an IO id out of 0–65535 or a fraction; nothing is written', async () => {
    const typeId = await createType();
    const refusals: [fields: Record<string, unknown>, errors: Record<string, string[]>][] = [
      [{ teltonikaMultiplier: 0 }, { teltonikaMultiplier: [MESSAGE_KEYS.incorrect] }],
      [{ teltonikaMultiplier: '0' }, { teltonikaMultiplier: [MESSAGE_KEYS.incorrect] }],
      [{ teltonikaMultiplier: 'Infinity' }, { teltonikaMultiplier: [MESSAGE_KEYS.incorrect] }],
      [{ teltonikaMultiplier: 'x' }, { teltonikaMultiplier: [MESSAGE_KEYS.incorrect] }],
      [{ teltonikaOffset: 'NaN' }, { teltonikaOffset: [MESSAGE_KEYS.incorrect] }],
      [{ teltonikaOffset: '-Infinity' }, { teltonikaOffset: [MESSAGE_KEYS.incorrect] }],
      [{ teltonikaIoId: -1 }, { teltonikaIoId: [FORM_MESSAGE_KEYS.outOfRange] }],
      [{ teltonikaIoId: 65536 }, { teltonikaIoId: [FORM_MESSAGE_KEYS.outOfRange] }],
      [{ teltonikaIoId: '66.5' }, { teltonikaIoId: [MESSAGE_KEYS.incorrect] }],
      [{ teltonikaIoId: 'ignition' }, { teltonikaIoId: [MESSAGE_KEYS.incorrect] }],
    ];
    for (const [fields, errors] of refusals) {
      const response = await postParameter(typeId, { number: 30, name: 'Mapped', teltonikaIoId: 66, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json(), JSON.stringify(fields)).toEqual({ errors, rootErrors: [] });
    }
    // The parameter's own rules are told together with the schema's mistakes, in one round.
    expect((await postParameter(typeId, { number: 1, name: '', teltonikaIoId: 239, teltonikaMultiplier: 0 })).json()).toEqual({
      errors: { name: [MESSAGE_KEYS.notBlank], teltonikaIoId: [ENTITY_MESSAGE_KEYS.teltonikaIoDerived], teltonikaMultiplier: [MESSAGE_KEYS.incorrect] },
      rootErrors: [],
    });
    expect(await storedParameters(typeId)).toEqual([]);
    // The extremes of the range are IO ids like any other.
    for (const ioId of [0, 65535]) {
      const id = await createParameter(typeId, { number: 40 + (ioId % 2), name: `IO ${ioId}`, teltonikaIoId: ioId, teltonikaMultiplier: -2.5 });
      expect((await parameterOf(id)).teltonika).toEqual({ ioId, multiplier: -2.5, offset: 0 });
    }
  });

  it('answers a write that loses the IO id to another at the same time (the unique index) as a field error, writing nothing', async () => {
    const typeId = await createType();
    await createParameter(typeId, { number: 10, name: 'External voltage', teltonikaIoId: 66 });
    const before = await storedParameters(typeId);
    // The check inside the transaction saw the IO id free (the other write had not committed yet).
    class RacingRepository extends ParametersRepository {
      override transaction<T>(work: (repository: ParametersRepository) => Promise<T>): Promise<T> {
        return super.transaction((inner) => {
          inner.teltonikaIoTaken = () => Promise.resolve(false);
          return work(inner);
        });
      }
    }
    const service = new ParametersService(new RacingRepository(ctx.database.db));
    const auth = { userId: adminUserId, companyId: adminCompanyId, isSuperAdmin: true, canImpersonate: false };
    const values = {
      deviceType: typeId,
      number: 11,
      name: 'Late',
      description: null,
      tags: null,
      unit: null,
      aggregation: 'avg',
      dataType: null,
      chart: null,
      formula: null,
      public: false,
    };
    const race = service.create(auth, { ...values, teltonikaIoId: 66, teltonikaMultiplier: 1, teltonikaOffset: 0 });
    await expect(race).rejects.toBeInstanceOf(ValidationError);
    await expect(race).rejects.toMatchObject({ errors: { teltonikaIoId: [FORM_MESSAGE_KEYS.notUnique] } });
    expect(await storedParameters(typeId)).toEqual(before);
  });

  it('a duplicated type’s parameters read the same IO ids, multipliers and offsets', async () => {
    const typeId = await createType();
    await createParameter(typeId, { number: 10, name: 'External voltage', teltonikaIoId: 66, teltonikaMultiplier: 0.001, teltonikaOffset: 0.2 });
    await createParameter(typeId, { number: 11, name: 'Typed in' });
    const copied = await call('POST', `/api/devicetypes/${typeId}/duplicate`, {});
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = deviceTypeDetailSchema.parse((await call('GET', `/api/devicetypes/${copied.json<{ id: number }>().id}`)).json());
    expect(copy.parameters.map((p) => [p.number, p.teltonika])).toEqual([
      [10, { ioId: 66, multiplier: 0.001, offset: 0.2 }],
      [11, null],
    ]);
  });
});
