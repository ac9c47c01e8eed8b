import { describe, expect, it } from 'vitest';
import { FORM_MESSAGE_KEYS, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { FormFieldType } from '@gearwatch/contracts';
import { decodeSubmission } from './decode.ts';
import type { FieldOptions } from './fields.ts';
import { field } from './fields.ts';

// The decoder never reads labels, so every fixture field carries the same one.
const fixtureField = (type: FormFieldType, options?: FieldOptions) => field(type, 'form.name', options);

const fields = {
  name: fixtureField('text', { required: true, maxLength: 5 }),
  code: fixtureField('text', { changeToUpperCase: true }),
  email: fixtureField('email'),
  note: fixtureField('textarea'),
  count: fixtureField('number', { min: 0, max: 10 }),
  minutes: fixtureField('number', { min: 0, max: 1440, step: 1 }),
  active: fixtureField('switch'),
  group: fixtureField('entity'),
  operators: fixtureField('entity', { multiple: true, maxItems: 2 }),
  status: fixtureField('choice', { required: true }),
  warranty: fixtureField('datetime'),
  area: fixtureField('geopolygon'),
  locked: fixtureField('text', { disabled: true }),
};
const choices = {
  group: [{ value: 3, label: 'Line' }],
  operators: [
    { value: 1, label: 'Anna' },
    { value: 2, label: 'Jan' },
    { value: 5, label: 'Ola' },
  ],
  status: [
    { value: 'operational', label: 'device.status.operational', translate: true },
    { value: 'damaged', label: 'device.status.damaged', translate: true },
  ],
};
const closed = [
  [19, 50],
  [19.1, 50],
  [19.1, 50.1],
  [19, 50],
];

describe('decodeSubmission', () => {
  it('decodes a form-encoded submit: texts trimmed, numbers, switches, entities by their text, repeated keys, polygons as JSON', () => {
    const decoded = decodeSubmission(
      fields,
      {
        name: ' Abc ',
        code: 'ab1',
        email: 'a@b.pl',
        note: '',
        count: '2,5',
        active: 'on',
        group: '3',
        'operators[]': ['1', '5', '1'],
        status: 'damaged',
        warranty: '2027-01-31',
        area: JSON.stringify(closed),
        locked: 'ignored',
        token: 'x',
      },
      choices,
    );
    expect(decoded).toEqual({
      values: {
        name: 'Abc',
        code: 'AB1',
        email: 'a@b.pl',
        note: null,
        count: 2.5,
        minutes: null,
        active: true,
        group: 3,
        operators: [1, 5],
        status: 'damaged',
        warranty: '2027-01-31T00:00:00.000Z',
        area: closed,
      },
      errors: {},
    });
  });

  it('decodes JSON and treats what is absent as empty', () => {
    const decoded = decodeSubmission(fields, { name: 'x', status: 'operational', operators: [2], active: false, count: 0 }, choices);
    expect(decoded.errors).toEqual({});
    expect(decoded.values).toMatchObject({ name: 'x', code: null, count: 0, active: false, group: null, operators: [2], area: null });
  });

  it("names every field whose value breaks the schema's rules, with the spec's message keys", () => {
    const decoded = decodeSubmission(
      fields,
      {
        name: 'toolong',
        email: 'not-an-email',
        count: '11',
        group: '4',
        operators: ['1', '2', '5'],
        warranty: 'yesterday',
        area: JSON.stringify(closed.slice(0, 3)),
      },
      choices,
    );
    expect(decoded.errors).toEqual({
      name: [MESSAGE_KEYS.tooLong],
      email: [MESSAGE_KEYS.incorrect],
      count: [FORM_MESSAGE_KEYS.outOfRange],
      group: [MESSAGE_KEYS.incorrect],
      operators: [FORM_MESSAGE_KEYS.tooMany],
      status: [MESSAGE_KEYS.notBlank],
      warranty: [MESSAGE_KEYS.incorrect],
      area: [FORM_MESSAGE_KEYS.areaNotClosed],
    });
  });

  it('refuses values of the wrong kind without throwing', () => {
    const decoded = decodeSubmission(
      fields,
      { name: { a: 1 }, code: 'a\u0000b', count: 'abc', minutes: '2.5', operators: ['9'], status: ['x'], area: '{not json', active: {} },
      choices,
    );
    expect(decoded.errors).toEqual({
      name: [MESSAGE_KEYS.incorrect],
      code: [MESSAGE_KEYS.incorrect],
      count: [MESSAGE_KEYS.incorrect],
      minutes: [MESSAGE_KEYS.incorrect],
      operators: [MESSAGE_KEYS.incorrect],
      status: [MESSAGE_KEYS.incorrect],
      area: [MESSAGE_KEYS.incorrect],
      active: [MESSAGE_KEYS.incorrect],
    });
    expect(decodeSubmission(fields, 'not an object', choices).errors).toEqual({ name: [MESSAGE_KEYS.notBlank], status: [MESSAGE_KEYS.notBlank] });
  });

  it('refuses a control character in a text or e-mail field, before trimming; a textarea keeps its line breaks and tabs only', () => {
    for (const text of ['ab\ncd', 'ab\r', '\nab', 'a\tb', 'a\u2028b', 'a\u0085b', 'a\u001bb']) {
      const decoded = decodeSubmission(fields, { name: text, code: text, email: `a${text}@b.cd`, note: text, status: 'open' }, choices);
      expect(decoded.errors.name, JSON.stringify(text)).toEqual([MESSAGE_KEYS.incorrect]);
      expect(decoded.errors.code, JSON.stringify(text)).toEqual([MESSAGE_KEYS.incorrect]);
      expect(decoded.errors.email, JSON.stringify(text)).toEqual([MESSAGE_KEYS.incorrect]);
    }
    expect(decodeSubmission(fields, { note: ' first line\r\n\tsecond line\n', status: 'open' }, choices).values.note).toBe('first line\r\n\tsecond line');
    expect(decodeSubmission(fields, { note: 'bell\u0007', status: 'open' }, choices).errors.note).toEqual([MESSAGE_KEYS.incorrect]);
  });

  it('refuses a polygon of fewer than three distinct corners', () => {
    const line = [
      [19, 50],
      [19.1, 50],
      [19, 50],
    ];
    expect(decodeSubmission({ area: fields.area }, { area: line }, {}).errors).toEqual({ area: [MESSAGE_KEYS.incorrect] });
  });

  it('decodes a polygon sent as the JSON ring itself, as well as its JSON text', () => {
    expect(decodeSubmission({ area: fields.area }, { area: closed }, {})).toEqual({ values: { area: closed }, errors: {} });
    expect(decodeSubmission({ area: fields.area }, { area: closed.slice(0, 3) }, {}).errors).toEqual({ area: [FORM_MESSAGE_KEYS.areaNotClosed] });
  });

  it('decodes a date as an existing calendar day YYYY-MM-DD, refusing others', () => {
    const date = { due: fixtureField('date', { required: true }) };
    expect(decodeSubmission(date, { due: ' 2028-02-29 ' }, {})).toEqual({ values: { due: '2028-02-29' }, errors: {} });
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-5', '2026-01-05T10:00:00Z', 20260105, ['x'], { y: 1 }]) {
      expect(decodeSubmission(date, { due: bad }, {}).errors, JSON.stringify(bad)).toEqual({ due: [MESSAGE_KEYS.incorrect] });
    }
    expect(decodeSubmission(date, { due: '' }, {}).errors).toEqual({ due: [MESSAGE_KEYS.notBlank] });
    expect(decodeSubmission({ due: fixtureField('date') }, {}, {})).toEqual({ values: { due: null }, errors: {} });
  });

  it('decodes an hour as a whole number 0 to 24, from a number or its text', () => {
    const hour = { from: fixtureField('hour') };
    expect(decodeSubmission(hour, { from: 0 }, {}).values).toEqual({ from: 0 });
    expect(decodeSubmission(hour, { from: '24' }, {}).values).toEqual({ from: 24 });
    expect(decodeSubmission(hour, { from: '' }, {})).toEqual({ values: { from: null }, errors: {} });
    expect(decodeSubmission(hour, { from: 25 }, {}).errors).toEqual({ from: [FORM_MESSAGE_KEYS.outOfRange] });
    expect(decodeSubmission(hour, { from: -1 }, {}).errors).toEqual({ from: [FORM_MESSAGE_KEYS.outOfRange] });
    expect(decodeSubmission(hour, { from: '7.5' }, {}).errors).toEqual({ from: [MESSAGE_KEYS.incorrect] });
    expect(decodeSubmission(hour, { from: 'seven' }, {}).errors).toEqual({ from: [MESSAGE_KEYS.incorrect] });
    expect(decodeSubmission({ from: fixtureField('hour', { required: true }) }, {}, {}).errors).toEqual({ from: [MESSAGE_KEYS.notBlank] });
  });
});
