import { ApiClient } from '../../../api/client.ts';
import { createTokenStore } from '../../../api/tokens.ts';

/** One request the fake API received; a form-encoded body is kept both as text and as parameters. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** A JSON body parsed, else null. */
  json: unknown;
  /** A form-encoded body, else null. */
  form: URLSearchParams | null;
  contentType: string | null;
}

/** An answer: a status (200 by default) and a JSON body; 204 sends no body. */
export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/**
 * An ApiClient over an in-memory API for the shared components' tests (the monitors' fake API, with form bodies).
 * `routes` maps "METHOD /path" to a handler; anything else is a 404 problem. Every request is kept in `calls`.
 */
export function createFakeApi(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const contentType = new Headers(init?.headers).get('content-type');
    const text = typeof init?.body === 'string' ? init.body : '';
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      json: contentType === 'application/json' && text ? (JSON.parse(text) as unknown) : null,
      form: contentType === 'application/x-www-form-urlencoded' ? new URLSearchParams(text) : null,
      contentType,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`] ?? (() => problem(404));
    const reply = await handler(call);
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status, headers: reply.headers });
    return new Response(JSON.stringify(reply.body ?? {}), { status, headers: { 'content-type': 'application/json', ...reply.headers } });
  };
  const api = new ApiClient({
    tokens: createTokenStore(window.localStorage),
    fetch: fetch as typeof window.fetch,
    credentials: () => ({ clientId: 'gearwatch-web', clientSecret: 'gearwatch-web' }),
    onSessionExpired: () => undefined,
  });
  api.tokens.set({ accessToken: 'access', refreshToken: 'refresh' });
  const callsTo = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
  return { api, calls, callsTo };
}

const PROBLEM_MESSAGES: Record<number, string> = { 403: 'error.forbidden', 404: 'error.not-found', 409: 'error.conflict', 500: 'error.internal' };

/** A problem answer as the server sends it. */
export function problem(status: number, extra: Record<string, unknown> = {}): FakeReply {
  return { status, body: { statusCode: status, error: 'Error', message: PROBLEM_MESSAGES[status] ?? 'error.internal', ...extra } };
}

/** A promise with its resolve function, to hold an answer back until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
