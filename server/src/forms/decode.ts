import type { Choice, FormField, GeoPolygon } from '@gearwatch/contracts';
import type { FormFields } from './fields.ts';
import { FORM_MESSAGE_KEYS, MESSAGE_KEYS, geoPolygonSchema, isBlankText, isMultiLineText, isSingleLineText } from '@gearwatch/contracts';

export type DecodedValue = string | number | boolean | null | (string | number)[] | GeoPolygon;
export type DecodedValues = Record<string, DecodedValue>;

export interface Decoded {
  /** Every field that is not disabled, decoded (absent ones as null, false or []). */
  values: DecodedValues;
  /** Field → message keys; empty when the submit is acceptable so far. */
  errors: Record<string, string[]>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TRUE_TEXTS = new Set(['true', '1', 'on', 'yes']);

/**
 * Decodes and checks a form submit against the form's fields: form-encoded (every value a string, a repeated key
 * or `name[]` for several values) or JSON. Checks what the schema states — required, length, e-mail, number range,
 * membership of the choices, number of values, closed polygons, one line of text in a text or e-mail field and no
 * other control character in a textarea (contracts' text rules) — so that each resource checks only its own rules.
 */
export function decodeSubmission(fields: FormFields, body: unknown, choices: Record<string, Choice[]>): Decoded {
  const source = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const values: DecodedValues = {};
  const errors: Record<string, string[]> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.disabled) continue;
    const raw = source[name] ?? source[`${name}[]`];
    const result = decodeField(spec, raw, choices[name] ?? []);
    values[name] = result.value;
    if (result.error) errors[name] = [result.error];
    else if (spec.required && isBlank(result.value)) errors[name] = [MESSAGE_KEYS.notBlank];
  }
  return { values, errors };
}

function isBlank(value: DecodedValue): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

interface FieldResult {
  value: DecodedValue;
  error?: string;
}

function decodeField(spec: FormField, raw: unknown, choices: Choice[]): FieldResult {
  switch (spec.type) {
    case 'checkbox':
    case 'switch':
      return decodeBoolean(raw);
    case 'number':
      return decodeNumber(spec, single(raw));
    case 'entity':
    case 'choice':
    case 'radio':
      return spec.multiple ? decodeMany(spec, raw, choices) : decodeOne(single(raw), choices);
    case 'geopolygon':
      // A JSON submit sends the ring itself (an array of pairs); a form-encoded one its JSON text.
      return decodePolygon(Array.isArray(raw) && raw.length > 0 && raw.every(Array.isArray) ? raw : single(raw));
    case 'datetime':
      return decodeDateTime(single(raw));
    case 'date':
      return decodeDate(single(raw));
    case 'hour':
      return decodeNumber({ ...spec, min: 0, max: 24, step: 1 }, single(raw));
    case 'text':
    case 'email':
    case 'textarea':
      return decodeText(spec, single(raw));
  }
}

/** The one value of a single field: a repeated form key keeps its last value. */
function single(raw: unknown): unknown {
  return Array.isArray(raw) ? raw.at(-1) : raw;
}

function decodeText(spec: FormField, raw: unknown): FieldResult {
  if (raw === undefined || raw === null) return { value: null };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { value: null, error: MESSAGE_KEYS.incorrect };
  // Every text field of a form is a name, a title, a number or an address: one line; a textarea keeps its line
  // breaks. Checked before trimming, so a line break at either end is refused too (NUL, which PostgreSQL text
  // cannot hold, is a control character of both rules); whitespace alone is blank.
  const typed = String(raw);
  const lines = spec.type === 'textarea' ? isMultiLineText(typed) : isSingleLineText(typed);
  if (!lines && !isBlankText(typed)) return { value: null, error: MESSAGE_KEYS.incorrect };
  let text = typed.trim();
  if (spec.changeToUpperCase) text = text.toUpperCase();
  if (text === '') return { value: null };
  if (spec.maxLength !== undefined && text.length > spec.maxLength) return { value: text, error: MESSAGE_KEYS.tooLong };
  if (spec.type === 'email' && !EMAIL.test(text)) return { value: text, error: MESSAGE_KEYS.incorrect };
  return { value: text };
}

function decodeBoolean(raw: unknown): FieldResult {
  const value = single(raw);
  if (typeof value === 'boolean') return { value };
  if (value === undefined || value === null) return { value: false };
  if (typeof value === 'number') return { value: value !== 0 };
  if (typeof value === 'string') return { value: TRUE_TEXTS.has(value.trim().toLowerCase()) };
  return { value: false, error: MESSAGE_KEYS.incorrect };
}

function decodeNumber(spec: FormField, raw: unknown): FieldResult {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim().replace(',', '.')) : Number.NaN;
  if (!Number.isFinite(value)) return { value: null, error: MESSAGE_KEYS.incorrect };
  // A whole step (minutes, counts) asks for whole numbers.
  if (spec.step !== undefined && Number.isInteger(spec.step) && !Number.isInteger(value)) return { value, error: MESSAGE_KEYS.incorrect };
  if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) return { value, error: FORM_MESSAGE_KEYS.outOfRange };
  return { value };
}

/** The choice a submitted value names (compared as text: a form sends `3` for the entity 3), or undefined. */
function findChoice(raw: unknown, choices: Choice[]): Choice | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw).trim();
  return choices.find((c) => String(c.value) === text);
}

function decodeOne(raw: unknown, choices: Choice[]): FieldResult {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  const choice = findChoice(raw, choices);
  return choice ? { value: choice.value } : { value: null, error: MESSAGE_KEYS.incorrect };
}

function decodeMany(spec: FormField, raw: unknown, choices: Choice[]): FieldResult {
  const items = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
  const picked: (string | number)[] = [];
  for (const item of items) {
    if (item === '' || item === null) continue;
    const choice = findChoice(item, choices);
    if (!choice) return { value: [], error: MESSAGE_KEYS.incorrect };
    if (!picked.includes(choice.value)) picked.push(choice.value);
  }
  if (spec.maxItems !== undefined && picked.length > spec.maxItems) return { value: picked, error: FORM_MESSAGE_KEYS.tooMany };
  return { value: picked };
}

function decodeDateTime(raw: unknown): FieldResult {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(raw.trim())) {
    return { value: null, error: MESSAGE_KEYS.incorrect };
  }
  const ms = Date.parse(raw.trim().replace(' ', 'T'));
  return Number.isNaN(ms) ? { value: null, error: MESSAGE_KEYS.incorrect } : { value: new Date(ms).toISOString() };
}

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
function decodeDate(raw: unknown): FieldResult {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  const text = typeof raw === 'string' ? raw.trim() : '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return { value: null, error: MESSAGE_KEYS.incorrect };
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? { value: text } : { value: null, error: MESSAGE_KEYS.incorrect };
}

/** A ring of at least three distinct corners whose last point repeats its first. */
function decodePolygon(raw: unknown): FieldResult {
  if (raw === undefined || raw === null || raw === '') return { value: null };
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { value: null, error: MESSAGE_KEYS.incorrect };
    }
  }
  const ring = geoPolygonSchema.safeParse(parsed);
  if (!ring.success) return { value: null, error: MESSAGE_KEYS.incorrect };
  if (ring.data.length === 0) return { value: null };
  const first = ring.data[0]!;
  const last = ring.data.at(-1)!;
  if (ring.data.length < 2 || first[0] !== last[0] || first[1] !== last[1]) return { value: ring.data, error: FORM_MESSAGE_KEYS.areaNotClosed };
  if (new Set(ring.data.slice(0, -1).map((p) => `${p[0]},${p[1]}`)).size < 3) return { value: ring.data, error: MESSAGE_KEYS.incorrect };
  return { value: ring.data };
}
