import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_VIEW_LIMITS, PRODUCTION_VIEW_MESSAGE_KEYS as K, productionViewSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { ProductionView } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createUser, signIn } from './fixtures.ts';
import { createCounterDevice, dataUrl, imageBytes, viewPayload, viewsClient } from './production-views-fixtures.ts';

/** The wizard's save and read calls: every rule of spec 01 §5 with its key, every wrong field at once, the logo, no partial write. */
describe('production views API: saving', () => {
  let ctx: TestContext;
  let token: string;
  let device: number;
  let otherDevice: number;
  let foreignDevice: number;
  const { call } = viewsClient(() => ctx);
  const db = () => ctx.database.db;
  const count = async (table: 'production_views' | 'production_view_lines') =>
    Number((await db().selectFrom(table).select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  /** The field errors of a refused save, which has no root error and writes nothing. */
  const refused = async (payload: unknown, id?: number) => {
    const before = [await count('production_views'), await count('production_view_lines')];
    const response =
      id === undefined ? await call(token, 'POST', '/api/productionviews', payload) : await call(token, 'PUT', `/api/productionviews/${id}`, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = validationErrorSchema.parse(response.json());
    expect(body.rootErrors).toEqual([]);
    expect([await count('production_views'), await count('production_view_lines')]).toEqual(before);
    return body.errors;
  };
  const created = async (payload: Record<string, unknown>): Promise<ProductionView> => {
    const response = await call(token, 'POST', '/api/productionviews', payload);
    expect(response.statusCode, response.body).toBe(201);
    return productionViewSchema.parse(response.json());
  };
  const line = (index: 0 | 1, overrides: Record<string, unknown>) => {
    const lines = viewPayload(device).lineParams as Record<string, unknown>[];
    lines[index] = { ...lines[index], ...overrides };
    return viewPayload(device, { lineParams: lines });
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    const user = await createUser(db(), company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    device = (await createCounterDevice(db(), company.id, 'Press 1')).id;
    otherDevice = (await createCounterDevice(db(), company.id, 'Press 2')).id;
    foreignDevice = (await createCounterDevice(db(), (await createCompany(db())).id, 'Theirs')).id;
  });
  afterAll(() => ctx?.close());

  it('answers every missing field at once and writes nothing', async () => {
    expect(await refused({})).toEqual({
      prodview_type: [K.required],
      prodview_name: [K.required],
      lineParams: [K.twoLines],
      reset_hours: [K.resetHoursRequired],
      file: [K.logoRequired],
    });
    expect(await refused(viewPayload(device, { lineParams: [{}, null] }))).toEqual({
      'lineParams.0.lineName': [K.required],
      'lineParams.0.deviceId': [K.required],
      'lineParams.0.parameter_id': [K.required],
      'lineParams.0.goal': [K.required],
      'lineParams.1.lineName': [K.required],
      'lineParams.1.deviceId': [K.required],
      'lineParams.1.parameter_id': [K.required],
      'lineParams.1.goal': [K.required],
    });
  });

  it('answers several wrong fields of every step at once, each with its key', async () => {
    const errors = await refused({
      prodview_type: 'grid',
      prodview_name: 'ab',
      lineParams: [
        { lineName: 'x'.repeat(50), deviceId: foreignDevice, parameter_id: 3, goal: '12a' },
        { lineName: '  ', deviceId: device, parameter_id: 20, goal: 10_001 },
      ],
      reset_hours: '06:00,25:00',
      file: dataUrl(imageBytes('gif'), 'image/gif'),
    });
    expect(errors).toEqual({
      prodview_type: [K.required],
      prodview_name: [K.minLength3],
      'lineParams.0.lineName': [K.maxLength50],
      'lineParams.0.deviceId': [K.notFound],
      'lineParams.0.goal': [K.numbersOnly],
      'lineParams.1.lineName': [K.required],
      'lineParams.1.parameter_id': [K.parameterInvalid],
      'lineParams.1.goal': [K.goalRange],
      reset_hours: [K.resetHourInvalid],
      file: [K.unsupportedFileType],
    });
  });

  it('checks the view type and the name (3 to 127 characters, trimmed)', async () => {
    for (const type of [undefined, null, '', 'grid', 1])
      expect(await refused(viewPayload(device, { prodview_type: type }))).toEqual({ prodview_type: [K.required] });
    for (const name of [undefined, null, '', '   ', 42])
      expect(await refused(viewPayload(device, { prodview_name: name }))).toEqual({ prodview_name: [K.required] });
    expect(await refused(viewPayload(device, { prodview_name: ' ab ' }))).toEqual({ prodview_name: [K.minLength3] });
    expect(await refused(viewPayload(device, { prodview_name: 'n'.repeat(PRODUCTION_VIEW_LIMITS.nameMax + 1) }))).toEqual({ prodview_name: [K.maxLength128] });
    expect((await created(viewPayload(device, { prodview_name: ' abc ', prodview_type: 'rows' }))).name).toBe('abc');
    expect((await created(viewPayload(device, { prodview_name: 'n'.repeat(PRODUCTION_VIEW_LIMITS.nameMax) }))).name).toHaveLength(127);
  });

  it('takes exactly two lines', async () => {
    const one = (viewPayload(device).lineParams as unknown[]).slice(0, 1);
    for (const lines of [undefined, null, 'two', {}, [], one])
      expect(await refused(viewPayload(device, { lineParams: lines }))).toEqual({ lineParams: [K.twoLines] });
    const three = [...(viewPayload(device).lineParams as unknown[]), { lineName: 'Third', deviceId: device, parameter_id: 1, goal: 1 }];
    expect(await refused(viewPayload(device, { lineParams: three }))).toEqual({ lineParams: [K.twoLines] });
    // The lines that are there are checked too, so the wizard's step 2 shows their errors with it.
    expect(await refused(viewPayload(device, { lineParams: [{ lineName: 'Only', deviceId: device, parameter_id: 1, goal: 'x' }] }))).toEqual({
      lineParams: [K.twoLines],
      'lineParams.0.goal': [K.numbersOnly],
    });
  });

  it('checks each line: name under 50, the company’s device, a parameter of it, a goal of digits 0–10000', async () => {
    expect(await refused(line(1, { lineName: 'x'.repeat(PRODUCTION_VIEW_LIMITS.lineNameMax + 1) }))).toEqual({ 'lineParams.1.lineName': [K.maxLength50] });
    expect((await created(line(1, { lineName: ` ${'x'.repeat(PRODUCTION_VIEW_LIMITS.lineNameMax)} ` }))).lines[1]!.label).toHaveLength(49);
    for (const deviceId of [foreignDevice, 2_000_000_000, 'abc', -1, 1.5, 99_999_999_999, {}]) {
      expect(await refused(line(0, { deviceId })), String(deviceId)).toEqual({ 'lineParams.0.deviceId': [K.notFound] });
    }
    for (const deviceId of [undefined, null, '']) expect(await refused(line(0, { deviceId }))).toEqual({ 'lineParams.0.deviceId': [K.required] });
    // A counter is a summed parameter of the device's type other than work, active and 10000.
    for (const parameter of [20, 10_000, 4, 'abc', -1, 1.5]) {
      expect(await refused(line(0, { parameter_id: parameter })), String(parameter)).toEqual({ 'lineParams.0.parameter_id': [K.parameterInvalid] });
    }
    for (const parameter of [undefined, null, ''])
      expect(await refused(line(0, { parameter_id: parameter }))).toEqual({ 'lineParams.0.parameter_id': [K.required] });
    for (const parameter of [0, 1, 2, 3, '3', 10_003]) expect((await created(line(0, { parameter_id: parameter }))).lines[0]!.param).toBe(Number(parameter));
    for (const goal of [undefined, null, '', '  ']) expect(await refused(line(0, { goal })), String(goal)).toEqual({ 'lineParams.0.goal': [K.required] });
    for (const goal of ['12a', '-5', '1.5', 1.5, -5, '1e3', 1e21, true, [], '0x10']) {
      expect(await refused(line(0, { goal })), String(goal)).toEqual({ 'lineParams.0.goal': [K.numbersOnly] });
    }
    for (const goal of [10_001, '10001', '99999999999999999999'])
      expect(await refused(line(0, { goal })), String(goal)).toEqual({ 'lineParams.0.goal': [K.goalRange] });
    for (const goal of [0, '0', 10_000, ' 42 ', '007']) expect((await created(line(0, { goal }))).lines[0]!.target).toBe(Number(String(goal).trim()));
    // Another device of the company, with a counter of its own type.
    expect((await created(line(1, { deviceId: String(otherDevice), parameter_id: 3 }))).lines[1]).toMatchObject({
      deviceId: otherDevice,
      deviceName: 'Press 2',
      param: 3,
    });
  });

  it('takes reset hours as the joined list or an array of HH:00, without repeats, ascending', async () => {
    for (const hours of [undefined, null, '', ' , ', []])
      expect(await refused(viewPayload(device, { reset_hours: hours })), JSON.stringify(hours)).toEqual({ reset_hours: [K.resetHoursRequired] });
    for (const hours of ['6', '6:00', '06:30', '24:00', '06:00;14:00', ['06:00', 6], 6, { a: '06:00' }, ['06:00,14:00']]) {
      expect(await refused(viewPayload(device, { reset_hours: hours })), JSON.stringify(hours)).toEqual({ reset_hours: [K.resetHourInvalid] });
    }
    expect((await created(viewPayload(device, { reset_hours: '22:00, 06:00,14:00,06:00,' }))).reset_time).toEqual(['06:00', '14:00', '22:00']);
    expect((await created(viewPayload(device, { reset_hours: ['23:00', '00:00', '23:00'] }))).reset_time).toEqual(['00:00', '23:00']);
    const stored = await db().selectFrom('production_views').select('reset_hours').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.reset_hours).toEqual([0, 23]);
  });

  it('takes a png or jpeg logo up to 1 MiB, by its bytes; a larger body is 413', async () => {
    for (const file of [
      dataUrl(imageBytes('gif'), 'image/gif'),
      dataUrl(imageBytes('gif'), 'image/png'),
      'not a data url',
      'data:image/png;base64,',
      'data:image/png,rawtext',
      42,
      { a: 1 },
    ]) {
      expect(await refused(viewPayload(device, { file })), String(file).slice(0, 40)).toEqual({ file: [K.unsupportedFileType] });
    }
    expect(await refused(viewPayload(device, { file: dataUrl(imageBytes('png', PRODUCTION_VIEW_LIMITS.logoMaxBytes + 1)) }))).toEqual({
      file: [K.fileTooLarge],
    });
    const largest = imageBytes('png', PRODUCTION_VIEW_LIMITS.logoMaxBytes);
    expect((await created(viewPayload(device, { file: dataUrl(largest) }))).logo).toBe(dataUrl(largest));
    // A jpeg declared as a png is kept as what its bytes are.
    const jpeg = imageBytes('jpeg', 300);
    const view = await created(viewPayload(device, { file: dataUrl(jpeg, 'image/png') }));
    expect(view.logo).toBe(dataUrl(jpeg, 'image/jpeg'));
    const stored = await db().selectFrom('production_views').select(['logo', 'logo_type']).where('id', '=', view.id).executeTakeFirstOrThrow();
    expect(stored.logo_type).toBe('image/jpeg');
    expect(Buffer.from(stored.logo!).equals(jpeg)).toBe(true);
    const before = await count('production_views');
    const huge = await call(token, 'POST', '/api/productionviews', viewPayload(device, { file: dataUrl(imageBytes('png', 1_600_000)) }));
    expect(huge.statusCode).toBe(413);
    expect(await count('production_views')).toBe(before);
  });

  it('reads a view back as stored: lines with device and parameter names, kinds, units and targets', async () => {
    const view = await created(
      viewPayload(device, {
        prodview_name: 'Shape',
        lineParams: [
          { lineName: 'Pieces', deviceId: device, parameter_id: 3, goal: 500 },
          { lineName: 'Work', deviceId: String(otherDevice), parameter_id: '1', goal: '420' },
        ],
      }),
    );
    const read = await call(token, 'GET', `/api/productionviews/${view.id}`);
    expect(read.statusCode).toBe(200);
    expect(productionViewSchema.strict().parse(read.json())).toEqual(view);
    expect(view).toMatchObject({
      name: 'Shape',
      view_type: 'columns',
      reset_time: ['06:00', '14:00', '22:00'],
      logo: dataUrl(imageBytes('png')),
      lines: [
        { label: 'Pieces', deviceId: device, deviceName: 'Press 1', param: 3, paramName: 'counter', valueKind: 'count', unit: 'pcs', target: 500 },
        { label: 'Work', deviceId: otherDevice, deviceName: 'Press 2', param: 1, paramName: 'Device work', valueKind: 'minutes', unit: null, target: 420 },
      ],
    });
    const efficiency = await created(line(0, { parameter_id: 0 }));
    expect(efficiency.lines[0]).toMatchObject({ param: 0, paramName: 'Device efficiency', valueKind: 'percent', unit: null });
  });

  it('edits a view: keeps the logo when no file is sent, replaces it when one is, and writes nothing when refused', async () => {
    const view = await created(viewPayload(device, { prodview_name: 'Editable' }));
    const edit = async (payload: Record<string, unknown>) => {
      const response = await call(token, 'PUT', `/api/productionviews/${view.id}`, payload);
      expect(response.statusCode, response.body).toBe(200);
      return productionViewSchema.parse(response.json());
    };
    const { file: _file, ...withoutFile } = viewPayload(device, { prodview_name: 'Edited', prodview_type: 'rows', reset_hours: '07:00' });
    const edited = await edit({
      ...withoutFile,
      lineParams: [
        { lineName: 'Active', deviceId: otherDevice, parameter_id: 2, goal: 60 },
        { lineName: 'Count', deviceId: device, parameter_id: 10_003, goal: 9 },
      ],
    });
    expect(edited).toMatchObject({ id: view.id, name: 'Edited', view_type: 'rows', reset_time: ['07:00'], logo: view.logo, createdAt: view.createdAt });
    expect(edited.lines.map((l) => [l.label, l.deviceId, l.param, l.paramName, l.unit, l.target])).toEqual([
      ['Active', otherDevice, 2, 'Device active', null, 60],
      ['Count', device, 10_003, 'charging quantity', 'Ah', 9],
    ]);
    expect((await edit({ ...withoutFile, file: null })).logo).toBe(view.logo);
    const jpeg = dataUrl(imageBytes('jpeg', 99), 'image/jpeg');
    expect((await edit({ ...withoutFile, file: jpeg })).logo).toBe(jpeg);

    // A refused edit (one bad goal, a bad logo) leaves the view and its lines as they were.
    const before = (await call(token, 'GET', `/api/productionviews/${view.id}`)).json();
    expect(
      await refused(
        {
          ...viewPayload(device, { prodview_name: 'Not saved', file: 'nope' }),
          lineParams: [
            { lineName: 'A', deviceId: device, parameter_id: 1, goal: 1 },
            { lineName: 'B', deviceId: device, parameter_id: 1, goal: 'x' },
          ],
        },
        view.id,
      ),
    ).toEqual({
      'lineParams.1.goal': [K.numbersOnly],
      file: [K.unsupportedFileType],
    });
    expect((await call(token, 'GET', `/api/productionviews/${view.id}`)).json()).toEqual(before);
  });

  it('asks for a logo on edit when the view has none', async () => {
    const view = await created(viewPayload(device, { prodview_name: 'Logo gone' }));
    await db().updateTable('production_views').set({ logo: null, logo_type: null }).where('id', '=', view.id).execute();
    const { file: _file, ...withoutFile } = viewPayload(device);
    expect(await refused(withoutFile, view.id)).toEqual({ file: [K.logoRequired] });
  });

  it('keeps a line whose device was deleted, without the device, until the view is edited', async () => {
    const spare = await createCounterDevice(
      db(),
      (await db().selectFrom('devices').select('company_id').where('id', '=', device).executeTakeFirstOrThrow()).company_id,
      'Spare',
    );
    const view = await created(line(1, { deviceId: spare.id, parameter_id: 3 }));
    await db().deleteFrom('devices').where('id', '=', spare.id).execute();
    const read = productionViewSchema.parse((await call(token, 'GET', `/api/productionviews/${view.id}`)).json());
    expect(read.lines[1]).toMatchObject({ deviceId: null, deviceName: null, param: 3, paramName: '3', valueKind: 'count', unit: null });
  });

  it('deletes a view with its lines', async () => {
    const view = await created(viewPayload(device, { prodview_name: 'Doomed' }));
    const response = await call(token, 'DELETE', `/api/productionviews/${view.id}`);
    expect(response.statusCode).toBe(204);
    expect((await call(token, 'GET', `/api/productionviews/${view.id}`)).statusCode).toBe(404);
    expect((await call(token, 'DELETE', `/api/productionviews/${view.id}`)).statusCode).toBe(404);
    expect((await call(token, 'PUT', `/api/productionviews/${view.id}`, viewPayload(device))).statusCode).toBe(404);
    expect(await db().selectFrom('production_view_lines').select('view_id').where('view_id', '=', view.id).execute()).toEqual([]);
  });

  it('refuses bodies that are no object', async () => {
    for (const payload of ['[]', 'null', '"text"', '{"prodview_name": ']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/productionviews',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});
