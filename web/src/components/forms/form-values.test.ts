import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '@gearwatch/contracts';
import { encodeForm } from '../../api/client.ts';
import { emptyValue, encodeSubmission, initialValues, mergeValues, presetValues } from './form-values.ts';
import { field } from './test/fields.ts';

const schema = {
  name: field('text', 'device.field.name', { required: true }),
  groups: field('entity', 'device.field.groups', { multiple: true }),
  status: field('choice', 'device.field.status'),
  active: field('switch', 'device.field.active'),
  visible: field('checkbox', 'device.field.visible'),
  width: field('number', 'device.field.width'),
  area: field('geopolygon', 'device.field.area'),
  powerState: field('choice', 'device.field.power-state', { disabled: true }),
};

describe('form values', () => {
  it('starts every field from data, or from the empty value of its type', () => {
    expect(emptyValue(schema.groups)).toEqual([]);
    expect(emptyValue(schema.active)).toBe(false);
    expect(emptyValue(schema.name)).toBeNull();
    expect(initialValues({ schema, data: { name: 'Press 1', groups: [3] } })).toEqual({
      name: 'Press 1',
      groups: [3],
      status: null,
      active: false,
      visible: false,
      width: null,
      area: null,
      powerState: null,
    });
  });

  it('presets a new row’s values only for enabled fields of the schema, and for choices only among them', () => {
    const choices = { status: [{ value: 'operational', label: 'Operational' }], groups: [{ value: 3, label: 'Hall A' }] };
    const values = presetValues(
      { schema, data: { name: 'Server name' }, choices },
      { name: 'Preset', status: 'operational', groups: [3], powerState: 'on', gone: 'x' },
    );
    expect(values).toMatchObject({ name: 'Preset', status: 'operational', groups: [3], powerState: null });
    expect(values).not.toHaveProperty('gone');
    expect(presetValues({ schema, data: {}, choices }, { status: 'scrapped', groups: [3, 9] })).toMatchObject({ status: null, groups: [] });
  });

  it('reads presets off the fetched definition when they are given as a function, with the same checks', () => {
    const choices = { status: [{ value: 'operational', label: 'Operational', unit: 'op' }], groups: [{ value: 3, label: 'Hall A' }] };
    const byUnit = (definition: Pick<FormDefinition, 'choices'>) => ({
      status: definition.choices.status?.find((c) => c.unit === 'op')?.value ?? null,
      groups: [9],
    });
    expect(presetValues({ schema, data: {}, choices }, byUnit)).toMatchObject({ status: 'operational', groups: [] });
  });

  it('keeps the user’s values over a reopened form’s data, but not for fields that became disabled', () => {
    const fresh = { schema: { ...schema, width: field('number', 'w', { disabled: true }) }, data: { name: 'Server name', width: 10, status: 'operational' } };
    const merged = mergeValues(fresh, { name: 'Typed name', width: 99, gone: 'x' });
    expect(merged).toMatchObject({ name: 'Typed name', width: 10, status: 'operational' });
    expect(merged).not.toHaveProperty('gone');
  });

  it('encodes a submit: repeated keys, booleans as text, the polygon as JSON, no disabled field, the token', () => {
    const ring = [
      [19, 52],
      [20, 52],
      [20, 53],
      [19, 52],
    ] as [number, number][];
    const body = encodeSubmission(
      schema,
      { name: 'Press', groups: [3, 5], status: null, active: true, visible: false, width: 2.5, area: ring, powerState: 'on' },
      'tok-1',
    );
    expect(body).toEqual({
      name: 'Press',
      groups: ['3', '5'],
      status: '',
      active: 'true',
      visible: 'false',
      width: '2.5',
      area: JSON.stringify(ring),
      token: 'tok-1',
    });
    const params = new URLSearchParams(encodeForm(body));
    expect(params.getAll('groups')).toEqual(['3', '5']);
    expect(params.has('powerState')).toBe(false);
    expect(JSON.parse(params.get('area') ?? '')).toEqual(ring);
  });

  it('sends an emptied multiple field as `name=` so the server clears it', () => {
    const body = encodeSubmission(schema, { groups: [], area: [] }, 't');
    expect(body.groups).toEqual([]);
    expect(body.area).toBe('');
    expect(encodeForm({ groups: body.groups ?? [] })).toBe('groups=');
  });
});
