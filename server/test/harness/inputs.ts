import { MAX_PARAM_LENGTH } from '../../src/http/app.ts';

/**
 * The hostile inputs the route harness sends to every route. Each input turns a route into one request; a route
 * added later meets all of them without anyone editing this file.
 */
export interface HarnessRoute {
  method: string;
  url: string;
  /** An answer that stays open (text/event-stream): the harness reads its start only. */
  eventStream?: boolean;
}

export interface HarnessRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface HarnessInput {
  name: string;
  /** Whether the request carries the caller's token (false: the input is about the token itself). */
  signed: boolean;
  build(route: HarnessRoute, fill: PathFiller, token: string): HarnessRequest | null;
}

/** Fills a route pattern's parameters (`:id`, `*`), by parameter name and route. */
export type PathFiller = (route: HarnessRoute, value?: (name: string) => string) => string;

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';
const json = { 'content-type': 'application/json' };

/** Field names the app's bodies use, so a hostile value lands where a handler reads it. */
const FIELDS = [
  'name',
  'value',
  'title',
  'message',
  'token',
  'firstname',
  'lastname',
  'email',
  'username',
  'password',
  'description',
  'rfid',
  'phone',
  'serialNumber',
  'client_id',
  'key',
];

function bodyWith(value: unknown): string {
  return JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])));
}

function deep(levels: number): string {
  return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** `/api/devices` → `/%61pi/devices`: the router decodes it, so it must meet the same checks. */
function encodeFirstLetters(path: string): string {
  return path.replace(/\/([a-z])/g, (_m, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);
}

const BAD_IDS = ['2147483648', '-1', 'abc', '99999999999999999999', '0x1f', '%2031', '1e3', '%00'];

export const HARNESS_INPUTS: HarnessInput[] = [
  {
    name: 'no token',
    signed: false,
    build: (route, fill) => ({
      method: route.method,
      url: fill(route),
      headers: hasBody(route.method) ? json : {},
      payload: hasBody(route.method) ? '{}' : undefined,
    }),
  },
  {
    name: 'expired token',
    signed: false,
    build: (route, fill, expired) => ({
      method: route.method,
      url: fill(route),
      headers: { authorization: `Bearer ${expired}`, ...(hasBody(route.method) ? json : {}) },
      payload: hasBody(route.method) ? '{}' : undefined,
    }),
  },
  { name: 'garbage token', signed: false, build: (route, fill) => ({ method: route.method, url: fill(route), headers: { authorization: 'Bearer a.b.c' } }) },
  {
    name: 'malformed JSON',
    signed: true,
    build: (route, fill) => (hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: '{"name": "x", ' } : null),
  },
  {
    name: 'JSON null',
    signed: true,
    build: (route, fill) => (hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: 'null' } : null),
  },
  {
    name: 'JSON array',
    signed: true,
    build: (route, fill) => (hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: '[1,2,3]' } : null),
  },
  {
    name: 'empty body',
    signed: true,
    build: (route, fill) => (hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: '' } : null),
  },
  {
    name: 'text/plain',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method) ? { method: route.method, url: fill(route), headers: { 'content-type': 'text/plain' }, payload: 'name=x' } : null,
  },
  {
    name: 'xml',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method) ? { method: route.method, url: fill(route), headers: { 'content-type': 'application/xml' }, payload: '<a/>' } : null,
  },
  {
    name: 'form with NUL',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method)
        ? {
            method: route.method,
            url: fill(route),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: FIELDS.map((f) => `${f}=a%00b`).join('&') + '&grant_type=password',
          }
        : null,
  },
  {
    name: 'NUL in fields',
    signed: true,
    build: (route, fill) => (hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: bodyWith('a\u0000b') } : null),
  },
  {
    name: 'lone surrogate',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: bodyWith('a').replaceAll('"a"', '"a\\ud800"') } : null,
  },
  {
    name: '1 MB strings',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method)
        ? { method: route.method, url: fill(route), headers: json, payload: JSON.stringify({ name: 'x'.repeat(1 << 20), value: 'y'.repeat(1 << 20) }) }
        : null,
  },
  {
    name: 'wrong types',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: bodyWith({ nested: [true, null, 1e308] }) } : null,
  },
  {
    name: 'huge numbers',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method)
        ? {
            method: route.method,
            url: fill(route),
            headers: json,
            payload: bodyWith(1e300).replace('{', '{"id":-1,"devices":[2147483648],"deviceType":99999999999,'),
          }
        : null,
  },
  {
    name: 'deep nesting',
    signed: true,
    build: (route, fill) =>
      hasBody(route.method) ? { method: route.method, url: fill(route), headers: json, payload: `{"value":${deep(5000)},"name":${deep(5000)}}` } : null,
  },
  ...BAD_IDS.map((id): HarnessInput => ({
    name: `path id ${id}`,
    signed: true,
    build: (route, fill) =>
      /[:*]/.test(route.url)
        ? { method: route.method, url: fill(route, () => id), headers: hasBody(route.method) ? json : {}, payload: hasBody(route.method) ? '{}' : undefined }
        : null,
  })),
  {
    // Longer than any parameter the router matches (MAX_PARAM_LENGTH): the app's 404, not the router's own 414.
    name: 'path parameter past the router limit',
    signed: true,
    build: (route, fill) =>
      /[:*]/.test(route.url)
        ? {
            method: route.method,
            url: fill(route, () => '1'.repeat(MAX_PARAM_LENGTH + 1)),
            headers: hasBody(route.method) ? json : {},
            payload: hasBody(route.method) ? '{}' : undefined,
          }
        : null,
  },
  {
    name: 'unknown query keys',
    signed: true,
    build: (route, fill) => ({ method: route.method, url: withQuery(fill(route), 'zzz=1&__proto__=x&constructor[prototype]=1'), headers: {} }),
  },
  {
    name: 'bad list query',
    signed: true,
    build: (route, fill) => ({
      method: route.method,
      url: withQuery(fill(route), 'page=-1&page_size=99999999999&sort=-nope,%00&filter=%7B%22deviceType%22%3A2147483648%7D'),
      headers: {},
    }),
  },
  {
    name: 'filter not JSON',
    signed: true,
    build: (route, fill) => ({ method: route.method, url: withQuery(fill(route), 'filter=%7Bnope&page=1e300'), headers: {} }),
  },
  {
    name: 'NUL and CRLF in query',
    signed: true,
    build: (route, fill) => ({
      method: route.method,
      url: withQuery(fill(route), 'search=a%00b&context=a%0D%0AX-Injected:%201&client_id=%00&from=%00&to=%00'),
      headers: {},
    }),
  },
  {
    name: 'surrogate in query',
    signed: true,
    build: (route, fill) => ({ method: route.method, url: withQuery(fill(route), 'search=%ED%A0%80&context=%ED%A0%80&ids=%ED%A0%80'), headers: {} }),
  },
  {
    name: 'huge ids in query',
    signed: true,
    build: (route, fill) => ({
      method: route.method,
      url: withQuery(fill(route), 'ids=2147483648&devices=99999999999&device=-1&id=abc&parameters=2147483648&from=9999-99-99&to=0000-00-00&interval=-5'),
      headers: {},
    }),
  },
  {
    name: 'encoded path',
    signed: true,
    build: (route, fill) => ({
      method: route.method,
      url: encodeFirstLetters(fill(route)),
      headers: hasBody(route.method) ? json : {},
      payload: hasBody(route.method) ? '{}' : undefined,
    }),
  },
  { name: 'encoded path, no token', signed: false, build: (route, fill) => ({ method: route.method, url: encodeFirstLetters(fill(route)), headers: {} }) },
];
